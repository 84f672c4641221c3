// `c ? py::cast(v) : py::none()` in a template's pattern, where the
// operator's type depends on the template's parameter (boost-histogram's
// vectorize_value and unchecked_set, 4 false rows of C++ round 121): the
// arm taken makes the operator's value itself, which is returned, or
// taken by release(), or destroyed at the end of the statement, once.
#include <pybind11/pybind11.h>

namespace py = pybind11;

// expect-no-diagnostics

template <class Axis>
auto vectorize_value(int (Axis::*value)(int) const)
{
	return [value](const Axis &self, const py::object &arg) -> py::object {
		int i = py::cast<int>(arg);
		return i < self.size() ? py::cast((self.*value)(i)) : py::none();
	};
}

template <class Obj>
void unchecked_set(py::tuple &tup, std::size_t i, Obj &&obj)
{
	PyTuple_SET_ITEM(tup.ptr(), static_cast<Py_ssize_t>(i),
			 obj.release().ptr());
}

template <class Axis>
py::tuple bins(const Axis &self, int n)
{
	py::tuple values(n);
	for (int k = 0; k < n; ++k)
		unchecked_set(values, k,
			      k < self.size() ? py::cast(self.bin(k))
					      : py::none());
	return values;
}

template <class Axis>
void fill(py::tuple &t, const Axis &self, int n)
{
	for (int k = 0; k < n; k++)
		PyTuple_SET_ITEM(t.ptr(), k,
				 (k < self.size() ? py::cast(self.bin(k))
						  : py::none())
					 .release()
					 .ptr());
}

template <class Axis>
long hash_of(const Axis &self, int k)
{
	return PyObject_Hash(
		(k < self.size() ? py::cast(self.bin(k)) : py::none()).ptr());
}
