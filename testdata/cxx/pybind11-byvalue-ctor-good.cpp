// A constructor that moves each of its by-value objects into a member
// (boost-histogram's func_transform, given four objects): it keeps one
// reference of each, whatever it returns, and the caller destroys its
// copies after the call. The last one used to wait for a result to
// test, and was taken only at the return, after the caller had
// released it (1 false MOJO-OWN-103 row of C++ round 121).
#include <pybind11/pybind11.h>

#include <utility>

namespace py = pybind11;

// expect-no-diagnostics

struct func_transform {
	py::object forward, inverse;
	py::str name;
	func_transform(py::object f, py::object i, py::str n)
		: forward(std::move(f)), inverse(std::move(i)),
		  name(std::move(n))
	{
	}
};

func_transform deep_copy(const func_transform &input, py::object &memo)
{
	py::module_ const copy = py::module_::import("copy");
	py::object const forward = copy.attr("deepcopy")(input.forward, memo);
	py::object const inverse = copy.attr("deepcopy")(input.inverse, memo);
	py::str const name = copy.attr("deepcopy")(input.name, memo);
	return {forward, inverse, name};
}

func_transform named(py::object f)
{
	py::str n("identity");
	return func_transform(f, f, n);
}
