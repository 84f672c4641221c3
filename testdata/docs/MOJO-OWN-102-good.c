#include <Python.h>

PyObject *make_pair(long a, long b)
{
	PyObject *t = PyTuple_New(2);
	if (t == NULL)
		return NULL;
	PyObject *x = PyLong_FromLong(a);
	if (x == NULL || PyTuple_SetItem(t, 0, x) < 0) {
		Py_DECREF(t);
		return NULL;
	}
	PyObject *y = PyLong_FromLong(b);
	if (y == NULL || PyTuple_SetItem(t, 1, y) < 0) {
		Py_DECREF(t);
		return NULL;
	}
	return t; // the tuple owns x and y now
	// expect-no-diagnostics
}
