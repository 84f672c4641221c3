/*
 * A helper that appends to the list it is given and hands the same
 * pointer back, NULL when its own allocation fails (pyrapidjson's
 * `_get_pyobj_from_array`): the caller's pointer passes through; nothing
 * is taken over, and callers that drop the result lose nothing.
 */
// expect-no-diagnostics
#include <Python.h>

static PyObject *append_item(long v, PyObject *root)
{
	PyObject *obj = PyLong_FromLong(v);
	if (obj == NULL)
		return NULL;
	if (PyList_Append(root, obj) < 0) {
		Py_DECREF(obj);
		return NULL;
	}
	Py_DECREF(obj);
	return root;
}

PyObject *build(long n)
{
	PyObject *root = PyList_New(0);
	if (root == NULL)
		return NULL;
	for (long i = 0; i < n; ++i)
		if (!append_item(i, root)) {
			Py_DECREF(root);
			return NULL;
		}
	return root;
}
