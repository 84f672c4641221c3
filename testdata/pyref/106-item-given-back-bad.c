/*
 * An item of a list released with no reference of the function's taken
 * on any item of that list: the list's own reference is dropped.
 * (Taken on an item of another list does not pay either.)
 */
#include <Python.h>

int drop_first(PyObject *values)
{
	Py_XDECREF(PyList_GetItem(values, 0)); // expect-error[MOJO-OWN-106] {{borrowed reference from 'PyList_GetItem' is released by 'Py_XDECREF' but this function does not own it}}
	return 0;
}

int drop_other(PyObject *kept, PyObject *values, PyObject **out)
{
	PyObject *v = PyList_GetItem(kept, 0);
	if (v == NULL)
		return -1;
	Py_INCREF(v);
	*out = v;
	Py_XDECREF(PyList_GetItem(values, 0)); // expect-error[MOJO-OWN-106] {{borrowed reference from 'PyList_GetItem' is released by 'Py_XDECREF' but this function does not own it}}
	return 0;
}
