// An owner made by a constructor that delegates to another of its class,
// passing its first argument (a temporary dtype) on: the object is what
// that constructor makes, a new one, not the temporary's handle, which
// dies at the end of the statement (dolphindb's `py::array
// pyVec(py::dtype("datetime64[M]"), {size}, {})` over old pybind11: 7
// false rows of blind C++ round 117).
// expect-no-diagnostics
#include <nanobind/nanobind.h>
namespace nb = nanobind;

Py_ssize_t fill(Py_ssize_t n)
{
	nb::array a(nb::str("f8"), n);
	return Py_SIZE(a.ptr());
}
