/* A module that only builds on Python 3.12 or later: it calls
 * PyErr_GetRaisedException, which older headers do not declare. There
 * None is immortal, so returning it without a reference frees nothing:
 * no MOJO-OWN-107 for `return Py_None;` (python-version-311.c, without the
 * 3.12 call, has it). The function that calls the 3.12 API is itself not
 * analyzed (partial). */
#include <Python.h>

static PyObject *peek(PyObject *self, PyObject *arg)
{
	long v = PyLong_AsLong(arg);
	if (v >= 0)
		return PyLong_FromLong(v);
	return Py_None;
}

static PyObject *clear_error(PyObject *self, PyObject *arg)
{
	PyObject *exc = PyErr_GetRaisedException();
	Py_XDECREF(exc);
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"peek", peek, METH_O, NULL},
	{"clear_error", clear_error, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
