// Any other size allocates, and the allocation can fail.
#include <Python.h>

PyObject *PyUnicode_New(Py_ssize_t size, unsigned int maxchar);

Py_ssize_t one_char(Py_ssize_t n)
{
	PyObject *u = PyUnicode_New(1, 127);
	Py_ssize_t len = PyObject_Size(u); // expect-warning[MOJO-OWN-109] {{new reference 'u' from 'PyUnicode_New' is passed to 'PyObject_Size' before it is checked for NULL}}
	Py_DECREF(u);
	return len + n;
}
