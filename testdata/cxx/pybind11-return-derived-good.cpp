// `return py::none();` from a function that returns a `py::object`: the
// none made is moved into the object returned, a reference to None, not
// an empty object. Its callers own what it returns on every path
// (libqi-python's getSelf, whose result was read as borrowed, its
// destructor a release of a reference the caller did not own: 2 false
// MOJO-OWN-106 rows of C++ round 120).
#include <pybind11/pybind11.h>

namespace py = pybind11;

// expect-no-diagnostics

py::object method_self(const py::function &func);

static py::object self_of(const py::function &func)
{
	const auto self = method_self(func);
	if (!self.is_none())
		return self;
	return py::none();
}

static py::object nothing()
{
	return py::none();
}

long strand_of(const py::function &func)
{
	py::object self = self_of(func);
	py::object none = nothing();
	return PyObject_Hash(self.ptr()) + (none.is_none() ? 1 : 0);
}
