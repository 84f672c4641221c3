// A teardown that releases a field of another object struct whose prefix
// differs (a `PyObject *` before it where the instance struct has a
// `char *`): the instance struct's field at that place is not known to be
// the same storage, and is still reported.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *extra;
	PyObject *b_root;
} OtherObject;

typedef struct {
	PyObject_HEAD
	char *name;
	PyObject *h_root;
} MapObject;

static int map_clear(OtherObject *self)
{
	Py_CLEAR(self->b_root);
	return 0;
}

static int map_traverse(OtherObject *self, visitproc visit, void *arg) // expect-warning[MOJO-OWN-110] {{does not visit field 'h_root'}}
{
	Py_VISIT(self->b_root);
	return 0;
}

static void map_dealloc(OtherObject *self) // expect-warning[MOJO-OWN-110] {{field 'h_root' of 'MapObject' owns a new reference}}
{
	PyObject_GC_UnTrack(self);
	(void)map_clear(self);
	Py_TYPE(self)->tp_free(self);
}

static int map_init(MapObject *self, PyObject *args, PyObject *kw)
{
	PyObject *other;
	(void)kw;
	if (!PyArg_ParseTuple(args, "O", &other))
		return -1;
	Py_INCREF(other);
	Py_SETREF(self->h_root, other);
	return 0;
}

PyTypeObject Map_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Map",
	.tp_basicsize = sizeof(MapObject),
	.tp_dealloc = (destructor)map_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = (traverseproc)map_traverse,
	.tp_clear = (inquiry)map_clear,
	.tp_init = (initproc)map_init,
	.tp_new = PyType_GenericNew,
};
