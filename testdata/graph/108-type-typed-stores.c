// PyObject * fields whose stores are of known types that lead back: a
// Node's 'next' takes Nodes (checked by "O!"), stored and then paid for
// with Py_INCREF. Node is not GC-tracked: a ring of Nodes is never freed.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *next;
} NodeObject;

PyTypeObject Node_Type;

static PyObject *Node_link(PyObject *self, PyObject *args)
{
	NodeObject *next = NULL;
	if (!PyArg_ParseTuple(args, "O!", &Node_Type, &next))
		return NULL;
	Py_XDECREF(((NodeObject *)self)->next);
	((NodeObject *)self)->next = (PyObject *)next;
	Py_INCREF(next);
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

PyTypeObject Node_Type = { // expect-warning[MOJO-OWN-108] {{'ring.Node' can own themselves through 'next'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "ring.Node",
	.tp_basicsize = sizeof(NodeObject),
	.tp_dealloc = Node_dealloc,
	.tp_methods = Node_methods,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
