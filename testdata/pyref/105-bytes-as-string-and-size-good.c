// PyBytes_AsStringAndSize of the bytes PyUnicode_AsUTF8String just made,
// given both its pointers, cannot fail: it fails only on an object that
// is not bytes, or, without the length, on a NUL byte (bsonjs's `load`).
// The error exit after it is never taken, and nothing leaks there.
// expect-no-diagnostics
#include <Python.h>

static PyObject *encoded_length(PyObject *self, PyObject *text)
{
	char *s;
	Py_ssize_t n;
	(void)self;
	if (!PyUnicode_Check(text)) {
		PyErr_SetString(PyExc_TypeError, "expected str");
		return NULL;
	}
	PyObject *utf = PyUnicode_AsUTF8String(text);
	if (!utf)
		return NULL;
	if (PyBytes_AsStringAndSize(utf, &s, &n) == -1)
		return NULL;
	PyObject *r = PyLong_FromSsize_t(n + (s[0] == '#'));
	Py_DECREF(utf);
	return r;
}
