/* The dispatcher of 210-helper-borrowed-passed-on-good.c registered as a
 * method: CPython calls it and releases what it returns, so the handler's
 * bare Py_None handed on is a reference the method never took. */
#include <Python.h>

static PyObject *handle_set_position(PyObject *args)
{
	PyObject *x = PyTuple_GetItem(args, 0);
	if (!x)
		return NULL;
	return Py_None;
}

static PyObject *set_position(PyObject *self, PyObject *args)
{
	(void)self;
	return handle_set_position(args); // expect-error[MOJO-OWN-107] {{is returned but callers expect a new reference}}
}

static PyMethodDef methods[] = {
	{"set_position", set_position, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
