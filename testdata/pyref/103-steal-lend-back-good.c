/*
 * A "steal and lend back" helper (pythoncapi_compat's steal idiom):
 * it releases the reference it is given and returns the same pointer,
 * a borrow of whatever else keeps the object alive. No finding in its
 * body; its callers see it take the argument's reference and hand the
 * object back borrowed.
 */
// expect-no-diagnostics
#include <Python.h>

static inline PyObject *steal(PyObject *o)
{
	Py_DECREF(o);
	return o;
}

// The caller's extra reference is taken; `args` itself keeps the object.
PyObject *size_of_args(PyObject *self, PyObject *args)
{
	(void)self;
	Py_INCREF(args);
	PyObject *borrowed = steal(args);
	return PyLong_FromSsize_t(PyTuple_GET_SIZE(borrowed));
}

// The borrow handed on with a reference of its own.
PyObject *same_args(PyObject *self, PyObject *args)
{
	(void)self;
	Py_INCREF(args);
	PyObject *r = steal(args);
	Py_INCREF(r);
	return r;
}
