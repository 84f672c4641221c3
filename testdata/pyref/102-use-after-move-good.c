/*
 * MOJO-OWN-102 use-after-move: correct code around stealing calls. Once a
 * reference is stolen the function never releases or returns it again,
 * unless it took a second reference first.
 */
// expect-no-diagnostics
#include <Python.h>

// Stealing into a fresh tuple: only the tuple is released afterwards.
PyObject *call_with_int(PyObject *func, long v)
{
	PyObject *args = PyTuple_New(1);
	if (args == NULL)
		return NULL;
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL) {
		Py_DECREF(args);
		return NULL;
	}
	PyTuple_SET_ITEM(args, 0, num);
	PyObject *res = PyObject_CallObject(func, args);
	Py_DECREF(args);
	return res;
}

// PyTuple_SetItem steals even when it fails: the failure path releases
// only the tuple.
PyObject *singleton(PyObject *self, PyObject *obj)
{
	(void)self;
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyObject *s = PyObject_Str(obj);
	if (s == NULL) {
		Py_DECREF(t);
		return NULL;
	}
	if (PyTuple_SetItem(t, 0, s) < 0) {
		Py_DECREF(t);
		return NULL;
	}
	return t;
}

// Taking a second reference before the steal keeps `key` usable, and that
// reference is released at the end.
PyObject *key_and_pair(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *key = PyObject_Str(arg);
	if (key == NULL)
		return NULL;
	PyObject *pair = PyTuple_New(2);
	if (pair == NULL) {
		Py_DECREF(key);
		return NULL;
	}
	Py_INCREF(key);
	PyTuple_SET_ITEM(pair, 0, key);
	PyTuple_SET_ITEM(pair, 1, Py_NewRef(Py_None));
	PyObject *res = Py_BuildValue("(OO)", key, pair);
	Py_DECREF(pair);
	Py_DECREF(key);
	return res;
}

// Py_BuildValue "O" only borrows, so the caller still releases; "N"
// steals, so the caller does not.
PyObject *build_both(long a, long b)
{
	PyObject *x = PyLong_FromLong(a);
	if (x == NULL)
		return NULL;
	PyObject *y = PyLong_FromLong(b);
	if (y == NULL) {
		Py_DECREF(x);
		return NULL;
	}
	PyObject *res = Py_BuildValue("(ON)", x, y);
	Py_DECREF(x);
	return res;
}

// PyModule_AddObject steals only on success: release on failure only.
PyObject *init_errors(PyModuleDef *def)
{
	PyObject *m = PyModule_Create(def);
	if (m == NULL)
		return NULL;
	PyObject *err = PyErr_NewException("spam.error", NULL, NULL);
	if (err == NULL) {
		Py_DECREF(m);
		return NULL;
	}
	if (PyModule_AddObject(m, "error", err) < 0) {
		Py_DECREF(err);
		Py_DECREF(m);
		return NULL;
	}
	return m;
}

// A static helper that consumes its argument: the caller does not touch
// the reference afterwards.
static int append_consuming(PyObject *list, PyObject *item)
{
	int rc = PyList_Append(list, item);
	Py_DECREF(item);
	return rc;
}

int add_label(PyObject *list, const char *label)
{
	PyObject *s = PyUnicode_FromString(label);
	if (s == NULL)
		return -1;
	return append_consuming(list, s);
}

// A local reused after its first value was stolen: the second value is a
// different reference.
PyObject *two_numbers(void)
{
	PyObject *list = PyList_New(2);
	if (list == NULL)
		return NULL;
	PyObject *v = PyLong_FromLong(1);
	if (v == NULL) {
		Py_DECREF(list);
		return NULL;
	}
	PyList_SET_ITEM(list, 0, v);
	v = PyLong_FromLong(2);
	if (v == NULL) {
		Py_DECREF(list);
		return NULL;
	}
	PyList_SET_ITEM(list, 1, v);
	return list;
}

// Using a stolen item while the list that owns it is alive is a borrow
// from the list, not a use of a lost reference.
long store_and_read(PyObject *list, long v)
{
	PyObject *item = PyLong_FromLong(v);
	if (item == NULL)
		return -1;
	if (PyList_SetItem(list, 0, item) < 0)
		return -1;
	return PyLong_AsLong(item);
}

// Stealing a fresh reference to a borrowed object: Py_NewRef first.
int store_param(PyObject *list, Py_ssize_t i, PyObject *value)
{
	return PyList_SetItem(list, i, Py_NewRef(value));
}

// Reduced from CPython 3.11.2 Modules/_testcapimodule.c (test_L_code): the
// tuple's item is released by hand and the slot overwritten right after,
// which PyTuple_SET_ITEM does without releasing the old item. The
// reference counts balance.
PyObject *reuse_slot(void)
{
	PyObject *tuple = PyTuple_New(1);
	if (tuple == NULL)
		return NULL;
	PyObject *num = PyLong_FromLong(1000);
	if (num == NULL) {
		Py_DECREF(tuple);
		return NULL;
	}
	PyTuple_SET_ITEM(tuple, 0, num);
	Py_DECREF(num);
	num = PyLong_FromLong(2000);
	if (num == NULL) {
		PyTuple_SET_ITEM(tuple, 0, NULL);
		Py_DECREF(tuple);
		return NULL;
	}
	PyTuple_SET_ITEM(tuple, 0, num);
	return tuple;
}
