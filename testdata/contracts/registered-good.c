/*
 * The same methods as registered-bad.c, written correctly, and the static
 * helpers that stay helpers: a helper not in any table may return a
 * borrowed marker to its own callers, and one that consumes its argument
 * is a stealing helper, not a method (issue #11, item 1).
 */
// expect-no-diagnostics
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
	Py_RETURN_NONE;
}

static PyObject *node_self(PyObject *self, PyObject *noargs)
{
	(void)noargs;
	return Py_NewRef(self);
}

static PyObject *node_first(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *v = PyTuple_GET_ITEM(args, 0);
	Py_INCREF(v);
	return v;
}

static PyObject *node_lookup(PyObject *self, PyObject *key)
{
	(void)self;
	PyObject *v = PyDict_GetItem(cache, key);
	if (v == NULL)
		return NULL;
	return Py_NewRef(v);
}

// A static helper nobody registers: it returns a borrowed marker that
// its callers in this file know not to release.
static PyObject *marker(int which)
{
	if (which)
		return Py_None;
	return NULL;
}

// A static helper that consumes the reference it is given.
static int consume(PyObject *o)
{
	Py_DECREF(o);
	return 0;
}

static PyObject *node_use(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *m = marker(PyObject_IsTrue(arg));
	if (m == NULL)
		return NULL;
	PyObject *n = PyLong_FromLong(1);
	if (n == NULL)
		return NULL;
	consume(n);
	return Py_NewRef(m);
}

static PyMethodDef node_methods[] = {
	{"none", node_none, METH_NOARGS, NULL},
	{"self", node_self, METH_NOARGS, NULL},
	{"first", node_first, METH_VARARGS, NULL},
	{"lookup", node_lookup, METH_O, NULL},
	{"use", node_use, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static PyObject *node_get_name(PyObject *self, void *closure)
{
	(void)closure;
	return Py_NewRef(((NodeObject *)self)->name);
}

static PyGetSetDef node_getset[] = {
	{"name", node_get_name, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL},
};

static void node_dealloc(PyObject *self)
{
	Py_XDECREF(((NodeObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject NodeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "node.Node",
	.tp_dealloc = node_dealloc,
	.tp_methods = node_methods,
	.tp_getset = node_getset,
};
