// As 109-constant-args-good.c, but one call gives another constant, or a
// value not known: the parameter may be any of them.
#include <Python.h>

static Py_ssize_t size_of_new(Py_ssize_t n)
{
	PyObject *t = PyTuple_New(n);
	Py_ssize_t size = PyTuple_GET_SIZE(t); // expect-warning[MOJO-OWN-109] {{new reference 't' from 'PyTuple_New' is passed to 'PyTuple_GET_SIZE' before it is checked for NULL}}
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
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'list' from 'PyList_New' is never released}}
}

Py_ssize_t twice(void)
{
	return size_of_new(0) + size_of_new(2);
}

PyObject *modes(int m)
{
	PyObject *a = maybe_list(1);
	PyObject *b = maybe_list(m);
	Py_XDECREF(a);
	return b;
}
