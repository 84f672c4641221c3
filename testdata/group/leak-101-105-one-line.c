// One handle leaked on an error exit (MOJO-OWN-105) and a normal exit
// (MOJO-OWN-101) of the same statement: one finding (issue 16).
#include <Python.h>

PyObject *pick(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *tmp = PyObject_Str(arg);
	if (tmp == NULL)
		return NULL;
	return PyObject_IsTrue(arg) ? Py_NewRef(Py_None) : NULL; // expect-warning {{'tmp' from 'PyObject_Str'}}
}
