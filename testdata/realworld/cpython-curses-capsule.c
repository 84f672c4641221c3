// Reduced from CPython 3.11 Modules/_cursesmodule.c and unicodedata.c: a
// heap table handed to PyCapsule_New belongs to the capsule (its destructor
// frees it); only the failure path must free it.
// expect-no-diagnostics
#include <Python.h>

typedef void (*PyCapsule_Destructor)(PyObject *);
PyObject *PyCapsule_New(void *pointer, const char *name,
			PyCapsule_Destructor destructor);
void destroy(PyObject *capsule);

PyObject *make_capi(void)
{
	void **api = PyMem_Calloc(4, sizeof(void *));
	if (api == NULL)
		return PyErr_NoMemory();
	PyObject *capsule = PyCapsule_New(api, "mod._C_API", destroy);
	if (capsule == NULL)
		PyMem_Free(api);
	return capsule;
}

void copy_keys(const char *const *names, int n)
{
	for (int i = 0; i < n; i++) {
		const char *key = names[i];
		char *key2;
		if (key[0] == 'F') {
			key2 = PyMem_Malloc(16);
			if (!key2)
				break;
			key2[0] = 'F';
		} else {
			key2 = (char *)key;
		}
		if (key2 != key)
			PyMem_Free(key2);
	}
}
