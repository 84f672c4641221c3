#include <Python.h>

PyObject *get_default(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	Py_RETURN_NONE;
	// expect-no-diagnostics
}
