// A guard whose one pointer field is its first, filled through a cast of
// its address (pyuno's `PyErr_Fetch(reinterpret_cast<PyObject
// **>(&excType), ..)` into its `PyRef`s): the cast is the address of that
// field, so what the call writes is what the guard's destructor releases,
// also when an exception unwinds.
// expect-no-diagnostics
#include <Python.h>
#include <stdexcept>

class PyRef {
	PyObject *m;

public:
	PyRef() : m(nullptr) {}
	PyRef(const PyRef &r) : m(r.m) { Py_XINCREF(m); }
	~PyRef() { Py_XDECREF(m); }
	PyObject *get() const noexcept { return m; }
};

void raise_when_needed()
{
	if (!PyErr_Occurred())
		return;
	PyRef type, value, traceback;
	PyErr_Fetch(reinterpret_cast<PyObject **>(&type),
		    reinterpret_cast<PyObject **>(&value),
		    reinterpret_cast<PyObject **>(&traceback));
	if (type.get())
		throw std::runtime_error("python error");
}
