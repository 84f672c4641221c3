/*
 * MOJO-OWN-106 release-of-borrowed: a reference this function never owned
 * (a parameter, a GetItem result, a PyArg_ParseTuple "O" object) is
 * released or passed to a stealing parameter. One bug per function.
 */
#include <Python.h>

// PyList_GetItem returns a borrowed reference.
long first_as_long(PyObject *list)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return -1;
	long v = PyLong_AsLong(first);
	Py_DECREF(first); // expect-error[MOJO-OWN-106] {{'first' from 'PyList_GetItem' is released by 'Py_DECREF' but this function does not own it}}
	return v;
}

// Parameters are borrowed from the caller.
PyObject *consume(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *r = PyObject_Repr(arg);
	Py_DECREF(arg); // expect-error[MOJO-OWN-106] {{'arg' is released by 'Py_DECREF' but this function does not own it}}
	return r;
}

// PyTuple_SetItem steals a reference the function does not have.
PyObject *wrap1(PyObject *self, PyObject *value)
{
	(void)self;
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	if (PyTuple_SetItem(t, 0, value) < 0) { // expect-error[MOJO-OWN-106] {{'value' is passed to 'PyTuple_SetItem', which steals a reference this function does not own}}
		Py_DECREF(t);
		return NULL;
	}
	return t;
}

// PyArg_ParseTuple "O" stores a borrowed reference.
PyObject *call_it(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *func;
	if (!PyArg_ParseTuple(args, "O", &func))
		return NULL;
	PyObject *res = PyObject_CallNoArgs(func);
	Py_DECREF(func); // expect-error[MOJO-OWN-106] {{'func' from 'PyArg_ParseTuple' is released by 'Py_DECREF' but this function does not own it}}
	return res;
}

// PyDict_GetItemString returns a borrowed reference (or NULL).
int has_debug(PyObject *options)
{
	PyObject *v = PyDict_GetItemString(options, "debug");
	if (v == NULL)
		return 0;
	int r = PyObject_IsTrue(v);
	Py_DECREF(v); // expect-error[MOJO-OWN-106] {{'v' from 'PyDict_GetItemString' is released by 'Py_DECREF' but this function does not own it}}
	return r;
}

// Copying the arguments into a list with the stealing macro, without
// taking references first.
PyObject *args_to_list(PyObject *self, PyObject *args)
{
	(void)self;
	Py_ssize_t n = PyTuple_GET_SIZE(args);
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++)
		PyList_SET_ITEM(list, i, PyTuple_GET_ITEM(args, i)); // expect-error[MOJO-OWN-106] {{which steals a reference this function does not own}}
	return list;
}

// Py_BuildValue "N" steals: the caller's object would lose a reference.
PyObject *box(PyObject *self, PyObject *obj)
{
	(void)self;
	return Py_BuildValue("(N)", obj); // expect-error[MOJO-OWN-106] {{'obj' is passed to 'Py_BuildValue', which steals a reference this function does not own}}
}

// The cleanup label releases a borrowed lookup result as if it were new.
PyObject *get_or_default(PyObject *d, PyObject *key)
{
	PyObject *res = NULL;
	PyObject *v = PyDict_GetItemWithError(d, key);
	if (v == NULL) {
		if (PyErr_Occurred())
			goto done;
		res = PyLong_FromLong(0);
		goto done;
	}
	res = PyNumber_Long(v);
done:
	Py_XDECREF(v); // expect-error[MOJO-OWN-106] {{'v' from 'PyDict_GetItemWithError' is released by 'Py_XDECREF' but this function does not own it}}
	return res;
}

// Only one branch owns its reference, yet both are released. (Py_None
// is immortal from 3.12 on, but in 3.11 this drops None's refcount.)
int maybe_call(PyObject *callback, int call)
{
	PyObject *res;
	if (call) {
		res = PyObject_CallNoArgs(callback);
		if (res == NULL)
			return -1;
	} else {
		res = Py_None;
	}
	Py_DECREF(res); // expect-error[MOJO-OWN-106] {{is released by 'Py_DECREF' but this function does not own it}} xfail(#3): a release of Py_None & co. is deliberately not reported (explore.c: "Py_DECREF(Py_None) drops a reference we hold")
	return 0;
}

// A static helper's borrowed Py_None marker (see 107-borrowed-returned-good.c)
// released by a caller that forgot the convention.
static PyObject *maybe_tuple(PyObject *list)
{
	if (PyList_GET_SIZE(list) == 0)
		return Py_None;
	return PyList_AsTuple(list);
}

int count_items(PyObject *list)
{
	PyObject *t = maybe_tuple(list);
	if (t == NULL)
		return -1;
	Py_DECREF(t); // expect-error[MOJO-OWN-106] {{Py_None}} xfail(#3): the summary of a static helper that returns new references and a borrowed Py_None marker says "new"; releasing the marker is not seen
	return 0;
}

// A borrowed item stored into a tuple that is returned: never paid for.
PyObject *wrap_first_unpaid(PyObject *seq)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyObject *item = PyList_GET_ITEM(seq, 0);
	PyTuple_SET_ITEM(t, 0, item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PyList_GET_ITEM' is passed to 'PyTuple_SET_ITEM', which steals a reference this function does not own}}
	return t;
}
