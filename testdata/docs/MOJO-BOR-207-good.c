#include <Python.h>

PyObject *swap_first(PyObject *list, PyObject *value)
{
	PyObject *old = PyList_GetItem(list, 0);
	if (old == NULL)
		return NULL;
	Py_INCREF(old); // own it before the list lets go of it
	if (PyList_SetItem(list, 0, Py_NewRef(value)) < 0) {
		Py_DECREF(old);
		return NULL;
	}
	PyObject *s = PyObject_Str(old);
	Py_DECREF(old);
	return s;
	// expect-no-diagnostics
}
