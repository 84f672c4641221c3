// A heap type via PyType_FromSpec whose slots release everything.
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

static int Memo_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((MemoObject *)self)->cache);
	Py_VISIT(Py_TYPE(self));
	return 0;
}

static int Memo_clear(PyObject *self)
{
	Py_CLEAR(((MemoObject *)self)->cache);
	return 0;
}

static void Memo_dealloc(PyObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	PyObject_GC_UnTrack(self);
	(void)Memo_clear(self);
	tp->tp_free(self);
	Py_DECREF(tp);
}

static PyType_Slot Memo_slots[] = {
	{Py_tp_init, Memo_init},
	{Py_tp_traverse, Memo_traverse},
	{Py_tp_clear, Memo_clear},
	{Py_tp_dealloc, Memo_dealloc},
	{0, NULL},
};

static PyType_Spec Memo_spec = {
	.name = "m.Memo",
	.basicsize = sizeof(MemoObject),
	.flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.slots = Memo_slots,
};

PyObject *make_memo_type(void)
{
	return PyType_FromSpec(&Memo_spec);
}
// expect-no-diagnostics
