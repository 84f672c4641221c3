// MOJO-BOR-203: Python C-API calls while the GIL is released. Such calls
// race with other threads on reference counts and interpreter state; in
// debug builds they abort.
#include <Python.h>

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
	if (result < 0)
		PyErr_SetString(PyExc_ValueError, "compression failed"); // expect-error[MOJO-BOR-203] {{'PyErr_SetString' is called while the GIL is released}}
	Py_END_ALLOW_THREADS
	if (result < 0)
		return NULL;
	return PyLong_FromLong(result);
}

// Creating the result before the GIL is back (PyEval_SaveThread form).
PyObject *measure(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	PyThreadState *ts = PyEval_SaveThread();
	long r = slow(0);
	PyObject *res = PyLong_FromLong(r); // expect-error[MOJO-BOR-203] {{'PyLong_FromLong'}}
	PyEval_RestoreThread(ts);
	return res;
}

// Dropping a reference with the GIL released (Py_DECREF may run a
// destructor).
int consume(PyObject *item)
{
	PyObject *tmp = PyNumber_Long(item);
	if (tmp == NULL)
		return -1;
	Py_BEGIN_ALLOW_THREADS
	slow(1);
	Py_DECREF(tmp); // expect-error[MOJO-BOR-203] {{'Py_DECREF'}}
	Py_END_ALLOW_THREADS
	return 0;
}

// After Py_UNBLOCK_THREADS the GIL is released again.
PyObject *two_phases(PyObject *self, PyObject *cb)
{
	(void)self;
	PyObject *r = NULL;
	Py_BEGIN_ALLOW_THREADS
	slow(1);
	Py_BLOCK_THREADS
	r = PyObject_CallNoArgs(cb);
	Py_UNBLOCK_THREADS
	slow(2);
	if (r == NULL)
		PyErr_Clear(); // expect-error[MOJO-BOR-203] {{'PyErr_Clear'}}
	Py_END_ALLOW_THREADS
	return r;
}

// PyMem_Malloc (unlike PyMem_RawMalloc) needs the GIL.
PyObject *scratch(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	char *buf;
	Py_BEGIN_ALLOW_THREADS
	buf = PyMem_Malloc(4096); // expect-error[MOJO-BOR-203] {{'PyMem_Malloc'}}
	Py_END_ALLOW_THREADS
	if (buf == NULL)
		return PyErr_NoMemory();
	PyMem_Free(buf);
	Py_RETURN_NONE;
}

// The saved thread state is discarded: the GIL stays released.
void released_for_good(void)
{
	PyEval_SaveThread();
	PyErr_Clear(); // expect-error[MOJO-BOR-203] {{'PyErr_Clear'}}
}

// Reduced from rpm's python/rpmts-py.c (rpmts_Run): the saved thread state
// lives in a struct the callback reads, so no local token is in view; the
// finding is still the GIL's (resource "gil" in JSON and SARIF).
struct run_info {
	PyObject *cb;
	PyThreadState *_save;
};

PyObject *run_with_callback(PyObject *self, PyObject *cb)
{
	(void)self;
	struct run_info info;
	info.cb = cb;
	info._save = PyEval_SaveThread();
	if (!PyCallable_Check(info.cb)) { // expect-error[MOJO-BOR-203] {{'PyCallable_Check' is called while the GIL is released}}
		PyErr_SetString(PyExc_TypeError, "expected a callable"); // expect-error[MOJO-BOR-203] {{'PyErr_SetString' is called while the GIL is released}}
		return NULL;
	}
	PyEval_RestoreThread(info._save);
	Py_RETURN_NONE;
}
