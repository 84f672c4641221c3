// MOJO-OWN-101 and 105 for the heap kind in bridge code: scratch buffers
// around CPython calls, leaked on a normal or an error exit.
#include <Python.h>
#include <stdlib.h>
#include <string.h>

// NULL from a PyObject * function is its error exit.
PyObject *to_list(PyObject *self, PyObject *arg)
{
	(void)self;
	Py_ssize_t n = PyLong_AsSsize_t(arg);
	if (n < 0)
		return NULL;
	long *tmp = PyMem_Malloc((size_t)n * sizeof *tmp);
	if (tmp == NULL)
		return PyErr_NoMemory();
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'tmp' from 'PyMem_Malloc' is leaked on the error exit}}
	PyMem_Free(tmp);
	return list;
}

// A goto to the error label skips the free.
int encode(const char *s, size_t n, PyObject **out)
{
	char *buf = malloc(2 * n + 1);
	if (!buf)
		goto error;
	for (size_t i = 0; i < n; i++) {
		buf[2 * i] = "0123456789abcdef"[(unsigned char)s[i] >> 4];
		buf[2 * i + 1] = "0123456789abcdef"[s[i] & 15];
	}
	*out = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)(2 * n));
	if (*out == NULL)
		goto error;
	free(buf);
	return 0;
error:
	return -1; // expect-warning[MOJO-OWN-105] {{'buf'}} xfail(#4): a heap block passed to a CPython API whose parameter is '-' (here a copying 'const char *') is no longer tracked
}

// Normal exit: the early "empty" return.
PyObject *reversed(PyObject *self, PyObject *args)
{
	(void)self;
	const char *s;
	Py_ssize_t n;
	if (!PyArg_ParseTuple(args, "s#", &s, &n))
		return NULL;
	char *r = PyMem_Malloc((size_t)n + 1);
	if (!r)
		return PyErr_NoMemory();
	if (n == 0)
		return PyUnicode_FromString(""); // expect-warning[MOJO-OWN-101] {{'r'}}
	for (Py_ssize_t i = 0; i < n; i++)
		r[i] = s[n - 1 - i];
	PyObject *res = PyUnicode_FromStringAndSize(r, n);
	PyMem_Free(r);
	return res;
}

// Normal exit in a void helper.
void log_line(const char *msg)
{
	char *line = strdup(msg);
	if (!line)
		return;
	line[strcspn(line, "\n")] = 0;
} // expect-warning[MOJO-OWN-101] {{'line' from 'strdup'}}

// An int-returning function: -1 with a raw block still held.
int fill_raw(size_t n)
{
	unsigned char *p = PyMem_RawMalloc(n);
	if (p == NULL)
		return -1;
	if (n > 4096) {
		PyErr_SetString(PyExc_ValueError, "too big");
		return -1; // expect-warning[MOJO-OWN-105] {{'p' from 'PyMem_RawMalloc'}}
	}
	memset(p, 0, n);
	PyMem_RawFree(p);
	return 0;
}
