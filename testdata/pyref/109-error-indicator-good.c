// The error indicator along a path (engine/errstate.c): PyErr_Occurred()
// is decided where the path knows the indicator, and its test settles the
// calls tied to it.
// expect-no-diagnostics
#include <Python.h>

// Two calls, one test: a call returns NULL only with an error set, so the
// branch that finds none has both results (Polygon3's Polygon_sample).
static PyObject *sum_two(PyObject *self, PyObject *rng)
{
	PyObject *res = NULL, *v1, *v2;
	v1 = PyObject_CallObject(rng, NULL);
	v2 = PyObject_CallObject(rng, NULL);
	if (PyErr_Occurred())
		goto cleanup;
	if (!PyFloat_Check(v1) || !PyFloat_Check(v2)) {
		PyErr_SetString(PyExc_TypeError, "float expected");
		goto cleanup;
	}
	res = PyFloat_FromDouble(PyFloat_AsDouble(v1) + PyFloat_AsDouble(v2));
cleanup:
	Py_XDECREF(v1);
	Py_XDECREF(v2);
	return res;
}

// PyErr_Format() sets the error: the test after the loop takes the
// cleanup on that path (pyglpk's util_extract_if).
static int count_items(PyObject *ob, int size)
{
	PyObject *iter, *item = NULL;
	int n = 0;
	if ((iter = PyObject_GetIter(ob)) == NULL)
		return -1;
	while ((item = PyIter_Next(iter)) != NULL) {
		if (n >= size) {
			PyErr_Format(PyExc_IndexError, "index %d out of range", n);
			break;
		}
		Py_DECREF(item);
		n++;
	}
	Py_DECREF(iter);
	if (PyErr_Occurred()) {
		Py_XDECREF(item);
		return -1;
	}
	return n;
}

// CPython calls a method with no error set, and PyDict_GetItem() sets
// none: the test's true branch cannot run (fastcache's cache_call).
static PyObject *lookup(PyObject *dict, PyObject *key)
{
	PyObject *link = PyDict_GetItem(dict, key);
	if (PyErr_Occurred()) {
		Py_XDECREF(link);
		return NULL;
	}
	if (link == NULL)
		Py_RETURN_NONE;
	Py_INCREF(link);
	return link;
}

static PyObject *count(PyObject *self, PyObject *arg)
{
	return PyLong_FromLong(count_items(arg, 10));
}

static PyMethodDef methods[] = {
	{"sum_two", (PyCFunction)sum_two, METH_O, NULL},
	{"count", (PyCFunction)count, METH_O, NULL},
	{"lookup", (PyCFunction)lookup, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

// PyIter_Next() gives an item only with no error set: after one, the
// error branch cannot run (geodesk-py).
static PyObject *first_item(PyObject *self, PyObject *iterable)
{
	PyObject *iter = PyObject_GetIter(iterable);
	if (!iter)
		return NULL;
	PyObject *result = PyIter_Next(iter);
	if (PyErr_Occurred()) {
		result = NULL;
	} else if (!result) {
		result = Py_NewRef(Py_None);
	}
	Py_DECREF(iter);
	return result;
}

static PyMethodDef more_methods[] = {
	{"first_item", (PyCFunction)first_item, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
