/*
 * A helper that takes its argument over hands it back on success and
 * releases it on failure (bitarray's freeze_if_frozen): released again by
 * the caller after a failure, it is released twice.
 */
#include <Python.h>

int freeze(PyObject *o);

static PyObject *freeze_if_frozen(PyObject *res)
{
	if (freeze(res) < 0) {
		Py_DECREF(res);
		return NULL;
	}
	return res;
}

PyObject *frozen_copy(PyObject *list)
{
	PyObject *copy = PyList_AsTuple(list);
	if (copy == NULL)
		return NULL;
	PyObject *r = freeze_if_frozen(copy);
	if (r == NULL) {
		Py_DECREF(copy); // expect-error[MOJO-OWN-102] {{after its reference was stolen}}
		return NULL;
	}
	return r;
}
