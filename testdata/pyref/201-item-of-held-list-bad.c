/*
 * An item of a sequence the caller lent: whether anything else keeps it
 * alive is not known (a sequence may make its items on the fly), so the
 * members borrowed from it die with the last reference this function
 * held.
 */
#include <Python.h>

int first_key(PyObject *seq, PyObject *dict)
{
	PyObject *item = PySequence_GetItem(seq, 0);
	PyObject *k;
	if (item == NULL)
		return -1;
	k = PyTuple_GetItem(item, 0);
	if (k == NULL) {
		Py_DECREF(item);
		return -1;
	}
	Py_DECREF(item);
	return PyDict_SetItem(dict, k, Py_None); // expect-error[MOJO-BOR-201] {{'k' is passed to 'PyDict_SetItem' after its owner new reference 'item' from 'PySequence_GetItem' was released}}
}
