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
