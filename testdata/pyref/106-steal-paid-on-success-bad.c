/*
 * A borrowed value stolen by PyList_SetItem and never paid back on the
 * path where the call succeeded: the list now holds a reference the
 * function never had. (Paid only where the call failed is no better.)
 */
#include <Python.h>

int patch_set_unpaid(PyObject *items, Py_ssize_t pos, PyObject *value)
{
	if (PyList_SetItem(items, pos, value) < 0) // expect-error[MOJO-OWN-106] {{borrowed reference 'value' is passed to 'PyList_SetItem', which steals a reference this function does not own}}
		return -1;
	return 0;
}

int patch_set_paid_on_failure(PyObject *items, Py_ssize_t pos,
			      PyObject *value)
{
	int r = PyList_SetItem(items, pos, value); // expect-error[MOJO-OWN-106] {{borrowed reference 'value' is passed to 'PyList_SetItem', which steals a reference this function does not own}}
	if (r < 0)
		Py_INCREF(value);
	return r;
}
