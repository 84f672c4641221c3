/* An exported helper documented, in a `///` comment above its
 * declaration, to return a borrowed reference, said further along a line
 * (cloud-debug-python's `... In case of success returns borrowed
 * reference.`): its borrowed result is what it says, not a MOJO-OWN-107. */
// expect-no-diagnostics
#include <Python.h>

/// Gets an object from the module's dictionary. Returns NULL if not
/// found. In case of success returns borrowed reference.
PyObject *module_object(PyObject *module, const char *key);

PyObject *module_object(PyObject *module, const char *key)
{
	PyObject *dict = PyModule_GetDict(module);
	if (dict == NULL)
		return NULL;
	return PyDict_GetItemString(dict, key);
}
