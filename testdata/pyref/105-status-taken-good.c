/*
 * A helper that returns a status and releases the list it was given when
 * it fails (IcePy's stringSeqToList): whether it took the list is what
 * the status says, so the caller that returns on failure leaks nothing.
 */
// expect-no-diagnostics
#include <Python.h>

static int fill(PyObject *l, const char *const *items, int n)
{
	for (int i = 0; i < n; i++) {
		PyObject *s = PyUnicode_FromString(items[i]);
		if (s == NULL) {
			Py_DECREF(l);
			return 0;
		}
		int status = PyList_Append(l, s);
		Py_DECREF(s);
		if (status < 0) {
			Py_DECREF(l);
			return 0;
		}
	}
	return 1;
}

PyObject *as_list(const char *const *items, int n)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	if (!fill(list, items, n))
		return NULL;
	return list;
}
