// MOJO-BOR-203, correct code: Python C-API only with the GIL held; the
// documented GIL-free functions (PyMem_Raw*, PyGILState_Ensure,
// PyThread_*) inside released regions.
// expect-no-diagnostics
#include <Python.h>
#include <stdio.h>
#include <string.h>

long slow(long);

PyObject *compress(PyObject *self, PyObject *arg)
{
	(void)self;
	long level = PyLong_AsLong(arg);
	if (level == -1 && PyErr_Occurred())
		return NULL;
	long result;
	Py_BEGIN_ALLOW_THREADS
	result = slow(level);
	Py_END_ALLOW_THREADS
	if (result < 0) {
		PyErr_SetString(PyExc_ValueError, "compression failed");
		return NULL;
	}
	return PyLong_FromLong(result);
}

PyObject *scratch(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	char *buf;
	Py_BEGIN_ALLOW_THREADS
	buf = PyMem_RawMalloc(4096);
	if (buf != NULL) {
		memset(buf, 0, 4096);
		PyMem_RawFree(buf);
	}
	Py_END_ALLOW_THREADS
	if (buf == NULL)
		return PyErr_NoMemory();
	Py_RETURN_NONE;
}

// A worker thread body: takes the GIL for the Python part only.
void worker(PyObject *cb)
{
	slow(1);
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	if (r == NULL)
		PyErr_Print();
	Py_XDECREF(r);
	PyGILState_Release(st);
	slow(2);
}

// Thread locks are GIL-free: the usual "drop the GIL while blocking".
int lock_blocking(PyThread_type_lock lock)
{
	int ok;
	ok = PyThread_acquire_lock(lock, NOWAIT_LOCK);
	if (!ok) {
		Py_BEGIN_ALLOW_THREADS
		ok = PyThread_acquire_lock(lock, WAIT_LOCK);
		Py_END_ALLOW_THREADS
	}
	return ok;
}

// Re-taking the GIL inside the region with PyGILState_Ensure.
PyObject *progress(PyObject *self, PyObject *cb)
{
	(void)self;
	Py_BEGIN_ALLOW_THREADS
	slow(1);
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *r = PyObject_CallNoArgs(cb);
	Py_XDECREF(r);
	PyGILState_Release(st);
	slow(2);
	Py_END_ALLOW_THREADS
	Py_RETURN_NONE;
}

// Reduced from CPython 3.11.2 Objects/object.c (PyObject_Print): reading
// the reference count is a field read, fine without the GIL.
void print_refcnt(FILE *fp, PyObject *op)
{
	Py_BEGIN_ALLOW_THREADS
	fprintf(fp, "<refcnt %ld at %p>", (long)Py_REFCNT(op), (void *)op);
	Py_END_ALLOW_THREADS
}

// PyTraceMalloc_Track takes the GIL itself: callable without it (as
// CPython's _testcapimodule does).
void track_outside_gil(void *p, size_t n)
{
	Py_BEGIN_ALLOW_THREADS
	PyTraceMalloc_Track(0, (unsigned long)p, n);
	PyTraceMalloc_Untrack(0, (unsigned long)p);
	Py_END_ALLOW_THREADS
}
