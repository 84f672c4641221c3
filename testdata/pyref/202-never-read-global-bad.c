/*
 * MOJO-BOR-202 and globals: a borrowed reference kept in a global that
 * some function of the file reads may be used after its owner dropped it.
 */
#include <Python.h>

static PyObject *constructor;
static PyObject *hook;

PyObject *make(PyObject *self, PyObject *args)
{
	(void)self;
	return PyObject_CallObject(constructor, args);
}

int keep_constructor(PyObject *module)
{
	PyObject *d = PyModule_GetDict(module);
	constructor = PyDict_GetItemString(d, "Radix"); // expect-warning[MOJO-BOR-202] {{borrowed reference 'constructor' from 'PyDict_GetItemString' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	return 0;
}

// The address taken: the global may be read through it.
PyObject **hook_slot(void)
{
	return &hook;
}

void set_hook(PyObject *h)
{
	hook = h; // expect-warning[MOJO-BOR-202] {{borrowed reference 'h' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
}
