// MOJO-OWN-109: `if (!v && PyErr_Occurred())` after an API that returns
// NULL without setting an error (PyDict_GetItem, a missing key): the NULL
// result goes on.
#include <Python.h>

PyObject *lookup_repr(PyObject *d, PyObject *key)
{
	PyObject *v = PyDict_GetItem(d, key);
	if (!v && PyErr_Occurred())
		return NULL;
	return PyObject_GetAttrString(v, "name"); // expect-warning[MOJO-OWN-109] {{'v'}}
}
