/*
 * Functions registered in CPython's tables keep the interpreter's contract
 * even when they are `static`: their arguments are borrowed and their
 * result must be a new reference. A static helper may return a borrowed
 * marker to its own callers; a method may not (issue #11, item 1).
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
} NodeObject;

static PyObject *cache;

static PyObject *node_none(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	return Py_None; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}}
}

static PyObject *node_self(PyObject *self, PyObject *noargs)
{
	(void)noargs;
	return self; // expect-error[MOJO-OWN-107] {{'self'}}
}

static PyObject *node_first(PyObject *self, PyObject *args)
{
	(void)self;
	return PyTuple_GET_ITEM(args, 0); // expect-error[MOJO-OWN-107] {{callers expect a new reference}}
}

static PyObject *node_lookup(PyObject *self, PyObject *key)
{
	(void)self;
	PyObject *v = PyDict_GetItem(cache, key);
	if (v == NULL)
		return NULL;
	return v; // expect-error[MOJO-OWN-107] {{'v'}}
}

static PyObject *node_drop(PyObject *self, PyObject *arg)
{
	(void)self;
	Py_DECREF(arg); // expect-error[MOJO-OWN-106] {{'arg'}}
	Py_RETURN_NONE;
}

static PyMethodDef node_methods[] = {
	{"none", node_none, METH_NOARGS, NULL},
	{"self", node_self, METH_NOARGS, NULL},
	{"first", node_first, METH_VARARGS, NULL},
	{"lookup", node_lookup, METH_O, NULL},
	{"drop", node_drop, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

// A getter: returns the field's own reference.
static PyObject *node_get_name(PyObject *self, void *closure)
{
	(void)closure;
	return ((NodeObject *)self)->name; // expect-error[MOJO-OWN-107] {{callers expect a new reference}}
}

static PyGetSetDef node_getset[] = {
	{"name", node_get_name, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL},
};

// A type slot: tp_repr.
static PyObject *node_repr(PyObject *self)
{
	(void)self;
	return Py_None; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}}
}

// A number slot: nb_positive.
static PyObject *node_positive(PyObject *self)
{
	return self; // expect-error[MOJO-OWN-107] {{'self'}}
}

static PyNumberMethods node_as_number = {
	.nb_positive = node_positive,
};

// A PyType_Slot entry.
static PyObject *node_iternext(PyObject *self)
{
	(void)self;
	return Py_None; // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}}
}

static PyType_Slot node_slots[] = {
	{Py_tp_iternext, node_iternext},
	{0, NULL},
};

PyTypeObject NodeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "node.Node",
	.tp_basicsize = sizeof(NodeObject),
	.tp_repr = node_repr,
	.tp_as_number = &node_as_number,
	.tp_methods = node_methods,
	.tp_getset = node_getset,
};

PyType_Spec node_spec = {"node.Node2", sizeof(NodeObject), 0, 0, node_slots};
