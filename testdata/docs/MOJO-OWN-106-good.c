#include <Python.h>

PyObject *first_as_str(PyObject *self, PyObject *list)
{
	(void)self;
	PyObject *item = PyList_GetItem(list, 0); // borrowed
	if (item == NULL)
		return NULL;
	return PyObject_Str(item);
	// expect-no-diagnostics
}
