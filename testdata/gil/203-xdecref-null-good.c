/* Py_XDECREF and Py_XINCREF of a pointer known NULL touch no object: no
 * GIL needed (a guard's destructor releasing what release() emptied,
 * cxx/member-on-temporary-good.cpp). */
// expect-no-diagnostics
#include <Python.h>

long compute(long v)
{
	PyThreadState *save = PyEval_SaveThread();
	PyObject *unused = NULL;
	Py_XINCREF(unused);
	Py_XDECREF(unused);
	PyEval_RestoreThread(save);
	return v * 2;
}
