// MOJO-OWN-109 once per call that produced the unchecked value, not at
// each use that some path reaches first (issue 16).
#include <Python.h>

PyObject *fill(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *d = PyDict_New();
	if (arg == Py_None)
		Py_INCREF(d), Py_DECREF(d); // expect-warning[MOJO-OWN-109] {{new reference 'd' from 'PyDict_New' is passed to 'Py_INCREF' before it is checked for NULL (and 2 more sites with the same cause)}}
	else if (arg == Py_True)
		Py_INCREF(d), Py_DECREF(d); // expect-note {{also: new reference 'd' from 'PyDict_New' is passed to 'Py_INCREF' before it is checked for NULL [MOJO-OWN-109]}}
	else
		Py_INCREF(d), Py_DECREF(d); // expect-note {{also:}}
	return d;
}
