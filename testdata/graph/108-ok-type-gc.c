// A node type that can hold any object, with full GC support.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *next;
} NodeObject;

static int Node_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *n;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &n))
		return -1;
	Py_XSETREF(((NodeObject *)self)->next, Py_NewRef(n));
	return 0;
}

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
	.tp_init = Node_init,
};
// expect-no-diagnostics
