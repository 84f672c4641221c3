#include "helpers.h"

// Releases a reference the cache owns.
PyObject *drop_cached(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *v = cache_get("x");
	if (v == NULL)
		Py_RETURN_NONE;
	Py_DECREF(v);
	Py_RETURN_NONE;
}

// Releases what cache_adopt stole.
PyObject *adopt_twice(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *n = PyLong_FromLong(1);
	if (n == NULL)
		return NULL;
	cache_adopt(n);
	Py_DECREF(n);
	Py_RETURN_NONE;
}

// Correct: the error helper's result is NULL, nothing to release.
PyObject *checked(PyObject *self, PyObject *arg)
{
	(void)self;
	if (!PyLong_Check(arg)) {
		raise_bad("not an int");
		return NULL;
	}
	PyObject *n = PyLong_FromLong(2);
	if (n == NULL)
		return NULL;
	if (cache_adopt(n) < 0)
		return raise_bad("cannot adopt");
	Py_RETURN_NONE;
}

static PyGetSetDef node_getset[] = {
	{"name", node_get_name, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject NodeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "xfile.Node",
	.tp_getset = node_getset,
};

// A node in arena memory keeps a borrowed name: the arena owns the node,
// and the name is kept alive where the arena's objects are (no BOR-202).
typedef struct {
	PyObject *name;
} ArenaNode;

ArenaNode *arena_node(PyObject *name)
{
	ArenaNode *n = arena_alloc(sizeof *n);
	if (n == NULL)
		return NULL;
	n->name = name;
	return n;
}
