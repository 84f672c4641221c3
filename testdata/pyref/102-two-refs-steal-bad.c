/*
 * MOJO-OWN-102 and references around a steal: a reference the function
 * made is its only one; PyList_SetItem steals it, even when it fails, and
 * releasing it after that releases the list's (or a freed object's). An
 * extra reference taken on a borrowed object is likewise the only one the
 * function holds: the object's own belongs to whoever lent it.
 */
#include <Python.h>

int put_new(PyObject *out, Py_ssize_t i, long v)
{
	PyObject *x = PyLong_FromLong(v);
	if (!x)
		return -1;
	if (PyList_SetItem(out, i, x) < 0) {
		Py_DECREF(x); // expect-error[MOJO-OWN-102] {{new reference 'x' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
		return -1;
	}
	return 0;
}

int put_borrowed(PyObject *out, Py_ssize_t i, PyObject *item)
{
	Py_INCREF(item);
	if (PyList_SetItem(out, i, item) < 0)
		return -1;
	Py_DECREF(item); // expect-error[MOJO-OWN-102] {{an extra reference to 'item' (taken by 'Py_INCREF') is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

// A reference stored in the object's field went with it: the variable
// still names the object, but the extra reference is again the only
// one the function holds.
typedef struct {
	PyObject_HEAD
	PyObject *last;
} Keeper;

int keep_and_put(Keeper *self, PyObject *out, Py_ssize_t i, long v)
{
	PyObject *x = PyLong_FromLong(v);
	if (!x)
		return -1;
	Py_XSETREF(self->last, x);
	Py_INCREF(x);
	if (PyList_SetItem(out, i, x) < 0)
		return -1;
	Py_DECREF(x); // expect-error[MOJO-OWN-102] {{an extra reference to 'x' (taken by 'Py_INCREF') is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}
