/*
 * MOJO-BOR-202 and globals: a borrowed reference kept in a global that no
 * function of the file reads is a dead store; it cannot be used after its
 * owner drops it. No findings.
 */
#include <Python.h>

PyObject *radix_constructor;
static PyObject *last_seen;

static PyObject *Radix(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"Radix", Radix, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef def = {
	PyModuleDef_HEAD_INIT, "m", NULL, -1, methods,
};

static PyObject *module_initialize(void)
{
	PyObject *m = PyModule_Create(&def);
	if (m == NULL)
		return NULL;
	PyObject *d = PyModule_GetDict(m);
	radix_constructor = PyDict_GetItemString(d, "Radix");
	if (PyModule_AddIntConstant(m, "__accelerator__", 1) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}

PyObject *PyInit_m(void)
{
	return module_initialize();
}

void remember(PyObject *o)
{
	last_seen = o;
	last_seen = NULL;
}
// expect-no-diagnostics
