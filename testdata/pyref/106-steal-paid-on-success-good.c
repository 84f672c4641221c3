/*
 * A borrowed value handed to PyList_SetItem, which steals a reference
 * (even when it fails), and paid back right after where the call
 * succeeded: `if (r == 0) Py_INCREF(value);`. The index was checked
 * first, so the failure branch is one the code relies on not happening;
 * on the success branch the count is right. No finding.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	Py_ssize_t offset;
	PyObject *items; /* a list */
} Patch;

int patch_set(Patch *self, Py_ssize_t pos, PyObject *value)
{
	if (pos < self->offset ||
	    pos >= self->offset + PyList_GET_SIZE(self->items)) {
		PyErr_SetString(PyExc_IndexError, "out of range");
		return -1;
	}
	int r = PyList_SetItem(self->items, pos - self->offset, value);
	if (r == 0)
		Py_INCREF(value);
	return r;
}

/* Paid before the call: the usual order. */
int patch_set_first(Patch *self, Py_ssize_t pos, PyObject *value)
{
	Py_INCREF(value);
	return PyList_SetItem(self->items, pos - self->offset, value);
}
