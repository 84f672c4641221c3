// MOJO-OWN-105: a new object given up by freeing its memory on one failure
// path, and forgotten on the other.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *p;
	void *q;
} DataObject;

PyObject *Data_new(PyTypeObject *tp)
{
	DataObject *self = (DataObject *)tp->tp_alloc(tp, 0);
	if (self == NULL)
		return NULL;
	self->p = PyMem_Malloc(16);
	if (self->p == NULL) {
		Py_TYPE(self)->tp_free((PyObject *)self);
		return PyErr_NoMemory();
	}
	self->q = PyMem_Malloc(16);
	if (self->q == NULL)
		return PyErr_NoMemory(); // expect-warning[MOJO-OWN-105] {{'self'}}
	return (PyObject *)self;
}
