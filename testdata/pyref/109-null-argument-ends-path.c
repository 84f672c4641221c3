/* NULL given where the callee crashes ends the path there: what the code
 * after it does on that path never runs (YARS's controller imports a
 * module, prints the error if it failed, and goes on to read the
 * module's dict). The crash is the finding; the leak of `why`, made only
 * where the import failed and never released, is of code that never
 * runs. */
#include <Python.h>

PyObject *load(const char *name)
{
	PyObject *why = NULL;
	PyObject *m = PyImport_ImportModule(name);
	if (m == NULL) {
		PyErr_Print();
		why = PyUnicode_FromString(name);
	}
	PyObject *d = PyModule_GetDict(m); // expect-warning[MOJO-OWN-109] {{new reference 'm' from 'PyImport_ImportModule' is NULL on this path and is passed to 'PyModule_GetDict', which does not accept NULL}}
	PyObject *v = PyDict_GetItemString(d, "version");
	Py_XINCREF(v);
	Py_DECREF(m);
	return v;
}
