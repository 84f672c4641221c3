// PyBytes_AsStringAndSize fails on an object not known to be bytes (a
// file's read() may return a bytearray), and, without its length
// pointer, on bytes that hold a NUL: the reference leaks on that exit
// (105-bytes-as-string-and-size-good.c: the bytes PyUnicode_AsUTF8String
// made, both pointers given).
#include <Python.h>

static PyObject *read_length(PyObject *self, PyObject *file)
{
	char *s;
	Py_ssize_t n;
	(void)self;
	PyObject *data = PyObject_CallMethod(file, "read", NULL);
	if (!data)
		return NULL;
	if (PyBytes_AsStringAndSize(data, &s, &n) == -1)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'data' from 'PyObject_CallMethod' is leaked on the error exit}}
	Py_DECREF(data);
	return PyLong_FromSsize_t(n);
}

static PyObject *c_string(PyObject *self, PyObject *text)
{
	char *s;
	(void)self;
	PyObject *utf = PyUnicode_AsUTF8String(text);
	if (!utf)
		return NULL;
	if (PyBytes_AsStringAndSize(utf, &s, NULL) == -1)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'utf' from 'PyUnicode_AsUTF8String' is leaked on the error exit}}
	PyObject *r = PyUnicode_FromString(s);
	Py_DECREF(utf);
	return r;
}
