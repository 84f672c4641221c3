// expect-no-diagnostics
// Reduced from billiard (Modules/_billiard/semaphore.c): a helper its
// caller calls with the GIL released hands the caller's `_save` to
// Py_BLOCK_THREADS / Py_UNBLOCK_THREADS, taking the GIL back while it
// checks for signals, and returns with it released again, as the caller's
// Py_END_ALLOW_THREADS expects.
#include <Python.h>
#include <errno.h>
#include <semaphore.h>

int wait_save(sem_t *sem, PyThreadState *_save)
{
	int res;
	for (;;) {
		if (sem_trywait(sem) == 0)
			return 0;
		else if (errno != EAGAIN)
			return -1;
		Py_BLOCK_THREADS
		res = PyErr_CheckSignals();
		Py_UNBLOCK_THREADS
		if (res)
			return -2;
	}
}

PyObject *acquire(PyObject *self, PyObject *arg)
{
	sem_t *sem = (sem_t *)PyLong_AsVoidPtr(arg);
	int r;
	Py_BEGIN_ALLOW_THREADS
	r = wait_save(sem, _save);
	Py_END_ALLOW_THREADS
	return PyLong_FromLong(r);
}
