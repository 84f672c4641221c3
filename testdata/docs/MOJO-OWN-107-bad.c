#include <Python.h>

PyObject *get_default(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	return Py_None; // expect-error[MOJO-OWN-107] {{None}}
}
