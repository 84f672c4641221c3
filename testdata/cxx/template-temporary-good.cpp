// A holder's reference and a separate one handed to a stealing call, with
// by-value temporaries of a class template (derived from a template base)
// made on the same object between them: the temporaries' constructor is
// the file's own, its summary says it only borrows what it is given, so
// the holder's reference stays counted and its release at scope exit is
// the holder's own (not the stolen one's). Under -std=c++11, c++14 and
// c++17 (meson.build).
#include <Python.h>

#include "template-temporary.h"

// expect-no-diagnostics

PyObject *holder_template_temporary(PyObject *self, PyObject *arg)
{
	(void)self;
	holdref r(arg);
	use_view(view::wrapper<double>(arg));
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	Py_INCREF(arg);
	PyTuple_SET_ITEM(t, 0, arg);
	return t;
}

// The same with a class of a namespace that is no template.
PyObject *holder_plain_temporary(PyObject *self, PyObject *arg)
{
	(void)self;
	holdref r(arg);
	use_plain(view::plain_wrapper(arg));
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	Py_INCREF(arg);
	PyTuple_SET_ITEM(t, 0, arg);
	return t;
}

// A named object of the template, then the steal.
PyObject *holder_template_local(PyObject *self, PyObject *arg)
{
	(void)self;
	holdref r(arg);
	view::wrapper<double> w(arg);
	use_view(w);
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	Py_INCREF(arg);
	PyTuple_SET_ITEM(t, 0, arg);
	return t;
}
