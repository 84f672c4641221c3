// MOJO-OWN-101 for the buffer kind: a Py_buffer view that reaches a normal
// exit still held. The exporter stays locked (a bytearray cannot be
// resized, an mmap cannot be closed) until the process ends.
#include <Python.h>
#include <string.h>

// A checksum that forgets the release on its success path.
PyObject *adler_like(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	unsigned long sum = 1;
	const unsigned char *p = view.buf;
	for (Py_ssize_t i = 0; i < view.len; i++)
		sum = (sum + p[i]) % 65521;
	return PyLong_FromLong((long)sum); // expect-warning[MOJO-OWN-101] {{buffer view 'view' from 'PyObject_GetBuffer' is never released}}
}

// "y*" fills a view that the caller must release.
PyObject *byte_count(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer data;
	int byte;
	if (!PyArg_ParseTuple(args, "y*i", &data, &byte))
		return NULL;
	Py_ssize_t n = 0;
	for (Py_ssize_t i = 0; i < data.len; i++)
		n += ((unsigned char *)data.buf)[i] == byte;
	return PyLong_FromSsize_t(n); // expect-warning[MOJO-OWN-101] {{'data' from 'PyArg_ParseTuple'}}
}

// An early "nothing to do" return that is not an error.
PyObject *is_blank(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	if (view.len == 0)
		Py_RETURN_TRUE; // expect-warning[MOJO-OWN-101] {{'view'}}
	int blank = memchr(view.buf, ' ', (size_t)view.len) != NULL;
	PyBuffer_Release(&view);
	return PyBool_FromLong(blank);
}

// The release sits only on one branch of an if.
int fill_pattern(PyObject *obj, int verbose)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_WRITABLE) < 0)
		return -1;
	memset(view.buf, 0xA5, (size_t)view.len);
	if (verbose)
		PyBuffer_Release(&view);
	return 0; // expect-warning[MOJO-OWN-101] {{'view'}}
}

// "w*" (read-write buffer) through PyArg_ParseTupleAndKeywords.
PyObject *zero(PyObject *self, PyObject *args, PyObject *kw)
{
	(void)self;
	static char *kwlist[] = {"buffer", NULL};
	Py_buffer out;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "w*", kwlist, &out))
		return NULL;
	memset(out.buf, 0, (size_t)out.len);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{'out' from 'PyArg_ParseTupleAndKeywords'}}
}
