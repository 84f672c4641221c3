/*
 * MOJO-OWN-103 use-after-release: correct code that releases references
 * close to their uses. Nothing is used after its last release.
 */
// expect-no-diagnostics
#include <Python.h>

// Py_CLEAR, then the local gets a new object before its next use.
PyObject *two_reprs(PyObject *a, PyObject *b)
{
	PyObject *r = PyObject_Repr(a);
	if (r == NULL)
		return NULL;
	Py_ssize_t n = PyObject_Size(r);
	Py_CLEAR(r);
	if (n < 0)
		return NULL;
	r = PyObject_Repr(b);
	if (r == NULL)
		return NULL;
	PyObject *res = PyUnicode_FromFormat("%zd:%U", n, r);
	Py_DECREF(r);
	return res;
}

// The value is read before the release, not after.
long read_then_release(PyObject *obj)
{
	PyObject *attr = PyObject_GetAttrString(obj, "size");
	if (attr == NULL)
		return -1;
	long v = PyLong_AsLong(attr);
	Py_DECREF(attr);
	return v;
}

// A second reference taken with Py_INCREF outlives the release of the
// first one.
PyObject *keep_one(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	PyObject *keep = s;
	Py_INCREF(keep);
	Py_DECREF(s);
	return keep;
}

// Py_SETREF releases the old value; the local then holds the new one.
PyObject *upper_repr(PyObject *obj)
{
	PyObject *r = PyObject_Repr(obj);
	if (r == NULL)
		return NULL;
	Py_SETREF(r, PyObject_CallMethod(r, "upper", NULL));
	return r;
}

// Each iteration creates and releases its own item.
int append_strs(PyObject *list, PyObject *seq, Py_ssize_t n)
{
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PyList_GetItem(seq, i);
		if (item == NULL)
			return -1;
		PyObject *s = PyObject_Str(item);
		if (s == NULL)
			return -1;
		int rc = PyList_Append(list, s);
		Py_DECREF(s);
		if (rc < 0)
			return -1;
	}
	return 0;
}

// Comparing a released pointer with NULL reads no object: the release is
// done on the error path and only the pointer value is tested.
PyObject *release_on_error(PyObject *obj)
{
	PyObject *a = PyObject_Str(obj);
	if (a == NULL)
		return NULL;
	PyObject *b = PyObject_Repr(obj);
	if (b == NULL) {
		Py_DECREF(a);
		return NULL;
	}
	PyObject *res = PyUnicode_Concat(a, b);
	Py_DECREF(a);
	Py_DECREF(b);
	return res;
}

// The error message uses the object before it is released.
int check_positive(PyObject *obj)
{
	PyObject *num = PyNumber_Long(obj);
	if (num == NULL)
		return -1;
	long v = PyLong_AsLong(num);
	if (v < 0) {
		PyErr_Format(PyExc_ValueError, "%R is negative", num);
		Py_DECREF(num);
		return -1;
	}
	Py_DECREF(num);
	return 0;
}

// Interned once: the lifeline list owns the string after the release, the
// cache only points to it, and the static helper's callers get a borrowed
// reference (nanobind's cached strings).
struct name_cache {
	PyObject *lifeline;
	PyObject *name;
};

static PyObject *cached_name(struct name_cache *p, const char *s)
{
	PyObject *o = PyUnicode_InternFromString(s);
	if (o == NULL)
		return NULL;
	if (PyList_Append(p->lifeline, o) < 0) {
		Py_DECREF(o);
		return NULL;
	}
	Py_DECREF(o); // the lifeline now owns the only reference
	p->name = o;
	return o;
}

PyObject *name_of(struct name_cache *p)
{
	return Py_XNewRef(cached_name(p, "name"));
}
