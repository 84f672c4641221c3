// A call whose arguments depend on a template's parameter, of a function
// template whose result does not (see
// pybind11-dependent-call-temporary-good.cpp): its result is a
// temporary, destroyed at the end of the statement.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

template <class Axis>
py::array_t<double> edges(const Axis &ax, bool flow)
{
	py::array_t<double> e(ax.size() + (flow ? 2 : 0));
	return e;
}

// The array's pointer, kept past the statement that destroyed it.
template <class Axis>
PyObject *first_edges(const Axis &ax)
{
	PyObject *p = edges(ax, false).ptr();
	return p; // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// Its reference taken by release() and never given back.
template <class Axis>
Py_ssize_t edge_count(const Axis &ax)
{
	PyObject *p = edges(ax, true).release().ptr();
	return PyObject_Length(p); // expect-warning[MOJO-OWN-101] {{never released}}
}
