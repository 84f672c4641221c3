// A helper that appends to the list it is given and hands the same list
// back (NULL when its own allocation fails), called for its effect alone:
// the caller's reference to the list stays the caller's. Reduced from
// pyrapidjson _pyrapidjson.cpp (_get_pyobj_from_array).
#include <Python.h>

static PyObject *append_item(long v, PyObject *root)
{
	PyObject *obj = PyLong_FromLong(v);
	if (obj == NULL)
		return NULL;
	PyList_Append(root, obj);
	Py_DECREF(obj);
	return root;
}

PyObject *build(long n)
{
	PyObject *root = PyList_New(0);
	if (root == NULL)
		return NULL;
	for (long i = 0; i < n; ++i)
		append_item(i, root);
	return root;
}

// Its result taken and checked: the reference passes through it.
PyObject *build_one(long v)
{
	PyObject *root = PyList_New(0);
	if (root == NULL)
		return NULL;
	PyObject *r = append_item(v, root);
	if (r == NULL) {
		Py_DECREF(root);
		return NULL;
	}
	return r;
}
// expect-no-diagnostics
