/* A helper no table registers makes a submodule, puts it in sys.modules,
 * gives its reference to the package and hands the module back (polyvr's
 * newModule): two holders keep it alive, and what it returns is a borrowed
 * reference by design, which its summary tells its callers. */
#include <Python.h>

static PyObject *package;

PyObject *new_submodule(const char *name, PyMethodDef *methods)
{
	PyObject *module = PyModule_New(name);
	if (!module)
		return NULL;
	if (PyModule_AddFunctions(module, methods) < 0) {
		Py_DECREF(module);
		return NULL;
	}
	PyObject *sys_modules = PyImport_GetModuleDict();
	if (PyDict_SetItemString(sys_modules, name, module) < 0) {
		Py_DECREF(module);
		return NULL;
	}
	if (PyModule_AddObject(package, name, module) < 0) {
		PyDict_DelItemString(sys_modules, name);
		Py_DECREF(module);
		return NULL;
	}
	return module;
}

/* expect-no-diagnostics */
