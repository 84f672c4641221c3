// A project's own `steal()` and `borrow()` around pybind11's
// reinterpret_steal and reinterpret_borrow, templates whose result type
// is a parameter defaulting to `py::object` (mssql-python's py_ref.hpp):
// no object of a known class is made in the pattern, but the helper
// returns the handle it is given, taken over or with one more reference.
// The `py::object` made of its result owns the reference (8 false
// MOJO-OWN-101 rows of C++ round 120, where each import was lost).
#include <pybind11/pybind11.h>

namespace py = pybind11;

// expect-no-diagnostics

template <typename T = py::object>
inline T steal(PyObject *p)
{
	return py::reinterpret_steal<T>(py::handle(p));
}

template <typename T = py::object>
inline T borrow(PyObject *p)
{
	return py::reinterpret_borrow<T>(py::handle(p));
}

inline PyObject *import_attr(const char *module_name, const char *attr_name)
{
	py::object mod = steal(PyImport_ImportModule(module_name));
	if (!mod)
		throw py::error_already_set();
	PyObject *attr = PyObject_GetAttrString(mod.ptr(), attr_name);
	if (!attr)
		throw py::error_already_set();
	return attr;
}

inline long hash_of(PyObject *lent)
{
	py::object o = borrow(lent);
	return PyObject_Hash(o.ptr());
}
