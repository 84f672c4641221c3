// MOJO-OWN-109: a tuple never checked for NULL, filled with
// PyTuple_SetItem. On NULL the call crashes (it tests the tuple's type
// first); on a tuple this path made it cannot fail. The NULL is the
// finding, not a leak on the call's failure branch (pybluez's
// `bt_hci_inquiry`).
#include <Python.h>

PyObject *pair(PyObject *list, long a, long b)
{
	PyObject *item = PyTuple_New(2);
	PyObject *first = PyLong_FromLong(a);
	PyObject *second = PyLong_FromLong(b);
	if (PyTuple_SetItem(item, 0, first)) { // expect-warning[MOJO-OWN-109] {{'item'}}
		Py_XDECREF(item);
		return NULL;
	}
	if (PyTuple_SetItem(item, 1, second)) {
		Py_XDECREF(item);
		return NULL;
	}
	if (PyList_Append(list, item) < 0) {
		Py_DECREF(item);
		return NULL;
	}
	Py_DECREF(item);
	Py_RETURN_NONE;
}
