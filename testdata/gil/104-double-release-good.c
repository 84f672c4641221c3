// MOJO-OWN-104 for the gil kind, correct code.
// expect-no-diagnostics
#include <Python.h>

long work(long);

PyObject *once(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	PyThreadState *ts = PyEval_SaveThread();
	long r = work(1);
	PyEval_RestoreThread(ts);
	if (r < 0)
		return PyErr_Format(PyExc_ValueError, "work failed");
	return PyLong_FromLong(r);
}

PyObject *block_and_return(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	long r;
	Py_BEGIN_ALLOW_THREADS
	r = work(2);
	if (r < 0) {
		Py_BLOCK_THREADS
		PyErr_SetString(PyExc_ValueError, "bad");
		return NULL;
	}
	Py_END_ALLOW_THREADS
	return PyLong_FromLong(r);
}

void callback(PyObject *cb)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	if (r == NULL)
		PyErr_Print();
	Py_XDECREF(r);
	PyGILState_Release(st);
}

// Nested Ensure/Release pairs are fine: each token is released once.
void nested(PyObject *cb)
{
	PyGILState_STATE outer = PyGILState_Ensure();
	PyGILState_STATE inner = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	Py_XDECREF(r);
	PyGILState_Release(inner);
	PyGILState_Release(outer);
}
