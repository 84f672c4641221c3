// As raise-if-error-set-good.cpp: the helper throws when the call before
// it failed, and a reference the function holds is not released on that
// edge.
#include <Python.h>

struct error_builder {
	int operator,(int)
	{
		throw 1;
		return 0;
	}
};
#define RAISE_UNLESS(C) if (__builtin_expect(!(C), 0)) error_builder(), 0

void raise_python_error()
{
	if (PyErr_Occurred() != nullptr) {
		PyErr_Clear();
		RAISE_UNLESS(false);
	}
}

PyObject *pair_with(PyObject *o, const char *name)
{
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
	PyObject *attr = PyObject_GetAttrString(o, name);
	if (!attr)
		raise_python_error(); // expect-warning[MOJO-OWN-105] {{new reference 'd' from 'PyDict_New' is leaked when the exception leaves 'pair_with'}}
	if (PyDict_SetItemString(d, name, attr) < 0) {
		Py_DECREF(attr);
		Py_DECREF(d);
		return NULL;
	}
	Py_DECREF(attr);
	return d;
}
