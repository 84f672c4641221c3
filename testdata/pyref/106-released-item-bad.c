// ARGS: --no-group
/*
 * (--no-group: the two releases of the same macro are reported apart.)
 *
 * A container's item released waits for its slot to be overwritten
 * (slot replacement, pyref/106-release-of-borrowed-good.c's
 * refill_flags); when the path ends first, the release of the borrowed
 * item is reported where it was made.
 */
#include <Python.h>

static int drop_first(PyObject *t, int again)
{
	Py_XDECREF(PyTuple_GET_ITEM(t, 0)); // expect-error[MOJO-OWN-106] {{borrowed reference from 'PyTuple_GET_ITEM' is released by 'Py_XDECREF' but this function does not own it}}
	if (again)
		return 1;
	return 0;
}

// Overwritten on one path only: the other still reports it.
static int drop_second(PyObject *t, PyObject *v, int replace)
{
	Py_XDECREF(PyTuple_GET_ITEM(t, 1)); // expect-error[MOJO-OWN-106] {{borrowed reference from 'PyTuple_GET_ITEM' is released by 'Py_XDECREF' but this function does not own it}}
	if (replace) {
		Py_INCREF(v);
		PyTuple_SET_ITEM(t, 1, v);
	}
	return 0;
}
