#include <Python.h>

typedef struct NodeObject {
	PyObject_HEAD
	struct NodeObject *next; // another Node, this one included
} NodeObject;

extern PyTypeObject NodeType;

// node.link(other): `a.link(b); b.link(a)` makes a cycle.
static PyObject *Node_link(PyObject *self, PyObject *args)
{
	NodeObject *next, *old;
	if (!PyArg_ParseTuple(args, "O!", &NodeType, &next))
		return NULL;
	old = ((NodeObject *)self)->next;
	Py_INCREF(next);
	((NodeObject *)self)->next = next;
	Py_XDECREF(old);
	Py_RETURN_NONE;
}

static void Node_dealloc(PyObject *self)
{
	Py_XDECREF(((NodeObject *)self)->next);
	Py_TYPE(self)->tp_free(self);
}

static PyMethodDef Node_methods[] = {
	{"link", Node_link, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};

PyTypeObject NodeType = { // expect-warning[MOJO-OWN-108] {{'graph.Node'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "graph.Node",
	.tp_basicsize = sizeof(NodeObject),
	.tp_dealloc = Node_dealloc,
	.tp_methods = Node_methods,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
