/*
 * A helper that may return a negative value (-1 after a failed call, or
 * a value it was not told) keeps its callers' error branches: what they
 * leak there is reported.
 */
#include <Python.h>

typedef struct {
	PyObject *key, *value;
} entry_t;

static int del_at(entry_t *e)
{
	if (PyObject_DelItem(e->value, e->key) < 0)
		return -1;
	Py_CLEAR(e->key);
	return 0;
}

static int compare(PyObject *a, PyObject *b)
{
	return PyObject_RichCompareBool(a, b, Py_EQ);
}

PyObject *pop_item(entry_t *e)
{
	PyObject *ret = PyTuple_Pack(2, e->key, e->value);
	if (ret == NULL)
		return NULL;
	if (del_at(e) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'ret' from 'PyTuple_Pack' is leaked on the error exit}}
	return ret;
}

PyObject *pop_equal(entry_t *e, PyObject *other)
{
	PyObject *ret = PyTuple_Pack(2, e->key, e->value);
	if (ret == NULL)
		return NULL;
	if (compare(e->key, other) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'ret' from 'PyTuple_Pack' is leaked on the error exit}}
	return ret;
}
