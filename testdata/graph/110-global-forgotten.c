// The module's m_free releases its cached globals but forgets one.
#include <Python.h>

static PyObject *cached_none_str;
static PyObject *cached_empty;

static int mod_exec(PyObject *m)
{
	(void)m;
	cached_none_str = PyUnicode_FromString("None");
	if (cached_none_str == NULL)
		return -1;
	cached_empty = PyTuple_New(0);
	if (cached_empty == NULL)
		return -1;
	return 0;
}

static void mod_free(void *m) // expect-warning[MOJO-OWN-110] {{global 'cached_empty' owns a new reference from 'PyTuple_New'}}
{
	(void)m;
	Py_CLEAR(cached_none_str);
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
	.m_free = mod_free,
};

PyObject *PyInit_m(void)
{
	return PyModuleDef_Init(&mod_def);
}
