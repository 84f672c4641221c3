// A default member initializer that holds a reference is released by the
// guard's destructor like any other: one more release is one too many.
#include <Python.h>

struct Held {
	PyObject *o = PyList_New(0);
	~Held() { Py_XDECREF(o); }
};

void twice(void)
{
	Held h;
	if (h.o == nullptr)
		return;
	Py_DECREF(h.o);
} // expect-error[MOJO-OWN-104] {{new reference 'h.o' from 'PyList_New' is released twice}}
