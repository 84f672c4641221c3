// A helper whose first act is to ask PyErr_Occurred(), returning -1 when
// it says yes (after printing the error) and 0 when it says no, answers
// for the indicator: after a call that sets an error exactly when it
// fails, its -1 says the call failed (its NULL result is nothing to
// release) and its 0 that it succeeded (its result is not NULL). Reduced
// from nbdkit's plugins/python (check_python_failure(), after each
// callback).
#include <Python.h>

static int check_failure(void)
{
	if (PyErr_Occurred()) {
		PyErr_Print();
		return -1;
	}
	return 0;
}

int call_and_drop(PyObject *fn)
{
	PyObject *r;
	PyErr_Clear();
	r = PyObject_CallObject(fn, NULL);
	if (check_failure() == -1)
		return -1;
	Py_DECREF(r);
	return 0;
}

long call_and_convert(PyObject *fn, PyObject *arg)
{
	PyObject *r;
	long v;
	PyErr_Clear();
	r = PyObject_CallFunctionObjArgs(fn, arg, NULL);
	if (check_failure() == -1)
		return -1;
	v = PyLong_AsLong(r);
	Py_DECREF(r);
	return v;
}
/* An argument made by a call whose failure the indicator alone tells
   (nbdkit's pwrite callback gets a memoryview): the helper's answer
   still speaks of the call just before it. */
int call_with_view(PyObject *fn, PyObject *h, char *buf, Py_ssize_t n)
{
	PyObject *r;
	PyErr_Clear();
	r = PyObject_CallFunction(fn, "ON", h,
				  PyMemoryView_FromMemory(buf, n, PyBUF_READ));
	if (check_failure() == -1)
		return -1;
	Py_DECREF(r);
	return 0;
}
// expect-no-diagnostics
