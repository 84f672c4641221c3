// A helper that hands its argument back, or NULL when it fails without
// touching it (fastcache's set_hash_value), called in a condition that only
// tests its result: the caller keeps its own reference either way, so the
// object it returns is still a new reference, and its callers own it.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	Py_hash_t hashvalue;
} Key;
static PyTypeObject Key_type;

static PyObject *check_hash(Key *k, PyObject *args)
{
	if ((k->hashvalue = PyObject_Hash(args)) == -1)
		return NULL;
	return (PyObject *)k;
}

static PyObject *make_key(PyObject *args)
{
	Key *k;
	if (!(k = PyObject_New(Key, &Key_type)))
		return NULL;
	if (!check_hash(k, args)) {
		Py_DECREF(k);
		return NULL;
	}
	return (PyObject *)k;
}

static PyObject *call(PyObject *self, PyObject *args)
{
	PyObject *key = make_key(args);
	if (!key)
		return NULL;
	if (((Key *)key)->hashvalue == 0) {
		Py_DECREF(key);
		Py_RETURN_NONE;
	}
	Py_DECREF(key);
	Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
	{"call", (PyCFunction)call, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
