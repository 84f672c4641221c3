// A GC type need not visit a field that only ever holds a str.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *target;
} RefObject;

static int Ref_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *s;
	PyObject *t, *n;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "sO", &s, &t))
		return -1;
	if ((n = PyUnicode_FromString(s)) == NULL)
		return -1;
	Py_XSETREF(((RefObject *)self)->name, n);
	Py_XSETREF(((RefObject *)self)->target, Py_NewRef(t));
	return 0;
}

static int Ref_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((RefObject *)self)->target);
	return 0;
}

static int Ref_clear(PyObject *self)
{
	Py_CLEAR(((RefObject *)self)->target);
	return 0;
}

static void Ref_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Ref_clear(self);
	Py_XDECREF(((RefObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject RefType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Ref",
	.tp_basicsize = sizeof(RefObject),
	.tp_dealloc = Ref_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Ref_traverse,
	.tp_clear = Ref_clear,
	.tp_init = Ref_init,
};
// expect-no-diagnostics
