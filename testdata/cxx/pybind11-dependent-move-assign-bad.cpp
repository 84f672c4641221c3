// A move assignment from a call a template's parameter leaves unresolved
// (see pybind11-dependent-move-assign-good.cpp): the variable owns the
// new object, which its destructor releases.
#include <pybind11/pybind11.h>

#include <stdexcept>

namespace py = pybind11;

py::object pick(py::object out, size_t n)
{
	if (n == 0)
		throw std::invalid_argument("empty");
	return py::str("picked");
}

// Released by hand, then again by the destructor.
template <class Table>
void reset(const Table &self, py::object xs)
{
	xs = pick(xs, self.size());
	Py_DECREF(xs.ptr());
} // expect-error[MOJO-OWN-104] {{released twice}}
