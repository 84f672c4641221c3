// Holders whose release function is a template argument (issue #26),
// misused: the specialization's release function is the one called, so
// what it does (or fails to do) is seen, under -std=c++11, c++14 and
// c++17 alike (meson.build).
#include <Python.h>

#include "template-release.h"

typedef holder<PyObject *, Py_DecRef> ref_holder;

// A release function of the file that forgets to release.
static void keep(PyObject *o)
{
	(void)o;
}

// The holder is given a reference the function only borrows.
int holds_borrowed(PyObject *arg)
{
	ref_holder o(arg);
	return o.get() ? 0 : -1; // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'Py_DecRef' but this function does not own it}}
}

// Released by hand, then again by the holder.
int released_twice(void)
{
	ref_holder o(PyList_New(0));
	if (!o.get())
		return -1;
	Py_DECREF(o.get());
	return 0; // expect-error[MOJO-OWN-104] {{new reference 'o.h_' from 'PyList_New' is released twice}}
}

// take() hands the reference out, and nobody releases it.
int taken_and_dropped(void)
{
	ref_holder o(PyList_New(0));
	o.take();
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'o.h_' from 'PyList_New' is never released}}
}

// The release function given does not release.
int kept_by_release(void)
{
	plain_holder<PyObject *, keep> o(PyList_New(0));
	return o.get() ? 0 : -1; // expect-warning[MOJO-OWN-101] {{new reference 'o.h_' from 'PyList_New' is never released}}
}

// An XDECREF holder given a borrowed reference.
int xdecref_borrowed(PyObject *arg)
{
	plain_holder<PyObject *, Py_XDECREF> o(arg);
	return 0; // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'Py_XDECREF' but this function does not own it}}
}
