// Releases what peek() lends: a release of a borrowed reference, seen
// because this unit analyzes peek() too.
#include "peek.h"

long first_as_long(PyObject *t)
{
	PyObject *o = peek(t);
	long v = PyLong_AsLong(o);
	Py_DECREF(o);
	return v;
}
