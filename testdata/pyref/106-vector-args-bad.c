/*
 * The helper borrows its parameters: a caller that releases what it only
 * borrowed itself is wrong.
 */
#include <Python.h>

extern PyObject *load_str;

static int run_tracer(PyObject *tracer, PyObject *value)
{
	PyObject *args[] = {tracer, value};
	PyObject *res = PyObject_VectorcallMethod(
		load_str, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
	if (!res)
		return 0;
	Py_DECREF(res);
	return 1;
}

int trace(PyObject *tracer, PyObject *value)
{
	int ok = run_tracer(tracer, value);
	if (ok)
		Py_DECREF(value); // expect-error[MOJO-OWN-106] {{borrowed reference 'value' is released by 'Py_DECREF' but this function does not own it}}
	return ok;
}
