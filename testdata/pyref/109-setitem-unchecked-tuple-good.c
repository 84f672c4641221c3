// The same tuple checked for NULL: nothing to report (and no leak on
// branches where PyTuple_SetItem fails, which it cannot).
// expect-no-diagnostics
#include <Python.h>

PyObject *pair(PyObject *list, long a, long b)
{
	PyObject *item = PyTuple_New(2);
	if (!item)
		return NULL;
	PyObject *first = PyLong_FromLong(a);
	PyObject *second = PyLong_FromLong(b);
	if (PyTuple_SetItem(item, 0, first)) {
		Py_XDECREF(second);
		Py_DECREF(item);
		return NULL;
	}
	if (PyTuple_SetItem(item, 1, second)) {
		Py_DECREF(item);
		return NULL;
	}
	if (PyList_Append(list, item) < 0) {
		Py_DECREF(item);
		return NULL;
	}
	Py_DECREF(item);
	Py_RETURN_NONE;
}
