// MOJO-OWN-105 for the gil kind, correct code: every exit from a released
// region re-acquires the GIL first (Py_BLOCK_THREADS, or a status kept
// until after Py_END_ALLOW_THREADS).
// expect-no-diagnostics
#include <Python.h>
#include <stdio.h>

long slow_compress(const char *p, long n);

PyObject *compress(PyObject *self, PyObject *args)
{
	(void)self;
	const char *p;
	Py_ssize_t n;
	long r;
	if (!PyArg_ParseTuple(args, "s#", &p, &n))
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	r = slow_compress(p, (long)n);
	Py_END_ALLOW_THREADS
	if (r < 0)
		return PyErr_Format(PyExc_ValueError, "compression failed");
	return PyLong_FromLong(r);
}

int flush_all(FILE *f)
{
	int rc;
	Py_BEGIN_ALLOW_THREADS
	rc = fflush(f);
	if (rc != 0) {
		Py_BLOCK_THREADS
		PyErr_SetFromErrno(PyExc_OSError);
		return -1;
	}
	Py_END_ALLOW_THREADS
	return 0;
}

PyObject *wait_for(PyObject *self, PyObject *arg)
{
	(void)self;
	long ms = PyLong_AsLong(arg);
	if (ms == -1 && PyErr_Occurred())
		return NULL;
	PyThreadState *ts = PyEval_SaveThread();
	long r = slow_compress(NULL, ms);
	PyEval_RestoreThread(ts);
	if (r < 0)
		return NULL;
	Py_RETURN_NONE;
}

int read_all(FILE *f, char *buf, int n)
{
	int got = 0, err = 0;
	Py_BEGIN_ALLOW_THREADS
	while (got < n) {
		int c = fgetc(f);
		if (c == EOF) {
			err = ferror(f);
			break;
		}
		buf[got++] = (char)c;
	}
	Py_END_ALLOW_THREADS
	if (err) {
		PyErr_SetFromErrno(PyExc_OSError);
		return -1;
	}
	return got;
}
