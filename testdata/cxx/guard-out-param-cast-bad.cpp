// As guard-out-param-cast-good.cpp, but the type is also released by
// hand before the guard's destructor releases it.
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
	if (type.get()) {
		Py_DECREF(type.get());
		throw std::runtime_error("python error"); // expect-error[MOJO-OWN-104] {{new reference 'type.m' from 'PyErr_Fetch' is released twice}}
	}
}
