/* The file of the project that calls C API of Python 3.12 (see
 * returns-none.c). */
#include <Python.h>
static PyObject *clear_error(PyObject *self, PyObject *arg)
{
	PyObject *exc = PyErr_GetRaisedException();
	Py_XDECREF(exc);
	Py_RETURN_NONE;
}
static PyMethodDef methods2[] = {
	{"clear_error", clear_error, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
