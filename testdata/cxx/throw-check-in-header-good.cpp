// The check of a header beside the file is inlined at its calls, as one
// of the file's own would be: it returns its argument, and the edge that
// does not throw has it non-NULL.
// expect-no-diagnostics
#include <Python.h>
#include "throw-check-in-header.h"

PyObject *long_to_python(long v)
{
	return throw_ifnull(PyLong_FromLong(v));
}

PyObject *pair(long a, long b)
{
	PyObject *x = throw_ifnull(PyLong_FromLong(a));
	PyObject *y = PyLong_FromLong(b);
	if (!y) {
		Py_DECREF(x);
		return NULL;
	}
	PyObject *t = PyTuple_Pack(2, x, y);
	Py_DECREF(x);
	Py_DECREF(y);
	return t;
}
