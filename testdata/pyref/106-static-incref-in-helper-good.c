// An init helper that takes a reference on a static type leaves it with
// its caller, whose PyModule_AddObject then takes it. Reduced from blist
// _blist.c (init_blist_types1, PyInit__blist).
#include <Python.h>

static PyTypeObject Foo_Type;
static struct PyModuleDef mod = {PyModuleDef_HEAD_INIT, "m", NULL, -1};

static int init_types(void)
{
	Py_INCREF(&Foo_Type);
	return PyType_Ready(&Foo_Type);
}

PyObject *PyInit_m(void)
{
	PyObject *m;
	if (init_types() < 0)
		return NULL;
	m = PyModule_Create(&mod);
	if (m == NULL)
		return NULL;
	if (PyModule_AddObject(m, "Foo", (PyObject *)&Foo_Type) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
// expect-no-diagnostics
