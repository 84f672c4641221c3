#include <Python.h>

PyObject *first_as_str(PyObject *self, PyObject *list)
{
	(void)self;
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	PyObject *s = PyObject_Str(item);
	Py_DECREF(item); // expect-error[MOJO-OWN-106] {{item}}
	return s;
}
