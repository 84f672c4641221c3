/*
 * MOJO-OWN-102 use-after-move: a reference is used after a stealing call
 * (PyTuple_SetItem & co.) took it over. One bug per function.
 */
#include <Python.h>

// PyTuple_SetItem steals `num`; releasing it afterwards drops the tuple's
// reference.
PyObject *one_tuple(long v)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL) {
		Py_DECREF(t);
		return NULL;
	}
	if (PyTuple_SetItem(t, 0, num) < 0) {
		Py_DECREF(t);
		return NULL;
	}
	Py_DECREF(num); // expect-error[MOJO-OWN-102] {{'num' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return t;
}

// The same with the PyList_SET_ITEM macro in a loop.
PyObject *labels(Py_ssize_t n)
{
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *s = PyUnicode_FromFormat("item%zd", i);
		if (s == NULL) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, s);
		Py_DECREF(s); // expect-error[MOJO-OWN-102] {{'s' from 'PyUnicode_FromFormat' is released by 'Py_DECREF' after its reference was stolen}}
	}
	return list;
}

// Goto-cleanup that also releases an item already stolen by the tuple.
PyObject *call_with(PyObject *func, long v)
{
	PyObject *args = NULL, *arg = NULL, *res = NULL;
	args = PyTuple_New(1);
	if (args == NULL)
		goto done;
	arg = PyLong_FromLong(v);
	if (arg == NULL)
		goto done;
	PyTuple_SET_ITEM(args, 0, arg);
	res = PyObject_CallObject(func, args);
done:
	Py_XDECREF(args);
	Py_XDECREF(arg); // expect-error[MOJO-OWN-102] {{'arg' from 'PyLong_FromLong' is released by 'Py_XDECREF' after its reference was stolen}}
	return res;
}

// Py_BuildValue's "N" steals; "O" would have been right here.
PyObject *wrap(long v)
{
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL)
		return NULL;
	PyObject *res = Py_BuildValue("(Ns)", num, "value");
	Py_DECREF(num); // expect-error[MOJO-OWN-102] {{'num' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return res;
}

// PyModule_AddObject steals on success: the success path must not release.
PyObject *init_module(PyModuleDef *def)
{
	PyObject *m = PyModule_Create(def);
	if (m == NULL)
		return NULL;
	PyObject *version = PyUnicode_FromString("1.0");
	if (version == NULL) {
		Py_DECREF(m);
		return NULL;
	}
	if (PyModule_AddObject(m, "__version__", version) < 0) {
		Py_DECREF(version);
		Py_DECREF(m);
		return NULL;
	}
	Py_DECREF(version); // expect-error[MOJO-OWN-102] {{'version' from 'PyUnicode_FromString' is released by 'Py_DECREF' after its reference was stolen}}
	return m;
}

// A static helper that appends its argument to a list and releases it on
// every path: the list keeps the object, so its summary says it takes the
// reference over (steals), and the caller's release of the reference it
// no longer has is a release after a move (MOJO-OWN-102). (A helper that
// only releases it says "releases": then it is MOJO-OWN-104, below.)
static int push_owned(PyObject *list, PyObject *item)
{
	int rc = PyList_Append(list, item);
	Py_DECREF(item);
	return rc;
}

int push_number(PyObject *list, long v)
{
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL)
		return -1;
	int rc = push_owned(list, num);
	Py_DECREF(num); // expect-error[MOJO-OWN-102] {{new reference 'num' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return rc;
}

static int drop_owned(PyObject *item)
{
	int rc = PyObject_IsTrue(item);
	Py_DECREF(item);
	return rc;
}

int drop_number(long v)
{
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL)
		return -1;
	int rc = drop_owned(num);
	Py_DECREF(num); // expect-error[MOJO-OWN-104] {{'num' from 'PyLong_FromLong' is released twice}}
	return rc;
}

// Storing the same reference into two stealing slots gives away one
// reference twice.
PyObject *twin(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *t = PyTuple_New(2);
	if (t == NULL)
		return NULL;
	PyObject *s = PyObject_Str(arg);
	if (s == NULL) {
		Py_DECREF(t);
		return NULL;
	}
	if (PyTuple_SetItem(t, 0, s) < 0) {
		Py_DECREF(t);
		return NULL;
	}
	if (PyTuple_SetItem(t, 1, s) < 0) { // expect-error[MOJO-OWN-102] {{'s' from 'PyObject_Str' is stolen again by 'PyTuple_SetItem' after its reference was already stolen}}
		Py_DECREF(t);
		return NULL;
	}
	return t;
}

static PyObject *last_pair;

// The tuple now owns `x`: returning it hands out a reference the function
// no longer has.
PyObject *remember(long v)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyObject *x = PyLong_FromLong(v);
	if (x == NULL) {
		Py_DECREF(t);
		return NULL;
	}
	PyTuple_SET_ITEM(t, 0, x);
	Py_XSETREF(last_pair, t);
	return x; // expect-error[MOJO-OWN-102] {{'x' from 'PyLong_FromLong' is returned after its reference was stolen}}
}

// The function form of call_with: PyTuple_SetItem steals `arg`, and the
// shared cleanup releases it again.
PyObject *call_with_one(PyObject *func, PyObject *obj)
{
	PyObject *args = NULL, *arg = NULL, *res = NULL;
	arg = PyObject_Str(obj);
	if (arg == NULL)
		goto done;
	args = PyTuple_New(1);
	if (args == NULL)
		goto done;
	if (PyTuple_SetItem(args, 0, arg) < 0)
		goto done;
	res = PyObject_CallObject(func, args);
done:
	Py_XDECREF(arg); // expect-error[MOJO-OWN-102] {{'arg' from 'PyObject_Str' is released by 'Py_XDECREF' after its reference was stolen}}
	Py_XDECREF(args);
	return res;
}

// PyList_SetItem steals `item` even when it fails (it releases it then):
// formatting the error message with it reads a freed object.
PyObject *set_first(PyObject *list, long v)
{
	PyObject *item = PyLong_FromLong(v);
	if (item == NULL)
		return NULL;
	if (PyList_SetItem(list, 0, item) < 0) {
		PyErr_Format(PyExc_IndexError, "cannot store %R", item); // expect-error[MOJO-OWN-102] {{'item' from 'PyLong_FromLong' is passed to 'PyErr_Format' after its reference was stolen}} xfail(#3): only releases, second steals and returns of a moved reference are reported, not other uses (here on the failure path, where the callee already released it)
		return NULL;
	}
	Py_RETURN_NONE;
}
