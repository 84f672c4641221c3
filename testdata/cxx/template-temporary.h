// A holder that keeps its own reference for its scope, and a class
// template derived from a class template base whose constructors take a
// reference and whose destructor drops it: by-value temporaries of it
// take and drop their own references to what they are given.
#ifndef TEMPLATE_TEMPORARY_H
#define TEMPLATE_TEMPORARY_H
#include <Python.h>

struct holdref {
	holdref(PyObject *obj) : obj(obj) { Py_XINCREF(obj); }
	~holdref() { Py_XDECREF(obj); }

private:
	PyObject *const obj;
};

namespace view {
template <typename T> struct base {
	base(PyObject *a) : a_(a) { Py_INCREF(a_); }
	base(const base<T> &o) : a_(o.a_) { Py_INCREF(a_); }
	~base() { Py_XDECREF(a_); }
	PyObject *a_;
};

template <typename T> struct wrapper : base<T> {
	wrapper(PyObject *a) : base<T>(a) {}
	wrapper(const wrapper<T> &o) : base<T>(o) {}
};

// The same, no template.
struct plain_base {
	plain_base(PyObject *a) : a_(a) { Py_INCREF(a_); }
	~plain_base() { Py_XDECREF(a_); }
	PyObject *a_;
};

struct plain_wrapper : plain_base {
	plain_wrapper(PyObject *a) : plain_base(a) {}
};
} // namespace view

void use_view(view::wrapper<double> w);
void use_plain(view::plain_wrapper w);
#endif
