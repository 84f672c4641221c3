// A new object given up before anyone saw it, by freeing its memory:
// `Py_TYPE(self)->tp_free(self)` (pyswisseph, through a macro),
// `PyObject_GC_Del(self)`. It is not leaked. (A helper that frees it on
// its failure path only, bitstruct's, is not followed: no effect says
// "released when the call fails".)
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *p;
} DataObject;

#define Data_alloc(tp) ((DataObject *)(tp)->tp_alloc((tp), 0))
#define Data_free(o) Py_TYPE(o)->tp_free((PyObject *)(o))

PyObject *Data_new(PyTypeObject *tp, PyObject *args, PyObject *kwds)
{
	(void)args;
	(void)kwds;
	DataObject *self = Data_alloc(tp);
	if (self) {
		self->p = PyMem_Malloc(16);
		if (!self->p) {
			Data_free(self);
			self = NULL;
		}
	}
	return (PyObject *)self;
}

PyObject *Data_gc_new(PyTypeObject *tp)
{
	DataObject *self = PyObject_GC_New(DataObject, tp);
	if (self == NULL)
		return NULL;
	self->p = PyMem_Malloc(16);
	if (self->p == NULL) {
		PyObject_GC_Del(self);
		return PyErr_NoMemory();
	}
	return (PyObject *)self;
}
