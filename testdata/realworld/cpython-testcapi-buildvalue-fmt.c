// Reduced from CPython 3.11.2 Modules/_testcapimodule.c
// test_buildvalue_N_error: a Py_BuildValue format chosen at run time may
// steal ("N") its arguments, even when the call fails; the engine cannot
// tell which, so it stops tracking them rather than report a leak.
// expect-no-diagnostics
#include <Python.h>

int buildvalue_fmt(const char *fmt, PyObject *arg)
{
	Py_INCREF(arg);
	PyObject *res = Py_BuildValue(fmt, arg);
	if (res == NULL)
		return -1;
	Py_DECREF(res);
	return 0;
}
