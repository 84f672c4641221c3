// A holder base whose constructor takes a reference of its own
// (`Py_XINCREF`) does not take over what it is given: a new reference
// handed to the derived class's constructor leaks
// (base-ctor-summary-good.cpp's base takes it over).
#include <Python.h>

struct Ref {
	explicit Ref(PyObject *o) : o_(o) { Py_XINCREF(o_); }
	~Ref() { Py_XDECREF(o_); }
	PyObject *o_;
};

struct Holder {
	explicit Holder(PyObject *o) : ref_(o) {}
	Ref ref_;
};

struct List : Holder {
	explicit List(PyObject *o) : Holder(o) {}
	Py_ssize_t length() { return PyList_Size(ref_.o_); }
};

Py_ssize_t count_keys(PyObject *dict)
{
	auto keys = List(PyDict_Keys(dict)); // expect-warning[MOJO-OWN-101] {{new reference from 'PyDict_Keys' is leaked: its last handle is lost here}}
	return keys.length();
}
