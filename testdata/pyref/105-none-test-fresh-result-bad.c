/* As 105-none-test-fresh-result-good.c, but the result is what a Python
 * callable returned, which may be None: its reference leaks on that
 * branch, a note (None is never freed: the leak only skews its count). */
#include <Python.h>

#define IS_NONE(o) ((PyObject *)(o) == Py_None || (PyObject *)(o) == NULL)

static PyObject *call_it(PyObject *self, PyObject *callable)
{
	PyObject *r = PyObject_CallNoArgs(callable);
	if (IS_NONE(r)) {
		PyErr_SetString(PyExc_ValueError, "no result");
		return NULL; // expect-note[MOJO-OWN-105] {{new reference 'r' from 'PyObject_CallNoArgs' is leaked on the error exit; it is Py_None, which CPython never frees}}
	}
	return r;
}

static PyMethodDef methods[] = {
	{"call_it", call_it, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
