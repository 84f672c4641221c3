// `c ? py::cast(v) : py::none()` in a template's pattern (see
// pybind11-dependent-conditional-good.cpp): the operator's value is a
// temporary, destroyed at the end of its statement.
#include <pybind11/pybind11.h>

namespace py = pybind11;

// ptr() of the temporary, which dies at the end of the statement.
template <class Axis>
PyObject *bin_or_none(const Axis &self, int k)
{
	PyObject *p = (k < self.size() ? py::cast(self.bin(k)) : py::none()).ptr();
	return p; // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// release() of it, and the reference taken out never released.
template <class Axis>
long hash_released(const Axis &self, int k)
{
	PyObject *p =
		(k < self.size() ? py::cast(self.bin(k)) : py::none()).release().ptr();
	return PyObject_Hash(p); // expect-warning[MOJO-OWN-101] {{never released}}
}
