// Globals released by a Py_AtExit function, registered at module init.
#include <Python.h>

static PyObject *g_first;
static PyObject *g_second;

static void cleanup(void)
{
	Py_CLEAR(g_first);
	Py_CLEAR(g_second);
}

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "m",
	.m_size = -1,
};

PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&mod_def);
	if (m == NULL)
		return NULL;
	g_first = PyUnicode_FromString("a");
	g_second = PyList_New(0);
	Py_AtExit(cleanup);
	return m;
}
// expect-no-diagnostics
