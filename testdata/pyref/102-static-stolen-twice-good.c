// Py_None stolen twice: the first steal takes the reference the
// Py_INCREF before it took, the second a new one that the Py_INCREF
// after it pays (the "borrowed slot" idiom; pyRXP's `_makeNode`).
#include <Python.h>

PyObject *pair_with_none(void)
{
	PyObject *l = PyList_New(1), *t;
	if (!l)
		return NULL;
	Py_INCREF(Py_None);
	PyList_SetItem(l, 0, Py_None);
	t = PyTuple_New(2);
	if (!t) {
		Py_DECREF(l);
		return NULL;
	}
	PyTuple_SET_ITEM(t, 0, l);
	PyTuple_SET_ITEM(t, 1, Py_None);
	Py_INCREF(Py_None);
	return t;
}
// expect-no-diagnostics
