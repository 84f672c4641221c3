#include <Python.h>

PyObject *describe_first(PyObject *self, PyObject *list)
{
	(void)self;
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	PyObject *r = PyObject_Repr(list); // may run __repr__ of the items
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	return PyObject_Str(item); // expect-warning[MOJO-BOR-206] {{item}}
}
