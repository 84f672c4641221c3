// The HTML report's test input (testdata/html/check-html-report.py): a
// leak whose path has steps on several lines, an error-exit leak, a
// double release (an error), and a leak silenced by NOLINT. The test
// knows these line numbers: keep them when editing.
#include <Python.h>

PyObject *make_pair(long a, long b)
{
	PyObject *x = PyLong_FromLong(a);
	if (x == NULL)
		return NULL;
	PyObject *y = PyLong_FromLong(b);
	if (y == NULL)
		return NULL;
	PyObject *t = PyTuple_Pack(2, x, y);
	Py_DECREF(y);
	return t;
}

void drop_twice(PyObject *o)
{
	PyObject *s = PyObject_Str(o);
	if (s == NULL)
		return;
	Py_DECREF(s);
	Py_DECREF(s);
}

void quiet_leak(long v)
{
	PyObject *n = PyLong_FromLong(v); // NOLINT(MOJO-OWN-101): kept for the test
	(void)n;
}
