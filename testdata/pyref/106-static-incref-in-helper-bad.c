// A helper that takes its reference on some paths only leaves the caller's
// PyModule_AddObject unpaid on the others.
#include <Python.h>

static PyTypeObject Foo_Type;
static struct PyModuleDef mod = {PyModuleDef_HEAD_INIT, "m", NULL, -1};

static int init_types(int eager)
{
	if (eager)
		Py_INCREF(&Foo_Type);
	return PyType_Ready(&Foo_Type);
}

PyObject *PyInit_m(void)
{
	PyObject *m;
	if (init_types(0) < 0)
		return NULL;
	m = PyModule_Create(&mod);
	if (m == NULL)
		return NULL;
	if (PyModule_AddObject(m, "Foo", (PyObject *)&Foo_Type) < 0) { // expect-error[MOJO-OWN-106] {{borrowed reference 'Foo_Type' is passed to 'PyModule_AddObject', which steals a reference this function does not own}}
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
