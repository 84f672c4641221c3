// A caller that hands such a function a reference it does not own gives
// away what is not its own; one CPython calls keeps the convention.
#include <Python.h>

void set_item_and_decref(PyObject *dict, const char *key, PyObject *value)
{
	PyDict_SetItemString(dict, key, value);
	Py_DECREF(value);
}

void store_arg(PyObject *dict, PyObject *arg)
{
	set_item_and_decref(dict, "arg", arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is passed to 'set_item_and_decref', which steals a reference this function does not own}}
}

PyObject *meth(PyObject *self, PyObject *arg)
{
	(void)self;
	Py_DECREF(arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'Py_DECREF' but this function does not own it}}
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"meth", meth, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
