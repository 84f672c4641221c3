/*
 * A helper of the file whose every return is a value other than 0 (bup's
 * test module: `static int setup_module(PyObject *mod) { return 1; }`):
 * its callers' `if (!helper(..))` branches cannot be taken, and what they
 * would do is not reported (here a Py_DECREF of a module not checked for
 * NULL).
 */
// expect-no-diagnostics
#include <Python.h>

static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "t", NULL, -1, NULL};

static int setup_module(PyObject *mod)
{
	(void)mod;
	return 1;
}

PyObject *PyInit_t(void)
{
	PyObject *mod = PyModule_Create(&def);
	if (!setup_module(mod)) {
		Py_DECREF(mod);
		return NULL;
	}
	return mod;
}
