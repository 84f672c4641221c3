// A registration helper written as a function template (see
// pybind11-template-register-good.cpp): the class it makes borrows the
// module, and what the helper itself takes is still followed.
#include <pybind11/pybind11.h>

namespace py = pybind11;

struct Regular { int bins; };

template <class Axis>
py::class_<Axis> register_axis(py::module_ &m, const char *name)
{
	py::class_<Axis> cls(m, name);
	return cls;
}

// The docstring's reference is leaked by every call: the class is made
// from the module and the name only.
template <class Axis>
void register_documented(py::module_ &m, const char *name)
{
	PyObject *doc = PyUnicode_FromString(name);
	if (!doc)
		throw py::error_already_set();
	py::class_<Axis> cls(m, name);
} // expect-warning[MOJO-OWN-101] {{'doc'}}

// A module reference the function owns, lent to the helper and never
// released: the helper does not take it over.
void register_owned()
{
	PyObject *mod = PyImport_ImportModule("histogram");
	if (!mod)
		throw py::error_already_set();
	py::module_ m = py::reinterpret_borrow<py::module_>(mod);
	register_axis<Regular>(m, "regular");
	register_axis<Regular>(m, "again");
} // expect-warning[MOJO-OWN-101] {{'mod'}}
