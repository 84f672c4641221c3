// Temporaries of a class template derived from a template base made on an
// object do not hide what the function does to its own references: a
// real steal followed by a release is still reported. Under -std=c++11,
// c++14 and c++17 (meson.build).
#include <Python.h>

#include "template-temporary.h"

// The holder's only reference is stolen; its destructor releases it again.
PyObject *holder_reference_stolen(PyObject *self, PyObject *arg)
{
	(void)self;
	holdref r(arg);
	use_view(view::wrapper<double>(arg));
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	PyTuple_SET_ITEM(t, 0, arg);
	return t; // expect-error[MOJO-OWN-102] {{an extra reference to 'arg' (taken by 'Py_XINCREF') is released by 'Py_XDECREF' after its reference was stolen}}
}

// A new reference stolen, then released by hand.
PyObject *stolen_then_released(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	PyObject *o = PyLong_FromLong(1);
	if (!o)
		return NULL;
	use_view(view::wrapper<double>(o));
	PyObject *t = PyTuple_New(1);
	if (!t) {
		Py_DECREF(o);
		return NULL;
	}
	PyTuple_SET_ITEM(t, 0, o);
	Py_DECREF(o); // expect-error[MOJO-OWN-102] {{new reference 'o' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return t;
}
