// The same library misused: a borrowed reference handed to the pointer
// without `true` is released by its destructor; a reference taken by the
// helper and never given back leaks; one released twice.
#include <cppy/cppy.h>

int check(PyObject *o);

int borrowed_adopted(PyObject *self)
{
	cppy::ptr selfptr(self);
	return check(selfptr.get()); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_XDECREF' but this function does not own it}}
}

int extra_reference(PyObject *o)
{
	PyObject *held = cppy::incref(o);
	return check(held); // expect-warning[MOJO-OWN-101] {{an extra reference to 'o' (taken by 'cppy::incref') is never released}}
}

void released_twice(PyObject *o)
{
	PyObject *v = PyObject_GetAttrString(o, "v");
	if (!v)
		return;
	cppy::xdecref(v);
	cppy::xdecref(v); // expect-error[MOJO-OWN-104] {{new reference 'v' from 'PyObject_GetAttrString' is released twice}}
}
