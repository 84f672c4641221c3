// A list that holds another list: ownership one way only.
#include <Python.h>

PyObject *nested(void)
{
	PyObject *outer = PyList_New(0), *inner = PyList_New(0);
	if (!outer || !inner)
		goto error;
	if (PyList_Append(outer, inner) < 0)
		goto error;
	Py_DECREF(inner);
	return outer;
error:
	Py_XDECREF(outer);
	Py_XDECREF(inner);
	return NULL;
}
// expect-no-diagnostics
