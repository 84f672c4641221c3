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
