// MOJO-OWN-103 for the buffer kind: the Py_buffer itself passed on after
// PyBuffer_Release (its obj and internal fields are stale).
#include <Python.h>

PyObject *as_memoryview(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_FULL_RO) < 0)
		return NULL;
	PyBuffer_Release(&view);
	return PyMemoryView_FromBuffer(&view); // expect-error[MOJO-OWN-103] {{buffer view 'view' from 'PyObject_GetBuffer' is passed to 'PyMemoryView_FromBuffer' after it was released}}
}

int is_c_contiguous(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_STRIDES) < 0)
		return -1;
	PyBuffer_Release(&view);
	return PyBuffer_IsContiguous(&view, 'C'); // expect-error[MOJO-OWN-103] {{'view'}}
}

PyObject *flatten(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer view;
	if (!PyArg_ParseTuple(args, "y*", &view))
		return NULL;
	PyBuffer_Release(&view);
	char tmp[64];
	if (PyBuffer_ToContiguous(tmp, &view, view.len < 64 ? view.len : 64, 'C') < 0) // expect-error[MOJO-OWN-103] {{'view'}}
		return NULL;
	return PyBytes_FromStringAndSize(tmp, 64);
}

// Released on the error branch, then used after the join.
int checked_info(PyObject *obj, Py_buffer *copy)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	if (view.len == 0)
		PyBuffer_Release(&view);
	int contiguous = PyBuffer_IsContiguous(&view, 'A'); // expect-error[MOJO-OWN-103] {{'view'}}
	(void)copy;
	PyBuffer_Release(&view); // ok: reported once, at the first misuse
	return contiguous;
}
