/* A project that calls helpers.c's functions through the rules file
 * --emit-rules wrote for it (contracts tests in testdata/meson.build). */
#include <Python.h>

PyObject *cache_get(const char *name);

PyObject *peek(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *v = cache_get("x");
	if (v == NULL)
		Py_RETURN_NONE;
	Py_DECREF(v);
	Py_RETURN_NONE;
}
