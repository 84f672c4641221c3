// A function that drops its own reference to an object another holder
// keeps and then returns it says that it hands out a borrowed reference,
// whatever its linkage: no caller is told to expect a new one. Reduced
// from JCC jcc.cpp (getJavaModule).
#include <Python.h>

PyObject *PyModule_New(const char *name);

PyObject *get_child_module(PyObject *modules, const char *full)
{
	PyObject *key = PyUnicode_FromString(full);
	if (key == NULL)
		return NULL;
	PyObject *child = PyDict_GetItem(modules, key);
	if (child == NULL) {
		child = PyModule_New(full);
		if (child != NULL) {
			PyDict_SetItem(modules, key, child);
			Py_DECREF(child); /* borrow reference */
		}
	}
	Py_DECREF(key);
	return child;
}
// expect-no-diagnostics
