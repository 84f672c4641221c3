// The output of a PyArg_ParseTuple that succeeded is still a borrowed
// reference: stored or released without a reference of its own, it is
// the usual bug.
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject *callback;
} holder;
static holder *g_holder;

PyObject *set_cb(PyObject *self, PyObject *args)
{
	PyObject *callback = NULL;
	holder *h = malloc(sizeof(holder));
	(void)self;
	if (!h)
		return PyErr_NoMemory();
	if (!PyArg_ParseTuple(args, "O", &callback)) {
		free(h);
		return NULL;
	}
	h->callback = callback; // expect-warning[MOJO-BOR-202] {{borrowed reference 'callback' from 'PyArg_ParseTuple' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	g_holder = h;
	Py_RETURN_NONE;
}

PyObject *drop(PyObject *self, PyObject *args)
{
	PyObject *callback = NULL;
	(void)self;
	if (PyArg_ParseTuple(args, "O", &callback))
		Py_XDECREF(callback); // expect-error[MOJO-OWN-106] {{borrowed reference 'callback' from 'PyArg_ParseTuple' is released by 'Py_XDECREF' but this function does not own it}}
	Py_RETURN_NONE;
}
