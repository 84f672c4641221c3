/*
 * A module's exec function (its Py_mod_exec slot) keeps the module it is
 * given in a global, on purpose without a reference (one would keep the
 * module alive forever): the module's own functions, which read the
 * global, each hold a reference to it. No finding.
 */
// expect-no-diagnostics
#include <Python.h>

static PyObject *this_module = NULL; /* borrowed */

static int mod_exec(PyObject *m)
{
	if (PyModule_AddIntConstant(m, "LEVEL", 1) < 0)
		return -1;
	this_module = m;
	return 0;
}

static PyModuleDef_Slot mod_slots[] = {
	{Py_mod_exec, (void *)mod_exec},
	{0, NULL},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT, "m", NULL, 0, NULL, mod_slots,
};

PyObject *PyInit_m(void) { return PyModuleDef_Init(&mod_def); }
