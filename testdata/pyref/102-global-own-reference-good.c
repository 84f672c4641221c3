// An exception type kept in a module's global holds the reference
// PyErr_NewException gave; Py_INCREF adds the one PyModule_AddObject
// takes. On a later failure the global's own reference is released
// through it (geoip-api-python, pytun): no reference stolen is released.
// expect-no-diagnostics
#include <Python.h>

static PyObject *my_error = NULL;
static PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "m", NULL, -1,
				    NULL};

PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&moddef);
	if (m == NULL)
		return NULL;
	my_error = PyErr_NewException("m.Error", NULL, NULL);
	if (my_error == NULL)
		goto error;
	Py_INCREF(my_error);
	if (PyModule_AddObject(m, "Error", my_error) != 0) {
		Py_DECREF(my_error);
		goto error;
	}
	if (PyModule_AddIntConstant(m, "X", 1) != 0)
		goto error;
	return m;
error:
	Py_XDECREF(my_error);
	my_error = NULL;
	Py_XDECREF(m);
	return NULL;
}
