/* The helper of 210-return-stolen-held-elsewhere-good.c without the
 * sys.modules entry: the package's reference is the only one, and the
 * function hands back what it gave away. Still reported. */
#include <Python.h>

static PyObject *package;

PyObject *new_submodule_unlisted(const char *name)
{
	PyObject *module = PyModule_New(name);
	if (!module)
		return NULL;
	if (PyModule_AddObject(package, name, module) < 0) {
		Py_DECREF(module);
		return NULL;
	}
	return module; // expect-error[MOJO-OWN-102] {{new reference 'module' from 'PyModule_New' is returned after its reference was stolen}}
}
