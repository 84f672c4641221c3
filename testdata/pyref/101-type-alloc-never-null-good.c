// A type object's tp_alloc is never NULL (PyType_Ready inherits it from
// `object`): a defensive `if (!type->tp_alloc)` exit is never taken, and
// the helper consumes its arguments on every path that can happen.
// Reduced from ligo-segments' segments_Segment_New.
#include <Python.h>

PyObject *make_pair(PyTypeObject *type, PyObject *a, PyObject *b)
{
	PyObject *new;
	if (!type->tp_alloc) {
		PyErr_SetObject(PyExc_TypeError, (PyObject *)type);
		return NULL;
	}
	new = type->tp_alloc(type, 2);
	if (new) {
		PyTuple_SET_ITEM(new, 0, a);
		PyTuple_SET_ITEM(new, 1, b);
	} else {
		Py_DECREF(a);
		Py_DECREF(b);
	}
	return new;
}

static PyObject *shift(PyObject *self, PyObject *delta)
{
	PyObject *a = PyNumber_Add(PyTuple_GET_ITEM(self, 0), delta);
	PyObject *b = PyNumber_Add(PyTuple_GET_ITEM(self, 1), delta);
	if (PyErr_Occurred()) {
		Py_XDECREF(a);
		Py_XDECREF(b);
		return NULL;
	}
	return make_pair(Py_TYPE(self), a, b);
}

PyMethodDef methods[] = {
	{"shift", (PyCFunction)shift, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
// expect-no-diagnostics
