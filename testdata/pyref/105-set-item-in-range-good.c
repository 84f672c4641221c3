/*
 * PyTuple_SetItem and PyList_SetItem fail only on a container that is not
 * the caller's alone, or on an index out of range. On a tuple or list this
 * function just made, with a constant index below the length it asked
 * for, they succeed: their failure branches lead nowhere, and nothing is
 * leaked there. So with a length or an index the path does not know (a
 * count, a loop bound by it: SRW's SetPyListOfLists, py2bit's blocks): a
 * failure there would be an indexing bug, not a condition to handle.
 */
// expect-no-diagnostics
#include <Python.h>

PyObject *lookup(PyObject *cache, PyObject *operation)
{
	PyObject *res = NULL;
	PyObject *func_args = PyTuple_New(1);
	if (!func_args)
		goto error;
	Py_INCREF(operation);
	if (PyTuple_SetItem(func_args, 0, operation) != 0)
		goto error;
	res = PyObject_GetItem(cache, func_args);
	Py_DECREF(func_args);
error:
	return res;
}

PyObject *pair(PyObject *a, PyObject *b)
{
	PyObject *l = PyList_New(2);
	if (l == NULL)
		return NULL;
	Py_INCREF(a);
	if (PyList_SetItem(l, 0, a) < 0)
		return NULL;
	Py_INCREF(b);
	if (PyList_SetItem(l, 1, b) < 0)
		return NULL;
	return l;
}

PyObject *from_doubles(const double *ar, int n)
{
	PyObject *res = PyList_New(n);
	if (res == NULL)
		return NULL;
	for (int i = 0; i < n; i++) {
		PyObject *num = PyFloat_FromDouble(ar[i]);
		if (num == NULL) {
			Py_DECREF(res);
			return NULL;
		}
		if (PyList_SetItem(res, i, num) < 0)
			return NULL;
	}
	return res;
}
