// Module state released in m_clear, which m_free calls.
#include <Python.h>

typedef struct {
	PyObject *error;
	PyObject *registry;
} modstate;

static int mod_exec(PyObject *m)
{
	modstate *st = PyModule_GetState(m);
	st->error = PyErr_NewException("m.Error", NULL, NULL);
	if (st->error == NULL)
		return -1;
	st->registry = PyDict_New();
	if (st->registry == NULL)
		return -1;
	return 0;
}

static int mod_traverse(PyObject *m, visitproc visit, void *arg)
{
	modstate *st = PyModule_GetState(m);
	Py_VISIT(st->error);
	Py_VISIT(st->registry);
	return 0;
}

static int mod_clear(PyObject *m)
{
	modstate *st = PyModule_GetState(m);
	Py_CLEAR(st->error);
	Py_CLEAR(st->registry);
	return 0;
}

static void mod_free(void *m)
{
	mod_clear((PyObject *)m);
}

static PyModuleDef_Slot mod_slots[] = {
	{Py_mod_exec, mod_exec},
	{0, NULL},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "m",
	.m_size = sizeof(modstate),
	.m_slots = mod_slots,
	.m_traverse = mod_traverse,
	.m_clear = mod_clear,
	.m_free = mod_free,
};

PyObject *PyInit_m(void)
{
	return PyModuleDef_Init(&mod_def);
}
// expect-no-diagnostics
