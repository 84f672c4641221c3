// `out = pick(out, self.size())` in a template, where the call's
// argument depends on the template's parameter: clang leaves the call
// unresolved and shows a plain assignment, but every instance
// move-assigns the `py::object` the function returns: the old value is
// released once and the new one moved in (stim's to_numpy, whose
// by-value `py::object` parameters were each read as released twice, and
// leaked when a later call throws: 8 false rows of C++ round 125).
#include <pybind11/pybind11.h>

#include <sstream>
#include <stdexcept>

namespace py = pybind11;

// expect-no-diagnostics

py::object pick(py::object out, size_t n, const char *name)
{
	auto numpy = py::module_::import("numpy");
	if (py::isinstance<py::bool_>(out) && py::bool_(false).equal(out))
		return py::none();
	if (py::isinstance<py::bool_>(out) && py::bool_(true).equal(out))
		return numpy.attr("zeros")(n);
	if (py::int_(n).equal(out.attr("size")))
		return out;
	std::stringstream ss;
	ss << name << " has the wrong size";
	throw std::invalid_argument(ss.str());
}

template <class Table>
py::object to_numpy(const Table &self, py::object xs, py::object zs)
{
	xs = pick(xs, self.size(), "xs");
	zs = pick(zs, self.size(), "zs");
	return py::make_tuple(xs, zs);
}
