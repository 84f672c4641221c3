// Reduced from CPython 3.11 Modules/_elementtree.c: `text` holds a tagged
// pointer; traverse visits JOIN_OBJ(self->text) and the teardown clears it
// through its address. Both hand the field to a call.
#include <Python.h>
#include <stdint.h>

#define JOIN_OBJ(p) ((PyObject *)((uintptr_t)(p) & ~(uintptr_t)1))

typedef struct {
	PyObject_HEAD
	PyObject *text;
} ElemObject;

static void clear_joined_ptr(PyObject **p)
{
	if (*p) {
		PyObject *tmp = JOIN_OBJ(*p);
		*p = NULL;
		Py_DECREF(tmp);
	}
}

static int Elem_set(PyObject *self, PyObject *text)
{
	Py_INCREF(text);
	((ElemObject *)self)->text = text;
	return 0;
}

static int Elem_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(JOIN_OBJ(((ElemObject *)self)->text));
	return 0;
}

static int Elem_clear(PyObject *self)
{
	clear_joined_ptr(&((ElemObject *)self)->text);
	return 0;
}

static void Elem_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Elem_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject ElemType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Elem",
	.tp_basicsize = sizeof(ElemObject),
	.tp_dealloc = Elem_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Elem_traverse,
	.tp_clear = Elem_clear,
};

void *keep_set = (void *)Elem_set;
// expect-no-diagnostics
