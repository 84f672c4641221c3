/*
 * As 109-never-zero-helper-good.c, but the helper may return 0: the
 * branch is taken, with the module not checked for NULL.
 */
#include <Python.h>

static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "t", NULL, -1, NULL};

static int setup_module(PyObject *mod)
{
	return PyModule_AddIntConstant(mod, "X", 1) == 0;
}

PyObject *PyInit_t(void)
{
	PyObject *mod = PyModule_Create(&def);
	if (!setup_module(mod)) {
		Py_DECREF(mod); // expect-warning[MOJO-OWN-109] {{new reference 'mod' from 'PyModule_Create2' is passed to 'Py_DECREF' before it is checked for NULL}}
		return NULL;
	}
	return mod;
}
