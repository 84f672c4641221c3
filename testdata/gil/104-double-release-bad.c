// MOJO-OWN-104 for the gil kind: the GIL re-acquired twice with one saved
// thread state (a deadlock or a fatal error), or a PyGILState token
// released twice.
#include <Python.h>

long work(long);

PyObject *twice(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	PyThreadState *ts = PyEval_SaveThread();
	long r = work(1);
	PyEval_RestoreThread(ts);
	if (r < 0) {
		PyEval_RestoreThread(ts); // expect-error[MOJO-OWN-104] {{thread state (GIL released) 'ts' from 'PyEval_SaveThread' is released twice}}
		return NULL;
	}
	return PyLong_FromLong(r);
}

// Py_BLOCK_THREADS on an error path, then Py_END_ALLOW_THREADS too.
PyObject *block_then_end(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	long r;
	Py_BEGIN_ALLOW_THREADS
	r = work(2);
	if (r < 0) {
		Py_BLOCK_THREADS
		PyErr_SetString(PyExc_ValueError, "bad");
	}
	Py_END_ALLOW_THREADS // expect-error[MOJO-OWN-104] {{'_save'}}
	if (r < 0)
		return NULL;
	return PyLong_FromLong(r);
}

void callback(PyObject *cb)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	if (r == NULL) {
		PyErr_Print();
		PyGILState_Release(st);
	}
	Py_XDECREF(r);
	PyGILState_Release(st); // expect-error[MOJO-OWN-104] {{'st' from 'PyGILState_Ensure'}}
}

// A cleanup label that restores, reached after a restore.
int step(void)
{
	PyThreadState *ts = PyEval_SaveThread();
	if (work(3) < 0) {
		PyEval_RestoreThread(ts);
		goto fail;
	}
	PyEval_RestoreThread(ts);
	return 0;
fail:
	PyEval_RestoreThread(ts); // expect-error[MOJO-OWN-104] {{'ts'}}
	return -1;
}
