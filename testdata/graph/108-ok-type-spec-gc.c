// A heap type from PyType_FromSpec with GC slots: cycles are collectable.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *value;
} CellObject;

static int Cell_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *v;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &v))
		return -1;
	Py_XSETREF(((CellObject *)self)->value, Py_NewRef(v));
	return 0;
}

static int Cell_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((CellObject *)self)->value);
	Py_VISIT(Py_TYPE(self));
	return 0;
}

static int Cell_clear(PyObject *self)
{
	Py_CLEAR(((CellObject *)self)->value);
	return 0;
}

static void Cell_dealloc(PyObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	PyObject_GC_UnTrack(self);
	Cell_clear(self);
	tp->tp_free(self);
	Py_DECREF(tp);
}

static PyType_Slot Cell_slots[] = {
	{Py_tp_init, Cell_init},
	{Py_tp_traverse, Cell_traverse},
	{Py_tp_clear, Cell_clear},
	{Py_tp_dealloc, Cell_dealloc},
	{0, NULL},
};

static PyType_Spec Cell_spec = {
	.name = "m.Cell",
	.basicsize = sizeof(CellObject),
	.flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.slots = Cell_slots,
};

PyObject *make_cell_type(void)
{
	return PyType_FromSpec(&Cell_spec);
}
// expect-no-diagnostics
