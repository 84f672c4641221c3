/*
 * A reference compared with Py_None stays what it was: a helper's
 * `Py_RETURN_NONE` gave a new reference, and `return rv;` on the branch
 * where `rv == Py_None` hands it on (no MOJO-OWN-107). A borrowed value
 * found equal to None is still borrowed.
 */
#include <Python.h>

// The file's helper: None with a reference, or a new string.
static PyObject *describe(PyObject *x)
{
	if (x == NULL)
		Py_RETURN_NONE;
	return PyObject_Str(x);
}

PyObject *describe_or_none(PyObject *self, PyObject *arg)
{
	PyObject *rv = describe(arg);
	if (rv == NULL)
		return NULL;
	if (rv == Py_None)
		return rv;
	if (PyObject_Size(rv) == 0) {
		Py_DECREF(rv);
		Py_RETURN_NONE;
	}
	return rv;
}

// A callee of another library, new by convention, tested against None
// and returned on both branches.
extern PyObject *external_lookup(PyObject *key);

PyObject *lookup_or_none(PyObject *self, PyObject *key)
{
	PyObject *rv = external_lookup(key);
	if (rv == NULL)
		return NULL;
	if (rv == Py_None)
		PyErr_SetString(PyExc_RuntimeError, "no value");
	return rv;
}

// Dropping the reference when it is None frees nothing: no leak either.
PyObject *value_or_default(PyObject *self, PyObject *arg)
{
	PyObject *rv = describe(arg);
	if (rv == Py_None)
		return PyLong_FromLong(1000);
	return rv;
}

// Bad: a borrowed item is still borrowed when it is None.
PyObject *item_or_none(PyObject *self, PyObject *dict)
{
	PyObject *rv = PyDict_GetItemString(dict, "item");
	if (rv == NULL)
		return NULL;
	if (rv == Py_None)
		return rv; // expect-error[MOJO-OWN-107] {{borrowed reference 'rv' from 'PyDict_GetItemString' is returned but callers expect a new reference}}
	Py_INCREF(rv);
	return rv;
}
