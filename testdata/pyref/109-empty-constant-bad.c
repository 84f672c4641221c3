// Any other size allocates, and the allocation can fail.
#include <Python.h>

PyObject *PyUnicode_New(Py_ssize_t size, unsigned int maxchar);

Py_ssize_t one_char(Py_ssize_t n)
{
	PyObject *u = PyUnicode_New(1, 127);
	Py_ssize_t len = PyObject_Size(u); // (which takes NULL: SystemError)
	Py_DECREF(u); // expect-warning[MOJO-OWN-109] {{new reference 'u' from 'PyUnicode_New' is passed to 'Py_DECREF' before it is checked for NULL}}
	return len + n;
}
