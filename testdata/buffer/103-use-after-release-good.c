// MOJO-OWN-103 for the buffer kind, correct code: the view is used before
// the release, or copied out first.
// expect-no-diagnostics
#include <Python.h>

PyObject *as_bytes(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_FULL_RO) < 0)
		return NULL;
	PyObject *r = PyBytes_FromStringAndSize(view.buf, view.len);
	PyBuffer_Release(&view);
	return r;
}

int is_c_contiguous(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_STRIDES) < 0)
		return -1;
	int c = PyBuffer_IsContiguous(&view, 'C');
	PyBuffer_Release(&view);
	return c;
}

PyObject *flatten(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer view;
	char tmp[64];
	if (!PyArg_ParseTuple(args, "y*", &view))
		return NULL;
	Py_ssize_t n = view.len < 64 ? view.len : 64;
	int rc = PyBuffer_ToContiguous(tmp, &view, n, 'C');
	PyBuffer_Release(&view);
	if (rc < 0)
		return NULL;
	return PyBytes_FromStringAndSize(tmp, n);
}

// Scalars read from the view stay valid after the release.
Py_ssize_t item_count(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT) < 0)
		return -1;
	Py_ssize_t len = view.len, itemsize = view.itemsize;
	PyBuffer_Release(&view);
	return itemsize ? len / itemsize : 0;
}

// Reduced from pycares' set_nameservers
// (testdata/realworld/pycares-set-nameservers.c): one view variable filled
// by PyArg_Parse's "s*" in every turn and released at its end.
int count_dots(PyObject *seq)
{
	Py_buffer pbuf;
	int dots = 0;
	for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(seq); i++) {
		PyObject *item = PyTuple_GET_ITEM(seq, i);
		if (!PyArg_Parse(item, "s*;a string", &pbuf))
			return -1;
		for (Py_ssize_t k = 0; k < pbuf.len; k++)
			dots += ((const char *)pbuf.buf)[k] == '.';
		PyBuffer_Release(&pbuf);
	}
	return dots;
}
