/*
 * A helper's stores through a pointer parameter reach its caller (issue
 * #11, item 4): after `convert_args(args, &argc)`, argc is what the helper
 * wrote, not its old value, so the branch on it is a real choice and the
 * leak behind it is reported.
 */
#include <Python.h>

static int convert_args(PyObject *args, int *argc)
{
	*argc = (int)PyTuple_GET_SIZE(args);
	return 0;
}

PyObject *take_args(PyObject *self, PyObject *args)
{
	(void)self;
	int argc = 0;
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	if (convert_args(args, &argc) < 0) {
		Py_DECREF(list);
		return NULL;
	}
	if (argc > 2) {
		PyErr_SetString(PyExc_TypeError, "too many arguments");
		return NULL; // expect-warning[MOJO-OWN-105] {{'list'}}
	}
	return list;
}
