// PyErr_Occurred() right after an API that sets an error exactly when it
// returns NULL tests that result (issue #26): no error, the result is
// set; an error, it is NULL. Any other call in between unties them.
#include <Python.h>

PyObject *checked_by_err_occurred(PyObject *a)
{
	PyObject *r = PyObject_Repr(a);
	if (PyErr_Occurred())
		return NULL;
	PyObject *t = PyTuple_Pack(1, r);
	Py_DECREF(r);
	return t;
}

// The error set says the second call failed: the first result leaks.
PyObject *first_leaks(long a, long b)
{
	PyObject *x = PyLong_FromLong(a);
	if (PyErr_Occurred())
		return NULL;
	PyObject *y = PyLong_FromLong(b);
	if (PyErr_Occurred())
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked on the error exit}}
	PyObject *t = PyTuple_Pack(2, x, y);
	Py_DECREF(x);
	Py_DECREF(y);
	return t;
}

// A call in between: PyErr_Occurred() speaks of that call, not of the
// result, which leaks when the other call failed and is used unchecked.
PyObject *untied(PyObject *a)
{
	PyObject *r = PyObject_Repr(a);
	long v = PyLong_AsLong(a);
	if (PyErr_Occurred())
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'r' from 'PyObject_Repr' is leaked on the error exit}}
	PyObject *t = PyTuple_Pack(2, r, v ? Py_True : Py_False);
	Py_DECREF(r); // expect-warning[MOJO-OWN-109] {{new reference 'r' from 'PyObject_Repr' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}
