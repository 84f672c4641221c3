// A GC type whose tp_traverse does not visit one of its object fields: the
// collector cannot see cycles through it.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *key;
	PyObject *value;
} EntryObject;

static int Entry_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *k, *v;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "OO", &k, &v))
		return -1;
	Py_XSETREF(((EntryObject *)self)->key, Py_NewRef(k));
	Py_XSETREF(((EntryObject *)self)->value, Py_NewRef(v));
	return 0;
}

static int Entry_traverse(PyObject *self, visitproc visit, void *arg) // expect-warning[MOJO-OWN-110] {{does not visit field 'value'}}
{
	Py_VISIT(((EntryObject *)self)->key);
	return 0;
}

static int Entry_clear(PyObject *self)
{
	Py_CLEAR(((EntryObject *)self)->key);
	Py_CLEAR(((EntryObject *)self)->value);
	return 0;
}

static void Entry_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Entry_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject EntryType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Entry",
	.tp_basicsize = sizeof(EntryObject),
	.tp_dealloc = Entry_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Entry_traverse,
	.tp_clear = Entry_clear,
	.tp_init = Entry_init,
};
