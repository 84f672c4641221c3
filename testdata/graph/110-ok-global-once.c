// A global cached once at import and never released: the usual CPython
// idiom, not reported when no module teardown cleans up globals.
#include <Python.h>

static PyObject *empty_tuple;

static int mod_exec(PyObject *m)
{
	(void)m;
	if (empty_tuple == NULL) {
		empty_tuple = PyTuple_New(0);
		if (empty_tuple == NULL)
			return -1;
	}
	return 0;
}

static PyModuleDef_Slot mod_slots[] = {
	{Py_mod_exec, mod_exec},
	{0, NULL},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "m",
	.m_size = 0,
	.m_slots = mod_slots,
};

PyObject *PyInit_m(void)
{
	return PyModuleDef_Init(&mod_def);
}
// expect-no-diagnostics
