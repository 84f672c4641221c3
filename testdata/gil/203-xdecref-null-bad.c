/* As 203-xdecref-null-good.c, but the pointer may hold an object. */
#include <Python.h>

long compute(long v, PyObject *maybe)
{
	PyThreadState *save = PyEval_SaveThread();
	Py_XDECREF(maybe); // expect-error[MOJO-BOR-203] {{'Py_XDECREF' is called while the GIL is released}}
	PyEval_RestoreThread(save);
	return v * 2;
}
