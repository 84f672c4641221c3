// Kept in a local, the exception type has no other holder: once
// PyModule_AddObject took its only reference, releasing it again on a
// later failure releases the module's.
#include <Python.h>

static PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "m", NULL, -1,
				    NULL};

PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&moddef);
	PyObject *err = NULL;
	if (m == NULL)
		return NULL;
	err = PyErr_NewException("m.Error", NULL, NULL);
	if (err == NULL)
		goto error;
	if (PyModule_AddObject(m, "Error", err) != 0)
		goto error;
	if (PyModule_AddIntConstant(m, "X", 1) != 0)
		goto error;
	return m;
error:
	Py_XDECREF(err); // expect-error[MOJO-OWN-102] {{new reference 'err' from 'PyErr_NewException' is released by 'Py_XDECREF' after its reference was stolen}}
	Py_XDECREF(m);
	return NULL;
}
