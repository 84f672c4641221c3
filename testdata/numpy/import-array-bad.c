/*
 * import_array() is a hidden `return NULL` (and an error) when NumPy
 * cannot be imported: what the module init owns by then leaks (#27).
 * Not with NO_IMPORT_ARRAY (a file that does not import the API), so not
 * in api-bad.c.
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

static struct PyModuleDef import_array_bad_module = {PyModuleDef_HEAD_INIT, "import_array_bad", NULL, -1, NULL};

// import_array() returns NULL from the init when NumPy cannot be imported.
PyMODINIT_FUNC PyInit_import_array_bad(void)
{
	PyObject *m = PyModule_Create(&import_array_bad_module);
	if (m == NULL)
		return NULL;
	import_array(); // expect-warning[MOJO-OWN-105] {{'m' from 'PyModule_Create2' is leaked on the error exit}}
	return m;
}

