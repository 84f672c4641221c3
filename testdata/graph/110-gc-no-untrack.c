// A GC type whose tp_dealloc releases fields while the object is still
// tracked by the collector.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *item;
} HolderObject;

static int Holder_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *x;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &x))
		return -1;
	Py_XSETREF(((HolderObject *)self)->item, Py_NewRef(x));
	return 0;
}

static int Holder_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((HolderObject *)self)->item);
	return 0;
}

static int Holder_clear(PyObject *self)
{
	Py_CLEAR(((HolderObject *)self)->item);
	return 0;
}

static void Holder_dealloc(PyObject *self) // expect-warning[MOJO-OWN-110] {{without calling PyObject_GC_UnTrack}}
{
	Holder_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject HolderType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Holder",
	.tp_basicsize = sizeof(HolderObject),
	.tp_dealloc = Holder_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Holder_traverse,
	.tp_clear = Holder_clear,
	.tp_init = Holder_init,
};
