// MOJO-OWN-105 for the gil kind: an error exit taken while the GIL is
// released (a return or goto out of Py_BEGIN_ALLOW_THREADS, or a saved
// thread state never restored). The caller then runs Python code without
// the GIL.
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
	if (r < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{thread state (GIL released) '_save' from 'PyEval_SaveThread' is leaked on the error exit}}
	Py_END_ALLOW_THREADS
	return PyLong_FromLong(r);
}

// A goto from inside the block to the error label.
int flush_all(FILE *f)
{
	int rc;
	Py_BEGIN_ALLOW_THREADS
	rc = fflush(f);
	if (rc != 0)
		goto error;
	Py_END_ALLOW_THREADS
	return 0;
error:
	return -1; // expect-warning[MOJO-OWN-105] {{'_save'}}
}

// Explicit PyEval_SaveThread, restored on the success path only.
PyObject *wait_for(PyObject *self, PyObject *arg)
{
	(void)self;
	long ms = PyLong_AsLong(arg);
	if (ms == -1 && PyErr_Occurred())
		return NULL;
	PyThreadState *ts = PyEval_SaveThread();
	if (slow_compress(NULL, ms) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{'ts' from 'PyEval_SaveThread'}}
	PyEval_RestoreThread(ts);
	Py_RETURN_NONE;
}

// A loop that breaks out of the region via an error label.
int read_all(FILE *f, char *buf, int n)
{
	int got = 0;
	Py_BEGIN_ALLOW_THREADS
	while (got < n) {
		int c = fgetc(f);
		if (c == EOF) {
			if (ferror(f))
				goto fail;
			break;
		}
		buf[got++] = (char)c;
	}
	Py_END_ALLOW_THREADS
	return got;
fail:
	return -1; // expect-warning[MOJO-OWN-105] {{'_save'}}
}
