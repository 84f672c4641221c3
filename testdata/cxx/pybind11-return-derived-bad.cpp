// `return py::none();` from a function that returns a `py::object` (see
// pybind11-return-derived-good.cpp) returns a reference its caller owns:
// its object dies at the end of the caller's statement.
#include <pybind11/pybind11.h>

namespace py = pybind11;

static py::object nothing()
{
	return py::none();
}

// The object's pointer, kept past the statement that destroyed it.
PyObject *raw_nothing()
{
	PyObject *p = nothing().ptr();
	return p; // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// Released by hand, then again by its destructor.
void drop_nothing()
{
	py::object o = nothing();
	Py_DECREF(o.ptr());
} // expect-error[MOJO-OWN-104] {{released twice}}
