// An owner class whose destructor and factory are defined in another file
// (dolphin's Py::Object and Py::Wrap, object_wrapper.cpp).
#pragma once
#include <Python.h>

namespace Py {
class Object {
public:
	~Object();
	PyObject *Lend() const { return p_; }
	static Object WrapExisting(PyObject *p) { return Object(p); }

private:
	explicit Object(PyObject *p) : p_(p) {}
	PyObject *p_;
};
Object Wrap(PyObject *p); // takes the new reference over
} // namespace Py
