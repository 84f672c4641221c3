// PySequence_Size(NULL) raises SystemError and answers -1: a loop
// bounded by the size of an unchecked PySequence_Fast result never runs
// when it is NULL, so its items are read only from a real sequence
// (roadrunner's matrix conversion, C++ round 60).
// expect-no-diagnostics
#include <Python.h>

static PyObject *row_sum(PyObject *self, PyObject *obj)
{
	double total = 0;
	(void)self;
	PyObject *seq = PySequence_Fast(obj, "expected a sequence");
	Py_ssize_t n = PySequence_Size(seq);
	for (Py_ssize_t i = 0; i < n; i++)
		total += PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
	Py_XDECREF(seq);
	if (PyErr_Occurred())
		return NULL;
	return PyFloat_FromDouble(total);
}
