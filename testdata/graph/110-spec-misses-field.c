// A heap type (PyType_Spec) whose Py_tp_dealloc forgets a field. (The
// field holds a dict the type makes itself, which no Python code is given
// to link an instance into: no MOJO-OWN-108 note, graph/check.c.)
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *cache;
} MemoObject;

static int Memo_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *d = PyDict_New();
	(void)args;
	(void)kwds;
	if (d == NULL)
		return -1;
	Py_XSETREF(((MemoObject *)self)->cache, d);
	return 0;
}

static void Memo_dealloc(PyObject *self) // expect-warning[MOJO-OWN-110] {{teardown of type 'm.Memo' never releases it}}
{
	PyTypeObject *tp = Py_TYPE(self);
	tp->tp_free(self);
	Py_DECREF(tp);
}

static PyType_Slot Memo_slots[] = {
	{Py_tp_init, Memo_init},
	{Py_tp_dealloc, Memo_dealloc},
	{0, NULL},
};

static PyType_Spec Memo_spec = {
	.name = "m.Memo",
	.basicsize = sizeof(MemoObject),
	.flags = Py_TPFLAGS_DEFAULT,
	.slots = Memo_slots,
};

PyObject *make_memo_type(void)
{
	return PyType_FromSpec(&Memo_spec);
}
