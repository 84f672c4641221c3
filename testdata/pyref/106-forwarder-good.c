// A function whose whole body is one call of a CPython function, with its
// own parameters passed as they came, forwards: its contract is the
// call's, whatever its linkage, and it has no ownership of its own to get
// wrong. IlwisConnectors' pythonapi wrappers: `setListItem(list, index,
// item)` steals `item` as PyList_SetItem does, `getListItem` and
// `PyDictGetItemString(dict, key)` lend what the dict or list holds
// (a `const char *` key is no method's arguments).
// expect-no-diagnostics
#include <Python.h>

int set_list_item(PyObject *list, int index, PyObject *item)
{
	return PyList_SetItem(list, index, item);
}

void set_tuple_item(PyObject *tuple, Py_ssize_t i, PyObject *v)
{
	PyTuple_SET_ITEM(tuple, i, v);
}

PyObject *get_list_item(PyObject *list, int index)
{
	return PyList_GetItem(list, index);
}

PyObject *dict_get_item_string(PyObject *dict, const char *key)
{
	return PyDict_GetItemString(dict, key);
}

PyObject *pair(long a, long b)
{
	PyObject *list = PyList_New(2);
	if (!list)
		return NULL;
	if (set_list_item(list, 0, PyLong_FromLong(a)) < 0 ||
	    set_list_item(list, 1, PyLong_FromLong(b)) < 0) {
		Py_DECREF(list);
		return NULL;
	}
	return list;
}

long first_size(PyObject *list, PyObject *dict)
{
	PyObject *first = get_list_item(list, 0);
	PyObject *size = dict_get_item_string(dict, "size");
	if (!first || !size)
		return -1;
	return PyLong_AsLong(size) + PyLong_AsLong(first);
}
