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

// An arena: the blocks it hands out are its own (CPython's
// _PyArena_Malloc); the objects stored in them are kept alive elsewhere.
static char arena_pool[4096];
static size_t arena_used;

void *arena_alloc(size_t n)
{
	if (n > sizeof arena_pool - arena_used) {
		PyErr_NoMemory();
		return NULL;
	}
	void *p = arena_pool + arena_used;
	arena_used += n;
	return p;
}
