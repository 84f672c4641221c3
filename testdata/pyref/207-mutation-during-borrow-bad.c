// MOJO-BOR-207: a borrow used after the container it came from was changed
// by the function itself: the slot overwritten, the key deleted, the items
// array reallocated.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *cache; // a dict
	PyObject *items; // a list
} Store;

// The old item, read and then replaced: the list dropped it.
PyObject *replace_first(PyObject *list, PyObject *value)
{
	PyObject *old = PyList_GetItem(list, 0);
	if (old == NULL)
		return NULL;
	if (PyList_SetItem(list, 0, Py_NewRef(value)) < 0)
		return NULL;
	return Py_NewRef(old); // expect-error[MOJO-BOR-207] {{'old' from 'PyList_GetItem' is passed to '_Py_NewRef' after its container was changed}}
}

// dict.pop before a reference was taken: the value is returned after its
// key was deleted.
PyObject *store_pop(Store *self, PyObject *key)
{
	PyObject *v = PyDict_GetItemWithError(self->cache, key);
	if (v == NULL)
		return NULL;
	if (PyDict_DelItem(self->cache, key) < 0)
		return NULL;
	return Py_NewRef(v); // expect-error[MOJO-BOR-207] {{'v' from 'PyDict_GetItemWithError'}}
}

// The value is overwritten under the same key, then used.
int swap_value(PyObject *dict, PyObject *key, PyObject *other,
	       PyObject *out)
{
	PyObject *v = PyDict_GetItemWithError(dict, key);
	if (v == NULL)
		return -1;
	if (PyDict_SetItem(dict, key, other) < 0)
		return -1;
	return PyList_Append(out, v); // expect-error[MOJO-BOR-207] {{'v'}}
}

// A slice deletion drops the items it held.
PyObject *clear_then_first(PyObject *list)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	if (PyList_SetSlice(list, 0, PyList_GET_SIZE(list), NULL) < 0)
		return NULL;
	return PyObject_Repr(first); // expect-error[MOJO-BOR-207] {{'first'}}
}

// A dict cleared while a value read from it is still to be returned.
PyObject *reset_and_return(Store *self, PyObject *key)
{
	PyObject *v = PyDict_GetItemWithError(self->cache, key);
	if (v == NULL)
		return NULL;
	PyDict_Clear(self->cache);
	return Py_NewRef(v); // expect-error[MOJO-BOR-207] {{'v'}}
}

// The generic protocol deletes through the container too.
PyObject *del_then_use(PyObject *mapping, PyObject *key)
{
	PyObject *v = PyDict_GetItemWithError(mapping, key);
	if (v == NULL)
		return NULL;
	if (PyObject_DelItem(mapping, key) < 0)
		return NULL;
	return PyObject_Str(v); // expect-error[MOJO-BOR-207] {{'v'}}
}

// An item of the object's own list replaced through the macro-less API,
// then stored.
int store_rotate(Store *self, PyObject *value, PyObject *out)
{
	PyObject *last = PyList_GetItem(self->items, 0);
	if (last == NULL)
		return -1;
	if (PyList_SetItem(self->items, 0, Py_NewRef(value)) < 0)
		return -1;
	return PyDict_SetItem(out, value, last); // expect-error[MOJO-BOR-207] {{'last'}}
}

// The items array of a list is reallocated by an append: a pointer into
// it read before dangles.
PyObject *append_then_items(PyObject *list, PyObject *x)
{
	PyObject **items = PySequence_Fast_ITEMS(list);
	if (PyList_Append(list, x) < 0)
		return NULL;
	return Py_NewRef(items[0]); // expect-error[MOJO-BOR-207] {{'items' is dereferenced after its container was changed}}
}

// _PyList_Resize reallocates the array the same way (declared here: 3.11
// keeps it out of the public headers).
int _PyList_Resize(PyObject **plist, Py_ssize_t newsize);

PyObject *resize_then_items(PyObject *list)
{
	PyObject **items = ((PyListObject *)list)->ob_item;
	if (_PyList_Resize(&list, 1) < 0)
		return NULL;
	return Py_NewRef(items[0]); // expect-error[MOJO-BOR-207] {{'items' is dereferenced after its container was changed}}
}

// A PyDict_Next value used after its entry was replaced: the dict dropped
// it.
int replace_values(PyObject *dict, PyObject *one, PyObject *out)
{
	Py_ssize_t pos = 0;
	PyObject *key, *value;
	while (PyDict_Next(dict, &pos, &key, &value)) {
		if (PyDict_SetItem(dict, key, one) < 0)
			return -1;
		if (PyList_Append(out, value) < 0) // expect-error[MOJO-BOR-207] {{borrowed reference 'value' from 'PyDict_Next' is passed to 'PyList_Append' after its container was changed}}
			return -1;
	}
	return 0;
}

// A pointer moved along the item array points into the same storage
// (issue #26): the append moves it under the loop.
int walk_and_append(PyObject *list, Py_ssize_t n)
{
	PyObject **it = PySequence_Fast_ITEMS(list);
	while (n-- > 0) {
		PyObject *o = *it; // expect-error[MOJO-BOR-207] {{'it' is dereferenced after its container was changed}}
		if (PyList_Append(list, o) < 0)
			return -1;
		it = it + 1;
	}
	return 0;
}
