// Every stored field is released by tp_dealloc.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *value;
} PairObject;

static int Pair_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *n;
	long v;
	PyObject *name, *value;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "sl", &n, &v))
		return -1;
	if ((name = PyUnicode_FromString(n)) == NULL)
		return -1;
	if ((value = PyLong_FromLong(v)) == NULL) {
		Py_DECREF(name);
		return -1;
	}
	Py_XSETREF(((PairObject *)self)->name, name);
	Py_XSETREF(((PairObject *)self)->value, value);
	return 0;
}

static void Pair_dealloc(PyObject *self)
{
	PairObject *p = (PairObject *)self;
	Py_XDECREF(p->name);
	Py_XDECREF(p->value);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject PairType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Pair",
	.tp_basicsize = sizeof(PairObject),
	.tp_dealloc = Pair_dealloc,
	.tp_init = Pair_init,
};
// expect-no-diagnostics
