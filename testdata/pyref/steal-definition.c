// The definition of a function the knowledge base says steals an argument
// (CPython's own Objects/*.c): the parameter arrives as an owned reference
// that every path must store or release.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	Py_ssize_t size;
	PyObject **items;
} listlike;

// Stored on success, released on the error exits: correct.
int PyList_SetItem(PyObject *op, Py_ssize_t i, PyObject *newitem)
{
	listlike *l = (listlike *)op;
	if (i < 0 || i >= l->size) {
		Py_XDECREF(newitem);
		PyErr_SetString(PyExc_IndexError, "index out of range");
		return -1;
	}
	Py_XSETREF(l->items[i], newitem);
	return 0;
}

// The error exit forgets the stolen reference.
int PyTuple_SetItem(PyObject *op, Py_ssize_t i, PyObject *newitem)
{
	listlike *t = (listlike *)op;
	if (i < 0 || i >= t->size) {
		PyErr_SetString(PyExc_IndexError, "index out of range");
		return -1; // expect-warning[MOJO-OWN-105] {{'newitem'}}
	}
	Py_XSETREF(t->items[i], newitem);
	return 0;
}

// CPython's internal _PyErr_Restore steals its three exception arguments
// (knowledge base): storing them in the thread state is the transfer.
typedef struct {
	PyObject *curexc_type, *curexc_value, *curexc_traceback;
} threadstate;

void _PyErr_Restore(threadstate *tstate, PyObject *type, PyObject *value,
		    PyObject *traceback)
{
	PyObject *oldtype = tstate->curexc_type;
	PyObject *oldvalue = tstate->curexc_value;
	PyObject *oldtraceback = tstate->curexc_traceback;
	tstate->curexc_type = type;
	tstate->curexc_value = value;
	tstate->curexc_traceback = traceback;
	Py_XDECREF(oldtype);
	Py_XDECREF(oldvalue);
	Py_XDECREF(oldtraceback);
}
