/*
 * An index past the length, or a container someone else holds too: the
 * call may fail, and the container made here leaks on that exit.
 */
#include <Python.h>

PyObject *past_end(PyObject *a)
{
	PyObject *l = PyList_New(1);
	if (l == NULL)
		return NULL;
	Py_INCREF(a);
	if (PyList_SetItem(l, 1, a) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'l' from 'PyList_New' is leaked on the error exit}}
	return l;
}

PyObject *shared(PyObject *registry, PyObject *a)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	if (PyList_Append(registry, t) < 0) {
		Py_DECREF(t);
		return NULL;
	}
	Py_INCREF(a);
	if (PyTuple_SetItem(t, 0, a) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyTuple_New' is leaked on the error exit}}
	return t;
}
