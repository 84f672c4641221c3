// What the header's check returns is the reference it was given:
// released twice, it is a double release.
#include <Python.h>
#include "throw-check-in-header.h"

void drop_twice(long v)
{
	PyObject *x = throw_ifnull(PyLong_FromLong(v));
	Py_DECREF(x);
	Py_DECREF(x); // expect-error[MOJO-OWN-104] {{released twice}}
}
