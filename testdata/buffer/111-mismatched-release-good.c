// MOJO-OWN-111 for the buffer kind, correct code: PyBuffer_Release is the
// only way to end a view, whoever filled it.
// expect-no-diagnostics
#include <Python.h>

Py_ssize_t length_of(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	Py_ssize_t n = view.len;
	PyBuffer_Release(&view);
	return n;
}

Py_ssize_t length_of_arg(PyObject *args)
{
	Py_buffer view;
	if (!PyArg_ParseTuple(args, "s*", &view))
		return -1;
	Py_ssize_t n = view.len;
	PyBuffer_Release(&view);
	return n;
}

// Keeping the exporter alive past the view takes a new reference.
PyObject *owner_of(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	PyObject *owner = Py_NewRef(view.obj);
	PyBuffer_Release(&view);
	return owner;
}

Py_ssize_t length_of_parse(PyObject *arg)
{
	Py_buffer view;
	if (!PyArg_Parse(arg, "y*", &view))
		return -1;
	Py_ssize_t n = view.len;
	PyBuffer_Release(&view);
	return n;
}
