/*
 * MOJO-OWN-104 double-release: the same reference is released twice on
 * one path. One bug per function.
 */
#include <Python.h>

// A copy-pasted release.
PyObject *length_of_str(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	Py_ssize_t n = PyObject_Size(s);
	Py_DECREF(s);
	if (n < 0) {
		Py_DECREF(s); // expect-error[MOJO-OWN-104] {{'s' from 'PyObject_Str' is released twice}}
		return NULL;
	}
	return PyLong_FromSsize_t(n);
}

// The error branch releases, then jumps to a cleanup that releases again.
PyObject *join_two(PyObject *a, PyObject *b)
{
	PyObject *sa = NULL, *sb = NULL, *res = NULL;
	sa = PyObject_Str(a);
	if (sa == NULL)
		goto done;
	sb = PyObject_Str(b);
	if (sb == NULL) {
		Py_DECREF(sa);
		goto done;
	}
	res = PyUnicode_Concat(sa, sb);
done:
	Py_XDECREF(sa); // expect-error[MOJO-OWN-104] {{'sa' from 'PyObject_Str' is released twice}}
	Py_XDECREF(sb);
	return res;
}

// Released through an alias and then through the original name.
int store_len(PyObject *obj, PyObject *dict)
{
	PyObject *n = PyLong_FromSsize_t(PyObject_Size(obj));
	if (n == NULL)
		return -1;
	PyObject *tmp = n;
	int rc = PyDict_SetItemString(dict, "len", tmp);
	Py_DECREF(tmp);
	Py_DECREF(n); // expect-error[MOJO-OWN-104] {{'n' from 'PyLong_FromSsize_t' is released twice}}
	return rc;
}

// A missing `break`: case 0 falls through into case 1 and releases the
// same reference again.
int apply_mode(PyObject *obj, int mode)
{
	PyObject *tmp = PyObject_Str(obj);
	if (tmp == NULL)
		return -1;
	switch (mode) {
	case 0:
		Py_DECREF(tmp);
		/* fall through (bug: meant to break) */
	case 1:
		Py_DECREF(tmp); // expect-error[MOJO-OWN-104] {{'tmp' from 'PyObject_Str' is released twice}}
		break;
	default:
		Py_DECREF(tmp);
		break;
	}
	return 0;
}

// Py_SETREF releases the old value of `cur`, which was released already.
PyObject *repr_twice(PyObject *obj)
{
	PyObject *cur = PyObject_Repr(obj);
	if (cur == NULL)
		return NULL;
	PyObject *again = PyObject_Repr(cur);
	Py_DECREF(cur);
	if (again == NULL)
		return NULL;
	Py_SETREF(cur, again); // expect-error[MOJO-OWN-104] {{'cur' from 'PyObject_Repr' is released twice}}
	return cur;
}

// Both branches of an `if` release, then the common tail releases again.
PyObject *bool_name(PyObject *obj)
{
	PyObject *b = PyBool_FromLong(PyObject_IsTrue(obj));
	if (b == NULL)
		return NULL;
	PyObject *res;
	if (b == Py_True) {
		res = PyUnicode_FromString("yes");
		Py_DECREF(b);
	} else {
		res = PyUnicode_FromString("no");
		Py_DECREF(b);
	}
	Py_DECREF(b); // expect-error[MOJO-OWN-104] {{'b' from 'PyBool_FromLong' is released twice}}
	return res;
}

// Py_CLEAR on a copy does not clear the original: the final Py_XDECREF
// releases the same object again.
PyObject *first_attr(PyObject *obj)
{
	PyObject *name = PyObject_GetAttrString(obj, "name");
	if (name == NULL)
		return NULL;
	PyObject *copy = name;
	PyObject *res = PyObject_Str(copy);
	Py_CLEAR(copy);
	Py_XDECREF(name); // expect-error[MOJO-OWN-104] {{'name' from 'PyObject_GetAttrString' is released twice}}
	return res;
}

typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *alias;
} EntryObject;

// tp_dealloc releases the same field twice (copy-paste of the previous
// line instead of `self->alias`).
void Entry_dealloc(EntryObject *self)
{
	Py_XDECREF(self->name);
	Py_XDECREF(self->name); // expect-error[MOJO-OWN-104] {{is released twice}} xfail(#3): references held in fields of `self` are not tracked, so releasing a field twice is not seen
	Py_TYPE(self)->tp_free((PyObject *)self);
}

// Released inside the loop, but created once before it. The list keeps
// the object alive after the first release, so the second iteration's
// append is fine; its release drops a reference the list owns.
int fill(PyObject *list, int n)
{
	PyObject *zero = PyLong_FromLong(0);
	if (zero == NULL)
		return -1;
	int i = 0;
	do {
		int rc = PyList_Append(list, zero);
		Py_DECREF(zero); // expect-error[MOJO-OWN-104] {{'zero' from 'PyLong_FromLong' is released twice}}
		if (rc < 0)
			return -1;
	} while (++i < n);
	return 0;
}
