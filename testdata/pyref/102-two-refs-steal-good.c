/*
 * MOJO-OWN-102 and two references around a steal: the function holds the
 * reference a helper wrote back into its variable (a new one, whose
 * origin the analysis does not follow) and takes one more with
 * Py_INCREF. PyList_SetItem steals that extra one, even when it fails;
 * the Py_DECREF after it releases the other. Nothing is released twice.
 */
// expect-no-diagnostics
#include <Python.h>

static int canonical(PyObject **key)
{
	PyObject *orig = *key, *res = orig;
	Py_INCREF(orig);
	if (PyUnicode_Check(orig)) {
		res = PyUnicode_AsUTF8String(orig);
		Py_DECREF(orig);
		if (!res)
			return 0;
	}
	*key = res;
	return 1;
}

int fill_keys(PyObject *out, PyObject *it)
{
	PyObject *key;
	Py_ssize_t i;
	for (i = 0; (key = PyIter_Next(it)) != NULL; i++) {
		PyObject *given = key;
		if (!canonical(&key)) {
			Py_DECREF(given);
			return -1;
		}
		Py_DECREF(given);
		Py_INCREF(key);
		if (PyList_SetItem(out, i, key) < 0)
			goto next;
		if (PyObject_Size(key) < 0)
			goto next;
next:
		Py_DECREF(key);
		if (PyErr_Occurred())
			return -1;
	}
	return 0;
}

int fill_owned(PyObject *out, PyObject *it)
{
	PyObject *key;
	Py_ssize_t i;
	for (i = 0; (key = PyIter_Next(it)) != NULL; i++) {
		Py_INCREF(key);
		if (PyList_SetItem(out, i, key) < 0) {
			Py_DECREF(key);
			return -1;
		}
		Py_DECREF(key);
	}
	return 0;
}
