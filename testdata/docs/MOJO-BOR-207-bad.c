#include <Python.h>

PyObject *swap_first(PyObject *list, PyObject *value)
{
	PyObject *old = PyList_GetItem(list, 0);
	if (old == NULL)
		return NULL;
	if (PyList_SetItem(list, 0, Py_NewRef(value)) < 0)
		return NULL;
	return PyObject_Str(old); // expect-error[MOJO-BOR-207] {{old}}
}
