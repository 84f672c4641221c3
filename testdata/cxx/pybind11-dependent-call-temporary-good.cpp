// A call whose arguments depend on a template's parameter, of a function
// template whose result does not (`edges(ax, flow)` in a generic lambda
// returns a `py::array_t<double>` for every axis): its result is a
// temporary, destroyed at the end of the statement, not a reference
// lost (boost-histogram's register_histogram, 2 false MOJO-OWN-101 rows
// of C++ round 121).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <type_traits>
#include <utility>

namespace py = pybind11;

// expect-no-diagnostics

template <class Axis>
py::array_t<double> edges(const Axis &ax, bool flow = false,
			  bool numpy_upper = false)
{
	py::array_t<double> e(ax.size());
	return e;
}

template <class Obj>
void unchecked_set_impl(std::true_type, py::tuple &tup, py::ssize_t i,
			Obj &&obj)
{
	if (PyTuple_SetItem(tup.ptr(), i, obj.release().ptr()) != 0)
		throw py::error_already_set();
}

template <class T>
void unchecked_set_impl(std::false_type, py::tuple &tup, py::ssize_t i,
			T &&t)
{
	unchecked_set_impl(std::true_type{}, tup, i,
			   py::cast(std::forward<T>(t)));
}

template <class T>
void unchecked_set(py::tuple &tup, std::size_t i, T &&t)
{
	unchecked_set_impl(std::is_base_of<py::object, std::decay_t<T>>{}, tup,
			   static_cast<py::ssize_t>(i), std::forward<T>(t));
}

template <class Histogram>
py::tuple state(Histogram &h, bool flow)
{
	py::tuple tup(1 + h.rank());
	h.for_each_axis([&tup, flow, i = 0U](const auto &ax) mutable {
		unchecked_set(tup, ++i, edges(ax, flow, true));
	});
	return tup;
}

template <class Axis>
Py_ssize_t edge_count(const Axis &ax)
{
	return PyObject_Length(edges(ax, false).ptr());
}
