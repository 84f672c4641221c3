// MOJO-BOR-207, the idioms that must stay quiet: a reference taken before
// the change, the item re-read after it, changes to another container,
// appends that keep the items, tuples filled in place.
#include <Python.h>

// The old item owned before the list lets go of it.
PyObject *replace_first(PyObject *list, PyObject *value)
{
	PyObject *old = PyList_GetItem(list, 0);
	if (old == NULL)
		return NULL;
	Py_INCREF(old);
	if (PyList_SetItem(list, 0, Py_NewRef(value)) < 0) {
		Py_DECREF(old);
		return NULL;
	}
	return old;
}

// dict.pop as it should be: Py_NewRef before the deletion.
PyObject *pop(PyObject *dict, PyObject *key)
{
	PyObject *v = Py_XNewRef(PyDict_GetItemWithError(dict, key));
	if (v == NULL)
		return NULL;
	if (PyDict_DelItem(dict, key) < 0) {
		Py_DECREF(v);
		return NULL;
	}
	return v;
}

// The item read again after the change.
PyObject *set_then_read(PyObject *list, PyObject *value)
{
	if (PyList_SetItem(list, 0, Py_NewRef(value)) < 0)
		return NULL;
	PyObject *now = PyList_GetItem(list, 0);
	if (now == NULL)
		return NULL;
	return Py_NewRef(now);
}

// Another container changed (without running code): the borrow's own
// is untouched.
int copy_into(PyObject *src, PyObject *dst, PyObject *log, PyObject *key)
{
	PyObject *v = PyDict_GetItemWithError(src, key);
	if (v == NULL)
		return -1;
	if (PyList_Append(log, key) < 0)
		return -1;
	return PyDict_SetItem(dst, key, v);
}

// An append keeps the items already there.
PyObject *append_keeps_items(PyObject *list, PyObject *x)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	if (PyList_Append(list, x) < 0)
		return NULL;
	return Py_NewRef(first);
}

// A tuple filled in place: each slot set once, nothing read back.
PyObject *pair(PyObject *a, PyObject *b)
{
	PyObject *t = PyTuple_New(2);
	if (t == NULL)
		return NULL;
	PyTuple_SET_ITEM(t, 0, Py_NewRef(a));
	PyTuple_SET_ITEM(t, 1, Py_NewRef(b));
	return t;
}

// The borrow's last use comes before the change.
int move_key(PyObject *src, PyObject *dst, PyObject *key)
{
	PyObject *v = PyDict_GetItemWithError(src, key);
	if (v == NULL)
		return -1;
	if (PyDict_SetItem(dst, key, v) < 0)
		return -1;
	return PyDict_DelItem(src, key);
}

// A different slot of the same list replaced.
PyObject *set_second_use_first(PyObject *list, PyObject *value)
{
	PyObject *first = PyList_GET_ITEM(list, 0);
	Py_INCREF(value);
	PyList_SET_ITEM(list, 1, value);
	return Py_NewRef(first);
}
// expect-no-diagnostics

// Values replaced under their keys during a PyDict_Next walk (CPython
// allows it): the keys stay in the dict.
int bump_all(PyObject *dict, PyObject *one)
{
	Py_ssize_t pos = 0;
	PyObject *key, *value;
	while (PyDict_Next(dict, &pos, &key, &value)) {
		if (PyDict_SetItem(dict, key, one) < 0)
			return -1;
		if (PyUnicode_Check(key) && PyObject_Hash(key) == -1)
			return -1;
	}
	return 0;
}

// An append moves a list's item array, not its items: an item read before
// stays valid, and the array read again after the append is the new one.
PyObject *append_then_read_array(PyObject *list, PyObject *x)
{
	PyObject *first = PyList_GET_ITEM(list, 0);
	if (PyList_Append(list, x) < 0)
		return NULL;
	PyObject **items = ((PyListObject *)list)->ob_item;
	if (items[0] != first)
		return NULL;
	return Py_NewRef(first);
}

// A tuple's item array never moves: a list appended to is another object.
PyObject *tuple_items_across_append(PyObject *tuple, PyObject *list)
{
	PyObject **items = PySequence_Fast_ITEMS(tuple);
	if (PyList_Append(list, tuple) < 0)
		return NULL;
	return Py_NewRef(items[0]);
}
