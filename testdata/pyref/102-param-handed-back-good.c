// A helper of external linkage that fills a module and returns its own
// (borrowed) parameter, never releasing it, lends it back: its caller
// keeps its reference, and returning the result returns that one.
// Reduced from geometry2's tf2_py.cpp (moduleInit, PyInit__tf2).
#include <Python.h>

static PyObject *my_error = NULL;

PyObject *moduleInit(PyObject *m)
{
	PyObject *d = PyModule_GetDict(m);
	PyDict_SetItemString(d, "Error", my_error);
	return m;
}

static struct PyModuleDef mod_def = {PyModuleDef_HEAD_INIT, "m", NULL, -1,
				     NULL};

PyObject *PyInit_m(void)
{
	my_error = PyErr_NewException("m.Error", NULL, NULL);
	if (!my_error)
		return NULL;
	PyObject *m = PyModule_Create(&mod_def);
	if (!m)
		return NULL;
	return moduleInit(m);
}
// expect-no-diagnostics
