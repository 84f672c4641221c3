#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *next; // any object, another Node included
} NodeObject;

static int Node_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((NodeObject *)self)->next);
	return 0;
}

static int Node_clear(PyObject *self)
{
	Py_CLEAR(((NodeObject *)self)->next);
	return 0;
}

static void Node_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Node_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject NodeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "graph.Node",
	.tp_basicsize = sizeof(NodeObject),
	.tp_dealloc = Node_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Node_traverse,
	.tp_clear = Node_clear,
};
// expect-no-diagnostics
