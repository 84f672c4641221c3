/*
 * The smaller gaps of issue #11, item 5, one bug per function.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *value;
} NodeObject;

PyTypeObject NodeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "gaps.Node",
};

// PyModule_AddObject steals only when it succeeds: unchecked, the value
// leaks when it fails.
int add_version(PyObject *m)
{
	PyObject *v = PyLong_FromLong(1003);
	if (v == NULL)
		return -1;
	PyModule_AddObject(m, "version", v); // expect-warning[MOJO-OWN-101] {{'v' from 'PyLong_FromLong' is leaked when 'PyModule_AddObject' fails}}
	return 0;
}

// ... and returning its status as is leaks it on that error exit.
int add_limit(PyObject *m)
{
	PyObject *v = PyLong_FromLong(1010);
	if (v == NULL)
		return -1;
	return PyModule_AddObject(m, "limit", v); // expect-warning[MOJO-OWN-105] {{'v' from 'PyLong_FromLong' is leaked when 'PyModule_AddObject' fails}}
}

// A static type object handed to a stealing call without Py_INCREF.
int add_type(PyObject *m)
{
	if (PyModule_AddObject(m, "Node", (PyObject *)&NodeType) < 0) // expect-error[MOJO-OWN-106] {{'NodeType' is passed to 'PyModule_AddObject', which steals a reference}}
		return -1;
	return 0;
}

// Py_None stolen by PyTuple_SetItem, never paid for.
PyObject *pair_none(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyTuple_SetItem(t, 0, Py_None); // expect-error[MOJO-OWN-106] {{'Py_None' is passed to 'PyTuple_SetItem'}}
	return t;
}

// A parameter typed as an object struct is a reference too: an extra
// one taken and never given back.
PyObject *node_touch(NodeObject *self, PyObject *noargs)
{
	(void)noargs;
	Py_INCREF(self);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{'self'}}
}

// NULL where the API needs an object.
PyObject *attr_of_nothing(PyObject *self, PyObject *name)
{
	(void)self;
	return PyObject_GetAttr(NULL, name); // expect-warning[MOJO-OWN-109] {{NULL is passed to 'PyObject_GetAttr'}}
}

// ... or a failed lookup passed on anyway.
PyObject *attr_after_failure(PyObject *self, PyObject *obj)
{
	(void)self;
	PyObject *mod = PyObject_GetAttrString(obj, "__module__");
	if (mod == NULL) {
		PyObject *r = PyObject_GetAttr(mod, obj); // expect-warning[MOJO-OWN-109] {{'mod' from 'PyObject_GetAttrString' is NULL on this path}}
		return r;
	}
	return mod;
}

// PyObject_GC_New (a macro around _PyObject_GC_New) makes a new object:
// leaked when the next allocation fails.
PyObject *node_new(PyObject *mod, PyObject *value)
{
	NodeObject *n = PyObject_GC_New(NodeObject, &NodeType);
	if (n == NULL)
		return NULL;
	char *scratch = (char *)PyMem_Malloc(64);
	if (scratch == NULL)
		return PyErr_NoMemory(); // expect-warning[MOJO-OWN-105] {{'n' from '_PyObject_GC_New' is leaked on the error exit}}
	PyMem_Free(scratch);
	Py_INCREF(value);
	n->value = value;
	PyObject_GC_Track(n);
	return (PyObject *)n;
}

// A helper that takes a reference on its argument on every path hands it
// to its caller: the caller that never drops it leaks it.
static void hold(PyObject *owner)
{
	Py_INCREF(owner);
}

PyObject *hold_forever(PyObject *self, PyObject *noargs)
{
	hold(self);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{an extra reference to 'self' (taken by 'hold') is never released}}
}

// PyErr_Occurred() is NULL when no exception is set: the path past
// `if (PyErr_Occurred())` is explored (it was taken as never NULL).
PyObject *after_error_test(PyObject *self, PyObject *arg)
{
	PyObject *x = PyLong_FromLong(1000);
	if (x == NULL)
		return NULL;
	if (PyErr_Occurred()) {
		Py_DECREF(x);
		return NULL;
	}
	return PyLong_FromLong(1000); // expect-warning[MOJO-OWN-101] {{'x' from 'PyLong_FromLong' is never released}}
}

// Py_BuildValue("{}") builds a new dict, which may fail.
PyObject *empty_kwargs(PyObject *self, PyObject *noargs)
{
	PyObject *kw = Py_BuildValue("{}");
	PyObject *r = PyObject_Call(self, self, kw);
	Py_DECREF(kw); // expect-warning[MOJO-OWN-109] {{'kw' from 'Py_BuildValue' is passed to 'Py_DECREF' before it is checked for NULL}}
	return r;
}
