/*
 * A leaked reference to an object CPython never frees — a small int from
 * its cache (-5..256, the argument proven in range), Py_True or Py_False
 * from PyBool_FromLong — is a note, not a warning: nothing is lost but a
 * count (rules/README.md, "Cached objects"). A note is not counted among
 * the findings nor in the exit status. An int that may be new still leaks
 * as a warning.
 */
#include <Python.h>

PyObject *cached_int_leaked(PyObject *self, PyObject *arg)
{
	PyObject *zero = PyLong_FromLong(0);
	(void)zero;
	return PyLong_FromLong(1); // expect-note[MOJO-OWN-101] {{new reference 'zero' from 'PyLong_FromLong' is never released; it is a cached small int, which CPython never frees: the leak only skews its reference count}}
}

PyObject *bool_leaked_on_error(PyObject *self, PyObject *arg)
{
	PyObject *flag = PyBool_FromLong(arg != NULL);
	if (arg == NULL)
		return NULL; // expect-note[MOJO-OWN-105] {{new reference 'flag' from 'PyBool_FromLong' is leaked on the error exit; it is Py_True or Py_False, which CPython never frees: the leak only skews its reference count}}
	return flag;
}

PyObject *byte_leaked(PyObject *self, PyObject *arg)
{
	unsigned char c = 7;
	if (PyObject_IsTrue(arg) > 0)
		c = 200;
	PyObject *n = PyLong_FromLong(c);
	(void)n;
	Py_RETURN_NONE; // expect-note[MOJO-OWN-101] {{new reference 'n' from 'PyLong_FromLong' is never released; it is a cached small int}}
}

// Bad: 1000 is no cached int.
PyObject *new_int_leaked(PyObject *self, PyObject *arg)
{
	PyObject *big = PyLong_FromLong(1000);
	if (big == NULL)
		return NULL;
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'big' from 'PyLong_FromLong' is never released}}
}

// Two leaks at one exit: the cached int's note stays beside the other
// value's warning.
PyObject *two_leaked(PyObject *self, PyObject *arg)
{
	PyObject *zero = PyLong_FromLong(0);
	PyObject *big = PyLong_FromLong(1000);
	if (big == NULL) {
		Py_DECREF(zero);
		return NULL;
	}
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'big' from 'PyLong_FromLong' is never released}} expect-note[MOJO-OWN-101] {{new reference 'zero' from 'PyLong_FromLong' is never released; it is a cached small int}}
}
