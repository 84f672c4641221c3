// m.Kind, whose structure only this file defines: no GC, and no
// Py_TPFLAGS_BASETYPE, so the collector never tracks its instances.
#include <Python.h>

typedef struct KindObject {
	PyObject_HEAD
	PyObject *name;
} KindObject;

static void Kind_dealloc(PyObject *self)
{
	Py_XDECREF(((KindObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject KindType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Kind",
	.tp_basicsize = sizeof(KindObject),
	.tp_dealloc = Kind_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
