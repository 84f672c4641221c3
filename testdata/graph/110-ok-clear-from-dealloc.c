// The canonical GC type: fields released through Py_CLEAR in tp_clear,
// which tp_dealloc calls after PyObject_GC_UnTrack.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *first;
	PyObject *second;
} TwoObject;

static int Two_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *a, *b;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "OO", &a, &b))
		return -1;
	Py_XSETREF(((TwoObject *)self)->first, Py_NewRef(a));
	Py_XSETREF(((TwoObject *)self)->second, Py_NewRef(b));
	return 0;
}

static int Two_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((TwoObject *)self)->first);
	Py_VISIT(((TwoObject *)self)->second);
	return 0;
}

static int Two_clear(PyObject *self)
{
	Py_CLEAR(((TwoObject *)self)->first);
	Py_CLEAR(((TwoObject *)self)->second);
	return 0;
}

static void Two_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Two_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject TwoType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Two",
	.tp_basicsize = sizeof(TwoObject),
	.tp_dealloc = Two_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Two_traverse,
	.tp_clear = Two_clear,
	.tp_init = Two_init,
};
// expect-no-diagnostics
