// What such a helper hands back is the caller's own object: released
// first, then returned, it is used after its release.
#include <Python.h>

PyObject *module_init(PyObject *m)
{
	PyObject *d = PyModule_GetDict(m);
	PyDict_SetItemString(d, "version", Py_None);
	return m;
}

static struct PyModuleDef mod_def = {PyModuleDef_HEAD_INIT, "m", NULL, -1,
				     NULL};

PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&mod_def);
	if (!m)
		return NULL;
	PyObject *r = module_init(m);
	Py_DECREF(m);
	return r; // expect-error[MOJO-OWN-103] {{is returned after it was released}}
}
