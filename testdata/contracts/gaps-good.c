/*
 * The correct forms of gaps-bad.c (issue #11, item 5), and the idioms
 * the new knowledge must stay quiet on.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *value;
} NodeObject;

PyTypeObject NodeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "gaps.Node",
};

int add_version(PyObject *m)
{
	PyObject *v = PyLong_FromLong(3);
	if (v == NULL)
		return -1;
	if (PyModule_AddObject(m, "version", v) < 0) {
		Py_DECREF(v);
		return -1;
	}
	return 0;
}

int add_type(PyObject *m)
{
	Py_INCREF(&NodeType);
	if (PyModule_AddObject(m, "Node", (PyObject *)&NodeType) < 0) {
		Py_DECREF(&NodeType);
		return -1;
	}
	return 0;
}

PyObject *pair_none(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *t = PyTuple_New(2);
	if (t == NULL)
		return NULL;
	PyTuple_SET_ITEM(t, 0, Py_None);
	PyTuple_SET_ITEM(t, 1, Py_None);
	Py_INCREF(Py_None);
	Py_INCREF(Py_None);
	return t;
}

PyObject *node_self(NodeObject *self, PyObject *noargs)
{
	(void)noargs;
	Py_INCREF(self);
	return (PyObject *)self;
}

// Py_SET_TYPE keeps the type in the object: the reference taken for it
// is not leaked.
void retype(PyObject *op, PyTypeObject *type)
{
	Py_INCREF(type);
	Py_SET_TYPE(op, type);
}

// A getbuffer helper that keeps a new reference to its object in the
// view: its caller gives it back with Py_DECREF(self).
static int node_getbuffer(NodeObject *self, Py_buffer *view, int flags)
{
	(void)flags;
	Py_INCREF(self);
	view->obj = (PyObject *)self;
	view->buf = NULL;
	view->len = 0;
	return 0;
}

PyObject *node_length(NodeObject *self, PyObject *noargs)
{
	(void)noargs;
	Py_buffer view;
	if (node_getbuffer(self, &view, 0))
		return NULL;
	Py_ssize_t n = view.len;
	Py_DECREF(self);
	return PyLong_FromSsize_t(n);
}

// NULL given to an API that accepts it.
PyObject *empty_set(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	return PySet_New(NULL);
}
