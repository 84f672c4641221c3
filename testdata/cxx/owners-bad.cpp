// Library owners misused (issue #17, point 2).
#include <Python.h>
#include <memory>
#include "nanobind/nanobind.h"
#include "torch-stub.h"

struct DecRef {
	void operator()(PyObject *o) const { Py_XDECREF(o); }
};
using Owned = std::unique_ptr<PyObject, DecRef>;

// release() hands the reference back, and nobody takes it.
int unique_release_dropped(long a)
{
	Owned u(PyLong_FromLong(a));
	u.release();
	return 0; // expect-warning[MOJO-OWN-101] {{'u' from 'PyLong_FromLong' is never released}}
}

// get() returned where a new reference is expected: the owner releases it
// when the function returns.
PyObject *unique_get_returned(long a)
{
	Owned u(PyLong_FromLong(a));
	return u.get(); // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// A raw reference given to an owner, then released by hand too.
int double_owner(long a)
{
	PyObject *raw = PyLong_FromLong(a);
	THPObjectPtr p(raw);
	Py_XDECREF(raw);
	return 0; // expect-error[MOJO-OWN-104] {{released twice}}
}

// nb::borrow without keeping the object: the handle is dangling.
PyObject *nb_dangling(PyObject *arg)
{
	PyObject *r;
	{
		nb::object o = nb::steal(PyObject_Repr(arg));
		r = o.ptr();
	}
	return r; // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// dec_ref() by hand on an object that also releases it.
int nb_dec_ref_twice(long a)
{
	nb::object o = nb::steal(PyLong_FromLong(a));
	o.dec_ref();
	return 0; // expect-error[MOJO-OWN-104] {{released twice}}
}

// The object a conditional's arm makes is the variable itself, and it is
// destroyed when the function returns: its pointer is returned dangling.
nb::object make_default();

PyObject *docstring_dangling(const char *doc)
{
	nb::object t = doc ? nb::str(doc) : make_default();
	return t.ptr(); // expect-error[MOJO-OWN-103] {{new reference 't' from 'make_default' is returned after it was released (and 1 more site with the same cause)}}
}
