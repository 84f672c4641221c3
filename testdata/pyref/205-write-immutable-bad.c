// MOJO-BOR-205 beyond buffer views: writes into bytes this function did
// not create, into a str's UTF-8, through "y*"/"s*" buffers (read-only).
#include <Python.h>
#include <string.h>

// A bytes argument is immutable: its data is shared with every holder.
void upcase_first(PyObject *bytes)
{
	char *s = PyBytes_AS_STRING(bytes);
	s[0] = 'A'; // expect-error[MOJO-BOR-205] {{write through the result of 'PyBytes_AS_STRING', the contents of an immutable object this function did not create}}
}

// The same through the function.
int terminate(PyObject *bytes)
{
	char *s = PyBytes_AsString(bytes);
	if (s == NULL)
		return -1;
	s[1] = '\0'; // expect-error[MOJO-BOR-205] {{'PyBytes_AsString'}}
	return 0;
}

// A bytes object another call returned may be shared (an interned
// one-character bytes, a cached constant).
int patch_encoded(PyObject *str)
{
	PyObject *b = PyUnicode_AsUTF8String(str);
	if (b == NULL)
		return -1;
	char *s = PyBytes_AS_STRING(b);
	*s = 'X'; // expect-error[MOJO-BOR-205] {{'PyBytes_AS_STRING'}} xfail(#13): bytes a conversion returned are taken as fresh (a one-byte or empty result is a shared singleton)
	Py_DECREF(b);
	return 0;
}

// PyUnicode_AsUTF8's `const char *` cast away: the str's cached UTF-8.
void scribble_utf8(PyObject *str)
{
	char *s = (char *)PyUnicode_AsUTF8(str);
	if (s == NULL)
		return;
	s[0] = 'x'; // expect-error[MOJO-BOR-205] {{'PyUnicode_AsUTF8'}}
}

// The same with the size.
void lower_utf8(PyObject *str)
{
	Py_ssize_t n;
	char *s = (char *)PyUnicode_AsUTF8AndSize(str, &n);
	if (s == NULL || n == 0)
		return;
	s[n - 1] = 'x'; // expect-error[MOJO-BOR-205] {{'PyUnicode_AsUTF8AndSize'}}
}

// "y*" asks for a read-only buffer.
PyObject *zero_first(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer view;
	if (!PyArg_ParseTuple(args, "y*", &view))
		return NULL;
	((char *)view.buf)[0] = 0; // expect-error[MOJO-BOR-205] {{write through view.buf, a buffer requested without PyBUF_WRITABLE}}
	PyBuffer_Release(&view);
	Py_RETURN_NONE;
}

// "s*" too.
PyObject *upcase_buffer(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer view;
	if (!PyArg_ParseTuple(args, "s*", &view))
		return NULL;
	char *p = view.buf;
	p[0] = 'A'; // expect-error[MOJO-BOR-205] {{view.buf}}
	PyBuffer_Release(&view);
	Py_RETURN_NONE;
}

// A write by a library function is a write too.
void clear_bytes(PyObject *bytes)
{
	memset(PyBytes_AS_STRING(bytes), 0, (size_t)PyBytes_GET_SIZE(bytes)); // expect-error[MOJO-BOR-205] {{'PyBytes_AS_STRING'}} xfail(#13): writes by memset/memcpy are not seen as writes
}
