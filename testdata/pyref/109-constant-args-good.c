// A static helper's integer parameter to which every call of the file
// gives a constant lies between the least and the greatest of them
// (xrayutilities' `PyArray_DescrFromType(typenum)`, every caller passing
// NPY_DOUBLE or NPY_INT32: a built-in descriptor, never NULL). Here
// PyTuple_New(n) of an n every caller gives as 0: the shared empty
// tuple, never NULL; and a test the constants decide is decided.
// expect-no-diagnostics
#include <Python.h>

static Py_ssize_t size_of_new(Py_ssize_t n)
{
	PyObject *t = PyTuple_New(n);
	Py_ssize_t size = PyTuple_GET_SIZE(t);
	Py_DECREF(t);
	return size;
}

static PyObject *maybe_list(int mode)
{
	PyObject *list = NULL;
	if (mode > 2) {
		list = PyList_New(0);
		if (list == NULL)
			return NULL;
	}
	if (mode > 3)
		return list;
	Py_RETURN_NONE;
}

Py_ssize_t twice(void)
{
	return size_of_new(0) + size_of_new(0);
}

PyObject *modes(void)
{
	PyObject *a = maybe_list(1);
	PyObject *b = maybe_list(2);
	Py_XDECREF(a);
	return b;
}
