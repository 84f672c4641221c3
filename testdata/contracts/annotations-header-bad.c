/*
 * cpychecker's guards are defined for a file whose project header
 * mentions them (annotations-header.h), not only when the file itself
 * does (issue #27: the tool no longer predefines them on every parse).
 */
#include "annotations-header.h"

PyObject *forget(PyObject *self, PyObject *key)
{
	(void)self;
	PyObject *v = cache_lookup(key);
	if (v == NULL)
		return NULL;
	Py_DECREF(v); // expect-error[MOJO-OWN-106] {{'v' from 'cache_lookup'}}
	Py_RETURN_NONE;
}
