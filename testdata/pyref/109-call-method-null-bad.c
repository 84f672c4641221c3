// PyObject_CallMethod takes a NULL object (109-call-method-null-good.c),
// but Py_DECREF does not: the unchecked module crashes there.
#include <Python.h>

PyObject *call_helper(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *mod = PyImport_ImportModule("logging");
	PyObject *r = PyObject_CallMethod(mod, "getLogger", "O", arg);
	Py_DECREF(mod); // expect-warning[MOJO-OWN-109] {{new reference 'mod' from 'PyImport_ImportModule' is passed to 'Py_DECREF' before it is checked for NULL}}
	return r;
}
