// The convention holds where the result is kept: a function of another
// file returning `PyObject *` gives a new reference, leaked when dropped.
#include <Python.h>

PyObject *make_thing(PyObject *arg); // (another file's)

long thing_length(PyObject *arg)
{
	PyObject *t = make_thing(arg);
	if (t == NULL)
		return -1;
	return PyObject_Size(t); // expect-warning[MOJO-OWN-101] {{new reference 't' from 'make_thing' is never released}}
}
