/*
 * MOJO-OWN-107 borrowed-returned-as-new: a function returning PyObject *
 * (callers expect a new reference) returns a borrowed one. One bug per
 * function.
 */
#include <Python.h>

// The classic: Py_None without a new reference.
PyObject *do_nothing(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	return Py_None; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}}
}

// PyDict_GetItem returns a borrowed reference.
PyObject *lookup(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *d, *key;
	if (!PyArg_ParseTuple(args, "OO", &d, &key))
		return NULL;
	PyObject *v = PyDict_GetItem(d, key);
	if (v == NULL) {
		PyErr_SetString(PyExc_KeyError, "missing");
		return NULL;
	}
	return v; // expect-error[MOJO-OWN-107] {{borrowed reference 'v' from 'PyDict_GetItem' is returned but callers expect a new reference}}
}

// A method returning its own argument (e.g. an identity or __enter__).
PyObject *identity(PyObject *self, PyObject *arg)
{
	(void)self;
	return arg; // expect-error[MOJO-OWN-107] {{'arg' is returned but callers expect a new reference}}
}

// PyList_GetItem returns a borrowed reference.
PyObject *first(PyObject *self, PyObject *list)
{
	(void)self;
	return PyList_GetItem(list, 0); // expect-error[MOJO-OWN-107] {{from 'PyList_GetItem' is returned but callers expect a new reference}}
}

// The macro form: PyTuple_GET_ITEM is a borrowed element of `args`.
PyObject *first_arg(PyObject *self, PyObject *args)
{
	(void)self;
	if (PyTuple_GET_SIZE(args) < 1) {
		PyErr_SetString(PyExc_TypeError, "need one argument");
		return NULL;
	}
	return PyTuple_GET_ITEM(args, 0); // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}}
}

// PyTuple_GetItem also returns a borrowed reference.
PyObject *second(PyObject *self, PyObject *tuple)
{
	(void)self;
	PyObject *item = PyTuple_GetItem(tuple, 1);
	if (item == NULL)
		return NULL;
	return item; // expect-error[MOJO-OWN-107] {{borrowed reference 'item' from 'PyTuple_GetItem' is returned but callers expect a new reference}}
}

// The singletons need new references too.
PyObject *is_positive(PyObject *self, PyObject *arg)
{
	(void)self;
	long v = PyLong_AsLong(arg);
	if (v == -1 && PyErr_Occurred())
		return NULL;
	return v > 0 ? Py_True : Py_False; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference (and 1 more site with the same cause)}}
}

// A PyArg_ParseTuple "O" object is borrowed from the argument tuple.
PyObject *pick(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *a, *b;
	int which;
	if (!PyArg_ParseTuple(args, "OOp", &a, &b, &which))
		return NULL;
	if (which)
		return a; // expect-error[MOJO-OWN-107] {{'a' from 'PyArg_ParseTuple' is returned but callers expect a new reference}}
	return Py_NewRef(b);
}

// A static helper that returns a borrowed reference (its summary says
// so); the public caller passes it on as if it were new.
static PyObject *find_option(PyObject *options, const char *name)
{
	return PyDict_GetItemString(options, name);
}

PyObject *get_option(PyObject *options)
{
	PyObject *v = find_option(options, "level");
	if (v == NULL) {
		PyErr_SetString(PyExc_KeyError, "level");
		return NULL;
	}
	return v; // expect-error[MOJO-OWN-107] {{'v' from 'find_option' is returned but callers expect a new reference}}
}

typedef struct {
	PyObject_HEAD
	PyObject *cache; // owned by the object
} CacheObject;

// A getter returns the field's value: borrowed from `self`.
PyObject *Cache_get(CacheObject *self, void *closure)
{
	(void)closure;
	if (self->cache == NULL) {
		PyErr_SetString(PyExc_AttributeError, "cache");
		return NULL;
	}
	return self->cache; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}} xfail(#3): values read from fields of `self` are not tracked as borrowed
}

static PyObject *default_codec;

// A module global is borrowed from the module as well.
PyObject *get_default_codec(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	if (default_codec == NULL)
		Py_RETURN_NONE;
	return default_codec; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}} xfail(#3): values read from globals are not tracked as borrowed
}

