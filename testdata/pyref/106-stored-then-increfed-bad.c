// Stored and paid for, the field's reference is not the function's to
// drop while the field still points at the object.
#include <Python.h>

extern int pool_add(void *arg);

typedef struct {
	PyObject_HEAD
	PyObject *ctx;
} Op;

PyObject *submit(PyObject *self, PyObject *arg)
{
	Op *op = (Op *)arg;
	op->ctx = self;
	Py_INCREF(self);
	if (pool_add(op) < 0) {
		Py_DECREF(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_DECREF' but this function does not own it}}
		return NULL;
	}
	return PyLong_FromLong(1);
}

// Clearing the field hands its reference back: dropped nowhere, it leaks.
PyObject *submit_forgets(PyObject *self, PyObject *arg)
{
	Op *op = (Op *)arg;
	op->ctx = self;
	Py_INCREF(self);
	if (pool_add(op) < 0) {
		op->ctx = NULL;
		PyErr_SetString(PyExc_RuntimeError, "pool full");
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'self' is leaked on the error exit}}
	}
	return PyLong_FromLong(1);
}
