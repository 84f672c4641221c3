/*
 * MOJO-OWN-109 unchecked-acquire: correct checks in the forms real code
 * uses, and uses that need no check.
 */
// expect-no-diagnostics
#include <Python.h>

// `if (x == NULL)` before the first use.
const char *attr_type_name(PyObject *obj)
{
	PyObject *attr = PyObject_GetAttrString(obj, "value");
	if (attr == NULL)
		return NULL;
	const char *name = Py_TYPE(attr)->tp_name;
	Py_DECREF(attr);
	return name;
}

// `if (!x)` before the stealing macro writes through the tuple.
PyObject *one_tuple(PyObject *item)
{
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	PyTuple_SET_ITEM(t, 0, Py_NewRef(item));
	return t;
}

// The assignment inside the condition.
int call_and_ignore(PyObject *func, PyObject *args)
{
	PyObject *res;
	if ((res = PyObject_CallObject(func, args)) == NULL)
		return -1;
	Py_DECREF(res);
	return 0;
}

// Py_XDECREF accepts NULL: dropping a result that may be NULL needs no
// check (the error is then cleared explicitly).
void fire_and_forget(PyObject *callback)
{
	PyObject *res = PyObject_CallNoArgs(callback);
	Py_XDECREF(res);
	if (res == NULL)
		PyErr_Clear();
}

// One combined check for two results, with Py_XDECREF of both on failure.
PyObject *pair(long a, long b)
{
	PyObject *x = PyLong_FromLong(a);
	PyObject *y = PyLong_FromLong(b);
	if (x == NULL || y == NULL) {
		Py_XDECREF(x);
		Py_XDECREF(y);
		return NULL;
	}
	PyObject *res = PyTuple_Pack(2, x, y);
	Py_DECREF(x);
	Py_DECREF(y);
	return res;
}

// The check in a short-circuit condition guards the dereference.
int is_small_int(PyObject *obj)
{
	PyObject *n = PyNumber_Long(obj);
	int small = n != NULL && PyLong_Check(n) && PyLong_AsLong(n) < 256;
	Py_XDECREF(n);
	return small;
}

// Borrowed accessors that cannot fail need no check.
Py_ssize_t first_len(PyObject *args)
{
	PyObject *first = PyTuple_GET_ITEM(args, 0);
	return Py_SIZE(first);
}

// Py_None cannot fail.
PyObject *none_pair(void)
{
	PyObject *none = Py_NewRef(Py_None);
	PyObject *res = PyTuple_Pack(2, none, none);
	Py_DECREF(none);
	return res;
}

// Reduced from CPython 3.11.2 Modules/_testcapimodule.c
// (test_get_type_name): the name of a heap type is its stored ht_name,
// returned with a new reference; it cannot be NULL (knowledge base:
// nonnull_if_arg0_from).
int heap_type_name(PyType_Spec *spec)
{
	PyObject *type = PyType_FromSpec(spec);
	if (type == NULL)
		return -1;
	PyObject *name = PyType_GetName((PyTypeObject *)type);
	Py_DECREF(name);
	Py_DECREF(type);
	return 0;
}

// Small ints named by constants are cached: they cannot fail either.
static const int version_major = 1;
enum { version_minor = 3 };

PyObject *version_pair(void)
{
	PyObject *major = PyLong_FromLong(version_major);
	PyObject *minor = PyLong_FromLong(version_minor);
	PyObject *t = PyTuple_Pack(2, major, minor);
	Py_DECREF(minor);
	Py_DECREF(major);
	return t;
}

// The test kept in a variable first (`ok = attr != NULL; if (!ok)`): a
// test of the variable is a test of the comparison, and of attr.
const char *attr_type_name_flagged(PyObject *obj)
{
	PyObject *attr = PyObject_GetAttrString(obj, "value");
	int ok = attr != NULL;
	if (!ok)
		return NULL;
	const char *name = attr->ob_type->tp_name;
	Py_DECREF(attr);
	return name;
}

// PyBytes_AsString fails only on an object that is not bytes: never on the
// bytes PyUnicode_AsUTF8String made (libcomps' __pycomps_PyUnicode_AsString
// tests it anyway; that branch leads nowhere, and nothing leaks there).
int utf8_length(PyObject *val)
{
	PyObject *o = PyUnicode_AsUTF8String(val);
	if (o == NULL)
		return -1;
	char *s = PyBytes_AsString(o);
	if (s == NULL)
		return -1;
	int n = s[0] != 0;
	Py_DECREF(o);
	return n;
}
