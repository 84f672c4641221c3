// PyLong_AsLong(NULL) raises SystemError (PyErr_BadInternalCall) and
// returns -1: when PyErr_Occurred() right after finds no error, the item
// was not NULL (rl-accel's `unicode2T1`).
#include <Python.h>

PyObject *second_as_long(PyObject *module, PyObject *seq)
{
	(void)module;
	PyObject *o = PySequence_GetItem(seq, 1);
	long v = PyLong_AsLong(o);
	if (PyErr_Occurred()) {
		Py_XDECREF(o);
		return NULL;
	}
	Py_DECREF(o);
	return PyLong_FromLong(v + 1);
}
// expect-no-diagnostics
