/*
 * A loop that takes a reference on None every turn and hands it to a call
 * that does not take it (mercurial's find_deepest: `Py_INCREF(Py_None);
 * PyDict_SetItem(dict, key, Py_None)`) counted one more reference each
 * turn, a new state each time, until the state budget. None is never
 * freed: a widened loop head keeps "more than one" (engine/explore.c's
 * widen()), and the loop ends in a few states.
 */
#include <Python.h>

static PyObject *mark_all(PyObject *keys)
{
	PyObject *dict = PyDict_New();
	if (dict == NULL)
		return NULL;
	Py_ssize_t n = PyList_GET_SIZE(keys);
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *key = PyList_GET_ITEM(keys, i);
		Py_INCREF(Py_None);
		if (PyDict_SetItem(dict, key, Py_None) == -1) {
			Py_DECREF(Py_None);
			Py_DECREF(dict);
			return NULL;
		}
	}
	PyObject *r = PyDict_Keys(dict);
	return r; // expect-warning[MOJO-OWN-101] {{new reference 'dict' from 'PyDict_New' is never released}}
}
