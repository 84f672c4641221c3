// MOJO-BOR-206 is not reported for an object's field given to a comparison
// or a binary number operation (or to a format after a `%R` unit) when
// Python code cannot assign the field while the call runs: the file has no setter that assigns it (a getter
// alone, a setter of another field or of another type), or the function
// holds a reference of its own for the call (wrapt's fix).
#include <Python.h>

// expect-no-diagnostics

typedef struct {
	PyObject_HEAD
	PyObject *wrapped;
	PyObject *name;
	PyObject *key;
} Proxy;

typedef struct {
	PyObject_HEAD
	PyObject *key;
} Other;

static PyObject *proxy_get_wrapped(Proxy *self, void *closure)
{
	return Py_NewRef(self->wrapped);
}

// Sets `wrapped`.
static int proxy_set_wrapped(Proxy *self, PyObject *value, void *closure)
{
	if (value == NULL)
		return -1;
	Py_INCREF(value);
	Py_XSETREF(self->wrapped, value);
	return 0;
}

// Sets the `key` of another type.
static int other_set_key(Other *self, PyObject *value, void *closure)
{
	if (value == NULL)
		return -1;
	Py_INCREF(value);
	Py_XSETREF(self->key, value);
	return 0;
}

static PyGetSetDef proxy_getset[] = {
	{"__wrapped__", (getter)proxy_get_wrapped, (setter)proxy_set_wrapped,
	 NULL, NULL},
	{NULL},
};

static PyGetSetDef other_getset[] = {
	{"key", NULL, (setter)other_set_key, NULL, NULL},
	{NULL},
};

// wrapt's fix: a reference of our own for the duration of the call.
PyObject *proxy_richcompare(Proxy *self, PyObject *other, int op)
{
	if (self->wrapped == NULL)
		Py_RETURN_NOTIMPLEMENTED;
	PyObject *wrapped = Py_NewRef(self->wrapped);
	PyObject *result = PyObject_RichCompare(wrapped, other, op);
	Py_DECREF(wrapped);
	return result;
}

// `name` has no setter: Python code cannot assign it.
int proxy_same_name(Proxy *self, PyObject *other)
{
	if (self->name == NULL)
		return 0;
	return PyObject_RichCompareBool(self->name, other, Py_EQ);
}

// Proxy's `key` has no setter; Other's has.
int proxy_same_key(Proxy *self, PyObject *other)
{
	if (self->key == NULL)
		return 0;
	return PyObject_RichCompareBool(self->key, other, Py_EQ);
}

// Formats: the settable field as the first `%R` (nothing ran before it),
// or after units that run no code of the user's (`%s`, `%d`, `%U`); a
// field without a setter after a `%R`; a reference of our own.
PyObject *proxy_repr_first(Proxy *self, PyObject *other)
{
	return PyUnicode_FromFormat("%s(%d, %R, %R)", "proxy", 1,
				    self->wrapped, other);
}

PyObject *proxy_repr_after_str(Proxy *self)
{
	PyObject *tag = PyUnicode_FromString("tag");
	if (tag == NULL)
		return NULL;
	PyObject *r = PyUnicode_FromFormat("%U %R", tag, self->wrapped);
	Py_DECREF(tag);
	return r;
}

PyObject *proxy_repr_name_last(Proxy *self, PyObject *other)
{
	return PyUnicode_FromFormat("%R %R", other, self->name);
}

PyObject *proxy_repr_held(Proxy *self, PyObject *other)
{
	PyObject *wrapped = Py_NewRef(self->wrapped);
	PyObject *r = PyUnicode_FromFormat("%R %R", other, wrapped);
	Py_DECREF(wrapped);
	return r;
}
