// The reference count of an object the function holds is 1 or more: a
// test of `ob_refcnt <= 0` on it never holds (pyclops' owner class
// throws on it, C++ round 63), so the exit behind it leaks nothing.
// expect-no-diagnostics
#include <Python.h>

static PyObject *checked_dict(void)
{
	PyObject *d = PyDict_New();
	if (d == NULL)
		return NULL;
	if (d->ob_refcnt <= 0) {
		PyErr_SetString(PyExc_RuntimeError, "dead object");
		return NULL;
	}
	return d;
}

PyObject *make_dict(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	return checked_dict();
}
