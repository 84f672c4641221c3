// nanobind's `borrow()` of a borrowed item, assigned in a condition that
// goes on with a call: the object takes its own reference, which its
// destructor (or the next assignment) releases. Reduced from nrn's
// `get_nrn_module()` (nrnpy_nrn.cpp).
#include <Python.h>
#include <nanobind/nanobind.h>
namespace nb = nanobind;

PyObject *find_module(PyObject *modules)
{
	nb::object m;
	if ((m = nb::borrow(PyDict_GetItemString(modules, "nrn"))) &&
	    PyObject_IsTrue(modules))
		return m.release().ptr();
	return nullptr;
}
// expect-no-diagnostics
