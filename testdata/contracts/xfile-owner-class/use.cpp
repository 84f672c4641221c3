// The new references handed to Py::Wrap are its object's: that class's
// destructor, defined in object.cpp, releases them. The one leaked below
// never reaches it.
#include "object.h"

void use(const Py::Object o);

void send(PyObject *coro)
{
	PyObject *t = PyObject_CallMethod(coro, "send", "O", Py_None);
	if (t)
		use(Py::Wrap(t));
	Py::Object m = Py::Wrap(PyImport_ImportModule("sys"));
	PyObject *lost = PyImport_ImportModule("os");
	if (lost)
		use(m);
}
