#include <Python.h>

PyObject *describe_first(PyObject *self, PyObject *list)
{
	(void)self;
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	Py_INCREF(item); // keep it alive across the call
	PyObject *r = PyObject_Repr(list);
	if (r == NULL) {
		Py_DECREF(item);
		return NULL;
	}
	Py_DECREF(r);
	PyObject *s = PyObject_Str(item);
	Py_DECREF(item);
	return s;
	// expect-no-diagnostics
}
