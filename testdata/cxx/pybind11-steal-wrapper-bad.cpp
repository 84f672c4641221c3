// A project's own `steal()` and `borrow()` (see
// pybind11-steal-wrapper-good.cpp): the object made of `steal(p)` owns
// p's reference, and the one made of `borrow(p)` one more.
#include <pybind11/pybind11.h>

namespace py = pybind11;

template <typename T = py::object>
inline T steal(PyObject *p)
{
	return py::reinterpret_steal<T>(py::handle(p));
}

template <typename T = py::object>
inline T borrow(PyObject *p)
{
	return py::reinterpret_borrow<T>(py::handle(p));
}

// A borrowed item taken over: released by the object's destructor.
inline long hash_first(PyObject *tuple)
{
	py::object o = steal(PyTuple_GetItem(tuple, 0));
	return PyObject_Hash(o.ptr()); // expect-error[MOJO-OWN-106] {{'PyTuple_GetItem'}}
}

// A new reference given one more: the call's own is never released.
inline long hash_new(const char *name)
{
	py::object o = borrow(PyImport_ImportModule(name));
	return PyObject_Hash(o.ptr()); // expect-warning[MOJO-OWN-101] {{'PyImport_ImportModule'}}
}
