// MOJO-OWN-101 for the gil kind, correct code.
// expect-no-diagnostics
#include <Python.h>

void work(void);
int ready(void);

void on_event(void *ctx)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs((PyObject *)ctx);
	if (r == NULL)
		PyErr_Clear();
	else
		Py_DECREF(r);
	PyGILState_Release(st);
}

void notify(PyObject *cb)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	Py_XDECREF(r);
	PyGILState_Release(st);
}

void poll_once(void)
{
	int ok;
	Py_BEGIN_ALLOW_THREADS
	ok = ready();
	if (ok)
		work();
	Py_END_ALLOW_THREADS
}

void detach(void)
{
	PyThreadState *ts = PyEval_SaveThread();
	work();
	PyEval_RestoreThread(ts);
}

// Py_UNBLOCK_THREADS / Py_BLOCK_THREADS inside one region.
void two_phases(PyObject *cb)
{
	Py_BEGIN_ALLOW_THREADS
	work();
	Py_BLOCK_THREADS
	PyObject *r = PyObject_CallNoArgs(cb);
	Py_XDECREF(r);
	Py_UNBLOCK_THREADS
	work();
	Py_END_ALLOW_THREADS
}

// The same flag decides the release and the reacquire (_ctypes'
// callproc.c, FUNCFLAG_PYTHONAPI).
int call_flagged(int flags, void (*fn)(void))
{
	PyThreadState *_save = NULL;
	if ((flags & 4) == 0)
		_save = PyEval_SaveThread();
	fn();
	if ((flags & 4) == 0)
		PyEval_RestoreThread(_save);
	if ((flags & 4) && PyErr_Occurred())
		return -1;
	return 0;
}

// The release half of a bracket: the result is discarded on purpose and
// the GIL stays released (PyGILState_Release in CPython).
void release_for_good(int holds_gil)
{
	if (holds_gil)
		PyEval_SaveThread();
}

// Reduced from pygobject 3.42 gi/pygobject-object.c (pygobject_data_free):
// once Py_IsInitialized() says the interpreter is finalizing, a thread
// must not take the GIL back; leaving the state unreleased is right.
void free_closures(void);

void data_free(int state_saved)
{
	PyGILState_STATE state = PyGILState_LOCKED;
	PyThreadState *_save = NULL;
	if (state_saved) {
		state = PyGILState_Ensure();
		Py_UNBLOCK_THREADS;
	}
	free_closures();
	if (state_saved && Py_IsInitialized()) {
		Py_BLOCK_THREADS;
		PyGILState_Release(state);
	}
}
