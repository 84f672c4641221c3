// MOJO-BOR-201 for the buffer kind: view.buf, view.shape and pointers
// copied from them are borrows of the view; after PyBuffer_Release the
// exporter may move or free the memory (a bytearray can be resized again).
#include <Python.h>
#include <string.h>

// Reads the first byte after the release.
PyObject *first_byte(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	if (view.len < 1) {
		PyBuffer_Release(&view);
		return PyErr_Format(PyExc_ValueError, "empty buffer");
	}
	const unsigned char *p = view.buf;
	PyBuffer_Release(&view);
	return PyLong_FromLong(p[0]); // expect-error[MOJO-BOR-201] {{'p' is dereferenced after its owner buffer view 'view' from 'PyObject_GetBuffer' was released}}
}

// The shape array belongs to the exporter as well.
Py_ssize_t rows(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_ND) < 0)
		return -1;
	Py_ssize_t *shape = view.shape;
	PyBuffer_Release(&view);
	return shape[0]; // expect-error[MOJO-BOR-201] {{'shape'}}
}

// A cursor kept past the release in a parsing loop.
long sum_until_zero(PyObject *args)
{
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return -1;
	const char *cur = b.buf, *end = cur + b.len;
	PyBuffer_Release(&b);
	long s = 0;
	while (cur < end && *cur) // expect-error[MOJO-BOR-201] {{'cur'}}
		s += *cur++;
	return s;
}

// The view is released "early" so that the GIL can be dropped, and the
// data is then read without either.
double mean(PyObject *obj)
{
	Py_buffer view;
	double s = 0;
	if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0)
		return -1.0;
	const double *v = view.buf;
	Py_ssize_t n = view.len / (Py_ssize_t)sizeof(double);
	PyBuffer_Release(&view);
	Py_BEGIN_ALLOW_THREADS
	for (Py_ssize_t i = 0; i < n; i++)
		s += v[i]; // expect-error[MOJO-BOR-201] {{'v'}}
	Py_END_ALLOW_THREADS
	return n ? s / (double)n : 0.0;
}

// The pointer handed to a copy after the release (the value is read,
// not dereferenced here).
PyObject *copy_out(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	PyBuffer_Release(&view);
	return PyBytes_FromStringAndSize(view.buf, view.len); // expect-error[MOJO-BOR-201] {{view}}
}
