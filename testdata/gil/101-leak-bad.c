// MOJO-OWN-101 for the gil kind: a normal exit with the GIL still
// released, or a PyGILState_Ensure without its PyGILState_Release (the
// thread keeps the GIL and every other thread blocks).
#include <Python.h>

void work(void);
int ready(void);

// A C-library callback that forgets PyGILState_Release on one path.
void on_event(void *ctx)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs((PyObject *)ctx);
	if (r == NULL) {
		PyErr_Clear();
		return; // expect-warning[MOJO-OWN-101] {{'st' from 'PyGILState_Ensure' is never released}}
	}
	Py_DECREF(r);
	PyGILState_Release(st);
}

// The matching release is missing altogether.
void notify(PyObject *cb)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	Py_XDECREF(r);
} // expect-warning[MOJO-OWN-101] {{'st'}}

// Returning from a void function inside Py_BEGIN_ALLOW_THREADS.
void poll_once(void)
{
	Py_BEGIN_ALLOW_THREADS
	if (!ready())
		return; // expect-warning[MOJO-OWN-101] {{'_save'}}
	work();
	Py_END_ALLOW_THREADS
}

// PyEval_SaveThread without a restore.
void detach(void)
{
	PyThreadState *ts = PyEval_SaveThread();
	(void)ts;
	work();
} // expect-warning[MOJO-OWN-101] {{'ts'}}

// Released under one flag, reacquired under another.
int call_two_flags(int flags, void (*fn)(void))
{
	PyThreadState *_save = NULL;
	if ((flags & 4) == 0)
		_save = PyEval_SaveThread();
	fn();
	if ((flags & 8) == 0)
		PyEval_RestoreThread(_save);
	return 0; // expect-warning[MOJO-OWN-101] {{'_save'}}
}

// Without the shutdown test, skipping the release is a leak.
void data_free_flag(int state_saved, int restore)
{
	PyGILState_STATE state = PyGILState_LOCKED;
	if (state_saved) {
		state = PyGILState_Ensure();
	}
	if (state_saved && restore)
		PyGILState_Release(state);
} // expect-warning[MOJO-OWN-101] {{'state' from 'PyGILState_Ensure' is never released}}
