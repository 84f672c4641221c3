// MOJO-OWN-109 names the first use that needs the value non-NULL: the
// abstract object API's size and item calls raise SystemError on NULL
// (abstract.c's null_error()), so the crash is the Py_DECREF after them.
#include <Python.h>

Py_ssize_t keys_length(PyObject *d)
{
	PyObject *keys = PyDict_Keys(d);
	Py_ssize_t n = PySequence_Size(keys);
	Py_DECREF(keys); // expect-warning[MOJO-OWN-109] {{new reference 'keys' from 'PyDict_Keys' is passed to 'Py_DECREF' before it is checked for NULL}}
	return n;
}
