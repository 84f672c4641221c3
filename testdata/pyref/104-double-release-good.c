/*
 * MOJO-OWN-104 double-release: correct code where a reference seems to be
 * released twice but never is.
 */
// expect-no-diagnostics
#include <Python.h>

// Py_CLEAR sets the local to NULL, so a second Py_CLEAR does nothing.
PyObject *clear_twice(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	Py_ssize_t n = PyObject_Size(s);
	Py_CLEAR(s);
	if (n < 0) {
		Py_CLEAR(s);
		return NULL;
	}
	Py_CLEAR(s);
	return PyLong_FromSsize_t(n);
}

// Released early, set to NULL, then Py_XDECREF at the shared cleanup.
PyObject *join_two(PyObject *a, PyObject *b)
{
	PyObject *sa = NULL, *sb = NULL, *res = NULL;
	sa = PyObject_Str(a);
	if (sa == NULL)
		goto done;
	sb = PyObject_Str(b);
	if (sb == NULL) {
		Py_DECREF(sa);
		sa = NULL;
		goto done;
	}
	res = PyUnicode_Concat(sa, sb);
done:
	Py_XDECREF(sa);
	Py_XDECREF(sb);
	return res;
}

// Two references (the new one plus a Py_INCREF) need two releases.
PyObject *two_refs(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	Py_INCREF(s);
	PyObject *res = PyTuple_Pack(2, s, s);
	Py_DECREF(s);
	Py_DECREF(s);
	return res;
}

// Each branch releases once; the paths never meet before the release.
PyObject *choose(PyObject *obj, int flag)
{
	PyObject *r = PyObject_Repr(obj);
	if (r == NULL)
		return NULL;
	if (flag) {
		PyObject *res = PyUnicode_Concat(r, r);
		Py_DECREF(r);
		return res;
	} else {
		Py_DECREF(r);
		Py_RETURN_NONE;
	}
}

// The same local released twice, but it holds a new object in between.
int two_values(PyObject *dict)
{
	PyObject *v = PyLong_FromLong(1);
	if (v == NULL)
		return -1;
	int rc = PyDict_SetItemString(dict, "one", v);
	Py_DECREF(v);
	if (rc < 0)
		return -1;
	v = PyLong_FromLong(2);
	if (v == NULL)
		return -1;
	rc = PyDict_SetItemString(dict, "two", v);
	Py_DECREF(v);
	return rc;
}

// Py_SETREF on an owned local, then one final release of the new value.
PyObject *nested_repr_len(PyObject *obj)
{
	PyObject *r = PyObject_Repr(obj);
	if (r == NULL)
		return NULL;
	Py_SETREF(r, PyObject_Repr(r));
	if (r == NULL)
		return NULL;
	Py_ssize_t n = PyObject_Size(r);
	Py_DECREF(r);
	if (n < 0)
		return NULL;
	return PyLong_FromSsize_t(n);
}

// Py_XDECREF of locals that stay NULL on the early-failure path.
int pair_into(PyObject *dict, long a, long b)
{
	int rc = -1;
	PyObject *x = NULL, *y = NULL;
	x = PyLong_FromLong(a);
	if (x == NULL)
		goto done;
	y = PyLong_FromLong(b);
	if (y == NULL)
		goto done;
	if (PyDict_SetItem(dict, x, y) < 0)
		goto done;
	rc = 0;
done:
	Py_XDECREF(x);
	Py_XDECREF(y);
	return rc;
}
