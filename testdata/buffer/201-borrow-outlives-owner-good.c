// MOJO-BOR-201 for the buffer kind, correct code: borrows from the view
// are used while the view is held; what outlives it is a copy.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

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
	long first = p[0];
	PyBuffer_Release(&view);
	return PyLong_FromLong(first);
}

Py_ssize_t rows(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_ND) < 0)
		return -1;
	Py_ssize_t n = view.shape[0];
	PyBuffer_Release(&view);
	return n;
}

// A heap copy outlives the view legitimately.
char *dup_bytes(PyObject *args, Py_ssize_t *len)
{
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	char *copy = malloc((size_t)b.len + 1);
	if (copy) {
		memcpy(copy, b.buf, (size_t)b.len);
		copy[b.len] = 0;
		*len = b.len;
	}
	PyBuffer_Release(&b);
	return copy;
}

long sum_until_zero(PyObject *args)
{
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return -1;
	const char *cur = b.buf, *end = cur + b.len;
	long s = 0;
	while (cur < end && *cur)
		s += *cur++;
	PyBuffer_Release(&b);
	return s;
}

// The view is held while the GIL is dropped: the data cannot move.
double mean(PyObject *obj)
{
	Py_buffer view;
	double s = 0;
	if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0)
		return -1.0;
	const double *v = view.buf;
	Py_ssize_t n = view.len / (Py_ssize_t)sizeof(double);
	Py_BEGIN_ALLOW_THREADS
	for (Py_ssize_t i = 0; i < n; i++)
		s += v[i];
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&view);
	return n ? s / (double)n : 0.0;
}
