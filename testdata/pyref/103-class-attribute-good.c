// A class attribute read from a type is kept by the type's dict: dropping
// our reference leaves a borrow that lives as long as the type. Reduced
// from backports.zoneinfo lib/zoneinfo_module.c (get_weak_cache), the
// same code as CPython's Modules/_zoneinfo.c.
#include <Python.h>

static PyObject *get_weak_cache(PyTypeObject *type)
{
	PyObject *cache = PyObject_GetAttrString((PyObject *)type, "_weak_cache");
	// The type holds a reference to the cache: return it borrowed.
	Py_XDECREF(cache);
	return cache;
}

PyObject *lookup(PyTypeObject *type, PyObject *key)
{
	PyObject *cache = get_weak_cache(type);
	if (cache == NULL)
		return NULL;
	return PyObject_GetItem(cache, key);
}
// expect-no-diagnostics
