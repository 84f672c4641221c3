// A view requested read-only ("y*", PyBUF_SIMPLE) written only once the
// code asked the exporter through the view's `readonly` flag (bchlib's
// correct(): "data cannot be readonly" otherwise). A bytearray's view
// says it may be written: the buffer protocol's own answer, no
// MOJO-BOR-205.
#include <Python.h>

PyObject *flip_first_bit(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer data;
	if (!PyArg_ParseTuple(args, "y*", &data))
		return NULL;
	if (data.readonly) {
		PyErr_SetString(PyExc_ValueError, "data cannot be readonly");
		PyBuffer_Release(&data);
		return NULL;
	}
	if (data.len > 0)
		((unsigned char *)data.buf)[0] ^= 1;
	PyBuffer_Release(&data);
	Py_RETURN_NONE;
}

// A pointer read from the view before the test is the view's too.
int clear_first(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	unsigned char *p = (unsigned char *)view.buf;
	if (!view.readonly && view.len > 0)
		p[0] = 0;
	PyBuffer_Release(&view);
	return 0;
}

// expect-no-diagnostics
