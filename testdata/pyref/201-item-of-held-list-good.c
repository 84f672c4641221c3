/*
 * The list PyMapping_Items made holds its (key, value) tuples: a new
 * reference to one of them, dropped, ends nothing while the list lives, so
 * the tuple's members borrowed before are still alive.
 */
// expect-no-diagnostics
#include <Python.h>

PyObject *copy_items(PyObject *state, PyObject *dict)
{
	PyObject *items = PyMapping_Items(state);
	Py_ssize_t i, len;
	if (items == NULL)
		return NULL;
	len = PyList_GET_SIZE(items);
	for (i = 0; i < len; ++i) {
		PyObject *item = PySequence_GetItem(items, i);
		PyObject *k, *v;
		if (item == NULL) {
			Py_DECREF(items);
			return NULL;
		}
		k = PyTuple_GetItem(item, 0);
		v = PyTuple_GetItem(item, 1);
		if (k == NULL || v == NULL) {
			Py_DECREF(item);
			Py_DECREF(items);
			return NULL;
		}
		Py_DECREF(item);
		if (PyObject_SetItem(dict, k, v) < 0) {
			Py_DECREF(items);
			return NULL;
		}
	}
	Py_DECREF(items);
	Py_RETURN_NONE;
}
