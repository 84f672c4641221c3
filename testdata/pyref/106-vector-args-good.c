/*
 * A vectorcall's argument vector written as an initializer of a local
 * array: the values stay where they were (borrowed, for the call's
 * duration), so the helper borrows its parameters and its caller still
 * owns what it passed.
 */
// expect-no-diagnostics
#include <Python.h>

extern PyObject *load_str;

static int run_tracer(PyObject *tracer, PyObject *owner, PyObject *name,
		      PyObject *value)
{
	PyObject *args[] = {tracer, owner, name, value};
	PyObject *res = PyObject_VectorcallMethod(
		load_str, args, 4 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
	if (!res)
		return 0;
	Py_DECREF(res);
	return 1;
}

PyObject *load(PyObject *tracer, PyObject *owner, PyObject *name)
{
	PyObject *v = PyObject_GetAttr(owner, name);
	if (!v)
		return NULL;
	if (!run_tracer(tracer, owner, name, v)) {
		Py_DECREF(v);
		return NULL;
	}
	return v;
}
