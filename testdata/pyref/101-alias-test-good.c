// A value that is either a parameter or a new reference made from it,
// released when it is not the parameter (`tmp != o`): the test tells
// which of the two it is, on every exit (linuxcnc's halmodule.cc
// from_python, C++ round 70).
// expect-no-diagnostics
#include <Python.h>

int to_long(PyObject *o, long *out)
{
	PyObject *tmp = PyLong_Check(o) ? o : PyNumber_Long(o);
	if (!tmp)
		return -1;
	long l = PyLong_AsLong(tmp);
	if (l == -1 && PyErr_Occurred())
		goto fail;
	*out = l;
	if (tmp != o)
		Py_XDECREF(tmp);
	return 0;
fail:
	if (tmp != o)
		Py_XDECREF(tmp);
	return -1;
}
