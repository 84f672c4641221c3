// A forwarder's contract is its call's (106-forwarder-good.c), so its
// callers are held to it: what `set_list_item` steals must be theirs to
// give, and what `get_list_item` lends is not theirs to release.
#include <Python.h>

int set_list_item(PyObject *list, int index, PyObject *item)
{
	return PyList_SetItem(list, index, item);
}

PyObject *get_list_item(PyObject *list, int index)
{
	return PyList_GetItem(list, index);
}

int put_twice(PyObject *list, long v)
{
	PyObject *item = PyLong_FromLong(v);
	if (!item)
		return -1;
	if (set_list_item(list, 0, item) < 0)
		return -1;
	Py_DECREF(item); // expect-error[MOJO-OWN-102] {{new reference 'item' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

long drop_first(PyObject *list)
{
	PyObject *first = get_list_item(list, 0);
	if (!first)
		return -1;
	long n = PyLong_AsLong(first);
	Py_DECREF(first); // expect-error[MOJO-OWN-106] {{borrowed reference 'first' from 'get_list_item' is released by 'Py_DECREF' but this function does not own it}}
	return n;
}
