// The comment "returns a borrowed reference" still binds a function that
// returns a pointer (doc-borrowed-owner-by-value-good.cpp: not an owner
// class returned by value): its caller that releases the result releases
// a reference it does not own.
#include <Python.h>

/// Returns a borrowed reference
PyObject *first_item(PyObject *list);

long first_as_long(PyObject *list)
{
	PyObject *o = first_item(list);
	if (!o)
		return -1;
	long v = PyLong_AsLong(o);
	Py_DECREF(o); // expect-error[MOJO-OWN-106] {{borrowed reference 'o' from 'first_item' is released by 'Py_DECREF' but this function does not own it}}
	return v;
}
