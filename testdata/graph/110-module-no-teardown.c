// Module state that owns references but the module has neither m_clear
// nor m_free.
#include <Python.h>

typedef struct {
	PyObject *table;
} tabstate;

static int tab_exec(PyObject *m)
{
	tabstate *st = PyModule_GetState(m);
	st->table = PyDict_New();
	return st->table == NULL ? -1 : 0;
}

static PyModuleDef_Slot tab_slots[] = {
	{Py_mod_exec, tab_exec},
	{0, NULL},
};

static struct PyModuleDef tab_def = { // expect-warning[MOJO-OWN-110] {{module 'tab' has no m_free or m_clear}}
	PyModuleDef_HEAD_INIT,
	.m_name = "tab",
	.m_size = sizeof(tabstate),
	.m_slots = tab_slots,
};

PyObject *PyInit_tab(void)
{
	return PyModuleDef_Init(&tab_def);
}
