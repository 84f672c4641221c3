/* As 107-doc-line-borrowed-good.c, but a plain comment says it (plain
 * comments are not read: rules/README.md), and an exported function
 * returns a new reference. */
#include <Python.h>

// Gets an object from the module's dictionary. Returns NULL if not
// found. In case of success returns borrowed reference.
PyObject *module_object(PyObject *module, const char *key);

PyObject *module_object(PyObject *module, const char *key)
{
	PyObject *dict = PyModule_GetDict(module);
	if (dict == NULL)
		return NULL;
	return PyDict_GetItemString(dict, key); // expect-error[MOJO-OWN-107] {{borrowed reference from 'PyDict_GetItemString' is returned but callers expect a new reference}}
}
