// A handle owns nothing: what it wraps is the caller's borrow, and
// releasing it releases what the function does not own.
#include <Python.h>
#include <nanobind/nanobind.h>
namespace nb = nanobind;

void drop_module(PyObject *modules)
{
	nb::handle h;
	if ((h = nb::handle(PyDict_GetItemString(modules, "nrn"))) &&
	    PyObject_IsTrue(modules))
		Py_DECREF(h.ptr()); // expect-error[MOJO-OWN-106] {{borrowed reference 'h' from 'PyDict_GetItemString' is released by 'Py_DECREF' but this function does not own it}}
}
