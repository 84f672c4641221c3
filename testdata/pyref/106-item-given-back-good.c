/*
 * Each item of a list taken with Py_INCREF and kept in the caller's
 * array; when one is missing, the references taken so far are given back
 * by reading the same items from the list again:
 * `Py_XDECREF(PyList_GetItem(values, i))` for i below the count done.
 * Each release pays back one of the function's own Py_INCREFs of an item
 * of that list. No finding.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *obj;
} Slot;

int slots_fill(Slot *slots, Py_ssize_t n, PyObject *values)
{
	Py_ssize_t i, done = 0;
	for (i = 0; i < n; i++) {
		PyObject *v = PyList_GetItem(values, i);
		if (v == NULL)
			goto undo;
		Py_INCREF(v);
		slots[i].obj = v;
		done++;
	}
	return 0;
undo:
	for (i = 0; i < done; i++)
		Py_XDECREF(PyList_GetItem(values, i));
	return -1;
}
