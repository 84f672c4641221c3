#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *next; // any object, another Node included
} NodeObject;

static void Node_dealloc(PyObject *self)
{
	Py_XDECREF(((NodeObject *)self)->next);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject NodeType = { // expect-warning[MOJO-OWN-108] {{'graph.Node'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "graph.Node",
	.tp_basicsize = sizeof(NodeObject),
	.tp_dealloc = Node_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
