// Functions CPython calls through a table (issue #26). An exception
// leaving one ends the process (no C++ frame above it catches): a leak on
// that edge alone is not reported. The positional arguments of tp_init
// (and tp_new, tp_call, a METH_VARARGS | METH_KEYWORDS method) are a
// tuple, however the code reads it: no Python code can change its items.
// None of these functions may get a finding.
#include <Python.h>
#include <vector>

#define TupleOrList_GET_ITEM(op, i)                                            \
	(PyTuple_Check(op) ? PyTuple_GET_ITEM(op, i) : PyList_GET_ITEM(op, i))

typedef struct {
	PyObject_HEAD
	std::vector<int> *ops;
} Batch;

// expect-no-diagnostics

static PyObject *batch_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	Batch *self = (Batch *)type->tp_alloc(type, 0);
	if (!self)
		return NULL;
	self->ops = new std::vector<int>;
	return (PyObject *)self;
}

static int batch_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	if (PyTuple_GET_SIZE(args) < 1)
		return 0;
	PyObject *first = TupleOrList_GET_ITEM(args, 0);
	Py_ssize_t n = PyObject_Size(first); // may run a user __len__
	if (n < 0)
		return -1;
	PyObject *it = PyObject_GetIter(first);
	if (!it)
		return -1;
	Py_DECREF(it);
	return 0;
}

static PyTypeObject BatchType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Batch",
	.tp_basicsize = sizeof(Batch),
	.tp_init = batch_init,
	.tp_new = batch_new,
};
