// Reduced from python_ics (intrepidcs/python_ics) src/methods.cpp,
// meth_set_reflash_callback (issue #241, "set_reflash_callback keeps a
// borrowed reference that can be collected before use"): the callback,
// borrowed from the argument tuple, is kept in a global without
// Py_INCREF; a later firmware-progress event calls freed memory.
#include <Python.h>

static PyObject *msg_reflash_callback = NULL;

PyObject *meth_set_reflash_callback(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *callback = NULL;
	if (!PyArg_ParseTuple(args, "O", &callback))
		return NULL;
	if (callback == Py_None) {
		msg_reflash_callback = NULL;
		Py_RETURN_NONE;
	}
	if (!PyCallable_Check(callback)) {
		PyErr_SetString(PyExc_TypeError, "callback must be callable");
		return NULL;
	}
	msg_reflash_callback = callback; // expect-warning[MOJO-BOR-202] {{borrowed reference 'callback' from 'PyArg_ParseTuple' is stored without taking a reference}}
	Py_RETURN_NONE;
}

// The firmware-progress event (reduced): calls the callback kept.
void reflash_progress(void)
{
	if (msg_reflash_callback != NULL)
		Py_XDECREF(PyObject_CallObject(msg_reflash_callback, NULL));
}
