// A registration that keeps its argument and returns it with one
// Py_INCREF, taken just before the return: that reference is the one
// returned, and the store is the one without a reference (MOJO-BOR-202
// at the store, not MOJO-OWN-107 at the return: sofppnix's
// register_callback(), blind C++ round 116). 202-increfed-for-return-good.c
// takes one for each.
#include <Python.h>

static PyObject *callbacks[16];
static int ncallbacks;

static PyObject *register_callback(PyObject *self, PyObject *args)
{
	PyObject *callback = NULL;
	(void)self;
	if (!PyArg_ParseTuple(args, "O", &callback))
		return NULL;
	if (ncallbacks >= 16)
		return PyErr_Format(PyExc_RuntimeError, "full");
	callbacks[ncallbacks++] = callback; // expect-warning[MOJO-BOR-202] {{borrowed reference 'callback' from 'PyArg_ParseTuple' is stored without taking a reference}}
	Py_INCREF(callback);
	return callback;
}

void call_all(void)
{
	for (int i = 0; i < ncallbacks; i++)
		Py_XDECREF(PyObject_CallNoArgs(callbacks[i]));
}

static PyMethodDef methods[] = {
	{"register", register_callback, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
