// MOJO-BOR-205 for the buffer kind, correct code: writes go through views
// requested with PyBUF_WRITABLE (or "w*"); read-only views are only read.
// expect-no-diagnostics
#include <Python.h>
#include <string.h>

int zero_fill(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_WRITABLE) < 0)
		return -1;
	memset(view.buf, 0, (size_t)view.len);
	PyBuffer_Release(&view);
	return 0;
}

int byteswap16(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
		return -1;
	unsigned char *p = view.buf;
	for (Py_ssize_t i = 0; i + 1 < view.len; i += 2) {
		unsigned char t = p[i];
		p[i] = p[i + 1];
		p[i + 1] = t;
	}
	PyBuffer_Release(&view);
	return 0;
}

int negate(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS) < 0)
		return -1;
	double *d = view.buf;
	d[0] = -d[0];
	PyBuffer_Release(&view);
	return 0;
}

// Reading from a read-only view and writing into a private copy.
PyObject *upcase(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer b;
	char tmp[256];
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	const char *s = b.buf;
	Py_ssize_t n = b.len < 256 ? b.len : 256;
	for (Py_ssize_t i = 0; i < n; i++)
		tmp[i] = (s[i] >= 'a' && s[i] <= 'z') ? (char)(s[i] - 32) : s[i];
	PyBuffer_Release(&b);
	return PyBytes_FromStringAndSize(tmp, n);
}

// "w*" is a writable view.
PyObject *fill(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer out;
	int c;
	if (!PyArg_ParseTuple(args, "w*i", &out, &c))
		return NULL;
	memset(out.buf, c, (size_t)out.len);
	((char *)out.buf)[0] = (char)c;
	PyBuffer_Release(&out);
	Py_RETURN_NONE;
}

// Flags not known at the call: no report (the caller may pass WRITABLE).
int set_first(PyObject *obj, int flags, char c)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, flags) < 0)
		return -1;
	if (!view.readonly)
		*(char *)view.buf = c;
	PyBuffer_Release(&view);
	return 0;
}
