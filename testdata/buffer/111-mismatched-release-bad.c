// MOJO-OWN-111 for the buffer kind: a view ended with something other than
// PyBuffer_Release. Py_DECREF(view.obj) drops the reference the view holds
// but never calls the exporter's bf_releasebuffer, so the export count
// stays up (a bytearray can then never be resized).
#include <Python.h>
#include <stdlib.h>

// Pre-PEP 3118 habit: decref the object instead of releasing the view.
Py_ssize_t length_of(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	Py_ssize_t n = view.len;
	Py_DECREF(view.obj); // expect-error[MOJO-OWN-111] {{'view'}}
	return n; // expect-warning[MOJO-OWN-101] {{'view'}}
}

// Freeing the exporter's memory instead of releasing the view.
int consume(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	free(view.buf); // expect-error[MOJO-OWN-111] {{'view'}}
	return 0; // expect-warning[MOJO-OWN-101] {{'view'}}
}

// The view's memory handed to PyMem_Free: it belongs to the exporter.
int drop_memory(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	PyMem_Free(view.buf); // expect-error[MOJO-OWN-111] {{'view'}}
	return 0; // expect-warning[MOJO-OWN-101] {{'view'}}
}

// On an error path, the view's object released instead of the view.
int checked_size(PyObject *obj, Py_ssize_t want)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	if (view.len != want) {
		PyErr_SetString(PyExc_ValueError, "wrong size");
		Py_XDECREF(view.obj); // expect-error[MOJO-OWN-111] {{'view'}}
		return -1; // expect-warning[MOJO-OWN-105] {{'view'}}
	}
	PyBuffer_Release(&view);
	return 0;
}
