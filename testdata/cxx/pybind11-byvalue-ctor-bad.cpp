// A constructor that keeps its by-value objects (see
// pybind11-byvalue-ctor-good.cpp) takes references of its own, which
// its object releases: what the caller lends it stays the caller's.
#include <pybind11/pybind11.h>

#include <utility>

namespace py = pybind11;

struct func_transform {
	py::object forward;
	py::str name;
	func_transform(py::object f, py::str n)
		: forward(std::move(f)), name(std::move(n))
	{
	}
};

// A borrowed reference stolen by an object the caller makes for the
// constructor: that object releases it when the statement ends.
func_transform stolen(PyObject *f, PyObject *n)
{
	return func_transform(py::reinterpret_borrow<py::object>(f), py::reinterpret_steal<py::str>(n)); // expect-error[MOJO-OWN-106] {{'n'}}
}

// A reference made here and lent to the object, not released.
func_transform named(py::object f)
{
	PyObject *raw = PyUnicode_FromString("identity");
	if (!raw)
		throw py::error_already_set();
	func_transform t(f, py::reinterpret_borrow<py::str>(raw));
	return t; // expect-warning[MOJO-OWN-101] {{'raw'}}
}
