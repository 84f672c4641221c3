// A heap type (PyType_Spec) without GC that holds an arbitrary object.
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

static void Cell_dealloc(PyObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	Py_XDECREF(((CellObject *)self)->value);
	tp->tp_free(self);
	Py_DECREF(tp);
}

static PyType_Slot Cell_slots[] = {
	{Py_tp_init, Cell_init},
	{Py_tp_dealloc, Cell_dealloc},
	{0, NULL},
};

static PyType_Spec Cell_spec = { // expect-note[MOJO-OWN-108] {{'m.Cell' can own themselves through 'value'}}
	.name = "m.Cell",
	.basicsize = sizeof(CellObject),
	.flags = Py_TPFLAGS_DEFAULT,
	.slots = Cell_slots,
};

PyObject *make_cell_type(void)
{
	return PyType_FromSpec(&Cell_spec);
}
