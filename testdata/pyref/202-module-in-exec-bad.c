/*
 * What an exec function keeps in a global without a reference that is
 * not its module: an object it borrowed from elsewhere (an argument of
 * another function of the module), or the module kept by a function
 * that is not the module's exec slot.
 */
#include <Python.h>

static PyObject *kept = NULL;
static PyObject *kept_module = NULL;

static int mod_exec(PyObject *m)
{
	PyObject *d = PyModule_GetDict(m);
	if (d == NULL)
		return -1;
	kept = d; // expect-warning[MOJO-BOR-202] {{borrowed reference 'd' from 'PyModule_GetDict' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	return 0;
}

PyObject *remember(PyObject *self, PyObject *mod)
{
	(void)self;
	kept_module = mod; // expect-warning[MOJO-BOR-202] {{borrowed reference 'mod' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	Py_RETURN_NONE;
}

static PyModuleDef_Slot mod_slots[] = {
	{Py_mod_exec, (void *)mod_exec},
	{0, NULL},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT, "m", NULL, 0, NULL, mod_slots,
};

PyObject *PyInit_m(void) { return PyModuleDef_Init(&mod_def); }

// The globals are read: what they hold is used later.
PyObject *kept_objects(void)
{
	return PyTuple_Pack(2, kept, kept_module);
}
