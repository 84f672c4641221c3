/*
 * textjoin.c — example CPython extension for mojo-ownlint (see README.md).
 *
 * join(sep, items) joins a sequence of str with a separator, building the
 * result in a malloc'd UTF-8 buffer. It has one genuine bug: when an item is
 * not a str, the buffer is leaked on the error exit (MOJO-OWN-105, heap).
 * join_checked() is the same function written correctly.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

/* Appends s[0..n) to *buf; on failure returns -1 and leaves *buf valid. */
static int
append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t ncap = *cap * 2;
		while (ncap < *len + n + 1)
			ncap *= 2;
		char *nbuf = realloc(*buf, ncap);
		if (nbuf == NULL)
			return -1;
		*buf = nbuf;
		*cap = ncap;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
	return 0;
}

static PyObject *
join(PyObject *self, PyObject *args)
{
	const char *sep;
	PyObject *items;
	(void)self;

	if (!PyArg_ParseTuple(args, "sO:join", &sep, &items))
		return NULL;
	PyObject *seq = PySequence_Fast(items, "join() expects a sequence");
	if (seq == NULL)
		return NULL;

	size_t len = 0, cap = 64;
	char *buf = malloc(cap);
	if (buf == NULL) {
		Py_DECREF(seq);
		return PyErr_NoMemory();
	}
	buf[0] = '\0';

	Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PySequence_Fast_GET_ITEM(seq, i); /* borrowed */
		Py_ssize_t size;
		const char *s = PyUnicode_AsUTF8AndSize(item, &size);
		if (s == NULL) {
			Py_DECREF(seq);
			return NULL;	/* BUG: 'buf' from malloc() is leaked */
		}
		if ((i > 0 && append(&buf, &len, &cap, sep, strlen(sep)) < 0) ||
		    append(&buf, &len, &cap, s, (size_t)size) < 0) {
			free(buf);
			Py_DECREF(seq);
			return PyErr_NoMemory();
		}
	}
	Py_DECREF(seq);
	PyObject *result = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)len);
	free(buf);
	return result;
}

static PyObject *
join_checked(PyObject *self, PyObject *args)
{
	const char *sep;
	PyObject *items;
	PyObject *result = NULL;
	(void)self;

	if (!PyArg_ParseTuple(args, "sO:join_checked", &sep, &items))
		return NULL;
	PyObject *seq = PySequence_Fast(items, "join() expects a sequence");
	if (seq == NULL)
		return NULL;

	size_t len = 0, cap = 64;
	char *buf = malloc(cap);
	if (buf == NULL) {
		PyErr_NoMemory();
		goto out;
	}
	buf[0] = '\0';

	Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
		Py_ssize_t size;
		const char *s = PyUnicode_AsUTF8AndSize(item, &size);
		if (s == NULL)
			goto out;
		if ((i > 0 && append(&buf, &len, &cap, sep, strlen(sep)) < 0) ||
		    append(&buf, &len, &cap, s, (size_t)size) < 0) {
			PyErr_NoMemory();
			goto out;
		}
	}
	result = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)len);
out:
	free(buf);
	Py_DECREF(seq);
	return result;
}

static PyMethodDef textjoin_methods[] = {
	{"join", join, METH_VARARGS, "join(sep, items) -> str"},
	{"join_checked", join_checked, METH_VARARGS, "join_checked(sep, items) -> str"},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef textjoin_module = {
	PyModuleDef_HEAD_INIT, "textjoin", NULL, -1, textjoin_methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit_textjoin(void)
{
	return PyModule_Create(&textjoin_module);
}
