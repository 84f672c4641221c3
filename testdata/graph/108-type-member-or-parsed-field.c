// Fields the teardown releases and no store is seen into, but which do
// get values: one through a writable tp_members row (Python code assigns
// it), one parsed straight into the object by PyArg_ParseTuple.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *data;
} BoxObject;

static void Box_dealloc(PyObject *self)
{
	Py_XDECREF(((BoxObject *)self)->data);
	Py_TYPE(self)->tp_free(self);
}

static PyMemberDef Box_members[] = {
	{"data", T_OBJECT, offsetof(BoxObject, data), 0, NULL},
	{NULL, 0, 0, 0, NULL},
};

PyTypeObject BoxType = { // expect-note[MOJO-OWN-108] {{type 'r.Box' can own themselves through 'data'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "r.Box",
	.tp_basicsize = sizeof(BoxObject),
	.tp_dealloc = Box_dealloc,
	.tp_members = Box_members,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

typedef struct {
	PyObject_HEAD
	PyObject *cb;
} CellObject;

static int Cell_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &((CellObject *)self)->cb))
		return -1;
	Py_INCREF(((CellObject *)self)->cb);
	return 0;
}

static void Cell_dealloc(PyObject *self)
{
	Py_XDECREF(((CellObject *)self)->cb);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject CellType = { // expect-note[MOJO-OWN-108] {{type 'r.Cell' can own themselves through 'cb'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "r.Cell",
	.tp_basicsize = sizeof(CellObject),
	.tp_dealloc = Cell_dealloc,
	.tp_init = Cell_init,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
