// MOJO-OWN-101 and 105 for the heap kind in bridge code, correct code.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

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
	PyMem_Free(tmp);
	return list;
}

int encode(const char *s, size_t n, PyObject **out)
{
	int rc = -1;
	char *buf = malloc(2 * n + 1);
	if (!buf)
		goto done;
	for (size_t i = 0; i < n; i++) {
		buf[2 * i] = "0123456789abcdef"[(unsigned char)s[i] >> 4];
		buf[2 * i + 1] = "0123456789abcdef"[s[i] & 15];
	}
	*out = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)(2 * n));
	if (*out != NULL)
		rc = 0;
done:
	free(buf);
	return rc;
}

PyObject *reversed(PyObject *self, PyObject *args)
{
	(void)self;
	const char *s;
	Py_ssize_t n;
	if (!PyArg_ParseTuple(args, "s#", &s, &n))
		return NULL;
	if (n == 0)
		return PyUnicode_FromString("");
	char *r = PyMem_Malloc((size_t)n + 1);
	if (!r)
		return PyErr_NoMemory();
	for (Py_ssize_t i = 0; i < n; i++)
		r[i] = s[n - 1 - i];
	PyObject *res = PyUnicode_FromStringAndSize(r, n);
	PyMem_Free(r);
	return res;
}

// Ownership handed to the caller through an out-parameter.
int make_line(const char *msg, char **out)
{
	char *line = strdup(msg);
	if (!line)
		return -1;
	line[strcspn(line, "\n")] = 0;
	*out = line;
	return 0;
}

int fill_raw(size_t n)
{
	if (n > 4096) {
		PyErr_SetString(PyExc_ValueError, "too big");
		return -1;
	}
	unsigned char *p = PyMem_RawMalloc(n);
	if (p == NULL)
		return -1;
	memset(p, 0, n);
	PyMem_RawFree(p);
	return 0;
}
