// A registration helper written as a function template, as binding
// libraries organise their classes (boost-histogram's register_axis):
// `py::class_<T> cls(m, name)` in the template's pattern names a type
// that depends on T, and libclang shows its initializer as an untyped
// list of arguments. The class is made from the module the helper is
// given, which it borrows: calling the helper again on the same module
// steals nothing (3 false MOJO-OWN-102 rows of C++ round 121).
#include <pybind11/pybind11.h>

#include <string>

namespace py = pybind11;

// expect-no-diagnostics

struct Regular { int bins; };
struct Variable { int edges; };

template <class Axis>
py::class_<Axis> register_axis(py::module_ &m, const char *name)
{
	py::class_<Axis> cls(m, name);
	cls.def("__repr__", [](const Axis &) { return std::string("axis"); });
	return cls;
}

void register_axes(py::module_ &m)
{
	register_axis<Regular>(m, "regular")
		.def_readonly("bins", &Regular::bins);
	register_axis<Variable>(m, "variable");
}

// The same through a generic lambda, where the type is a template
// parameter of the lambda's call operator.
template <class... Axes>
void register_each(py::module_ &m)
{
	const char *names[] = {"a", "b"};
	int i = 0;
	auto one = [&](auto tag) {
		using Axis = decltype(tag);
		py::class_<Axis> cls(m, names[i++]);
	};
	(one(Axes{}), ...);
}

void register_both(py::module_ &m)
{
	register_each<Regular, Variable>(m);
	register_each<Regular>(m);
}
