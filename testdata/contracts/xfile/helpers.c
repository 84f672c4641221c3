#include "helpers.h"

static PyObject *cache;

PyObject *cache_get(const char *name)
{
	if (cache == NULL)
		return NULL;
	return PyDict_GetItemString(cache, name);
}

int cache_adopt(PyObject *o)
{
	int r = cache ? PyDict_SetItemString(cache, "last", o) : -1;
	Py_DECREF(o);
	return r;
}

PyObject *raise_bad(const char *what)
{
	PyErr_SetString(PyExc_ValueError, what);
	return NULL;
}
