// The same value, released after the test on one exit only: the new
// reference made on the other leaks (101-alias-test-good.c releases it
// on both).
#include <Python.h>

int to_long(PyObject *o, long *out)
{
	PyObject *tmp = PyLong_Check(o) ? o : PyNumber_Long(o);
	if (!tmp)
		return -1;
	long l = PyLong_AsLong(tmp);
	if (l == -1 && PyErr_Occurred())
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'tmp' from 'PyNumber_Long' is leaked on the error exit}}
	*out = l;
	if (tmp != o)
		Py_XDECREF(tmp);
	return 0;
}
