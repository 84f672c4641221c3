// MOJO-BOR-205, the idioms that must stay quiet: filling bytes the
// function made itself, reading bytes and str data, "w*" buffers, views
// requested with PyBUF_WRITABLE, bytearrays.
#include <Python.h>
#include <string.h>

// PyBytes_FromStringAndSize(NULL, n) leaves the data to be filled.
PyObject *make_zeros(Py_ssize_t n)
{
	PyObject *b = PyBytes_FromStringAndSize(NULL, n);
	if (b == NULL)
		return NULL;
	char *s = PyBytes_AS_STRING(b);
	for (Py_ssize_t i = 0; i < n; i++)
		s[i] = 0;
	return b;
}

// Reading is fine.
int first_byte(PyObject *bytes)
{
	const char *s = PyBytes_AS_STRING(bytes);
	return s[0];
}

// Copying out of a str's UTF-8 into our own memory.
int copy_name(PyObject *str, char *out, size_t n)
{
	const char *s = PyUnicode_AsUTF8(str);
	if (s == NULL || n == 0)
		return -1;
	strncpy(out, s, n - 1);
	out[n - 1] = '\0';
	return 0;
}

// "w*" asks for a writable buffer.
PyObject *zero_first(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer view;
	if (!PyArg_ParseTuple(args, "w*", &view))
		return NULL;
	((char *)view.buf)[0] = 0;
	PyBuffer_Release(&view);
	Py_RETURN_NONE;
}

// A view requested writable.
int fill(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_WRITABLE) < 0)
		return -1;
	((char *)view.buf)[0] = 1;
	PyBuffer_Release(&view);
	return 0;
}

// A bytes object made from a string, then filled in place before anyone
// else sees it.
PyObject *make_tag(void)
{
	PyObject *b = PyBytes_FromStringAndSize("tag?", 4);
	if (b == NULL)
		return NULL;
	PyBytes_AS_STRING(b)[3] = '!';
	return b;
}

// Reading a "y*" buffer.
PyObject *sum_bytes(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer view;
	if (!PyArg_ParseTuple(args, "y*", &view))
		return NULL;
	long t = 0;
	for (Py_ssize_t i = 0; i < view.len; i++)
		t += ((unsigned char *)view.buf)[i];
	PyBuffer_Release(&view);
	return PyLong_FromLong(t);
}

// Our own copy of a str's data.
char *dup_name(PyObject *str)
{
	const char *s = PyUnicode_AsUTF8(str);
	if (s == NULL)
		return NULL;
	char *d = strdup(s);
	if (d != NULL)
		d[0] = 'N';
	return d;
}
// expect-no-diagnostics
