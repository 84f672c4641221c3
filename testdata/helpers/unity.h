// A unity build's header: the one file that includes it (with the
// project's .c files) is all the program has, so its functions are plain
// definitions, neither `static` nor `inline` (tokyo-python's tokyo.h and
// its `set_error`, C round 111).
#ifndef HELPERS_UNITY_H
#define HELPERS_UNITY_H
#include <Python.h>

// Raises `type` with `message` and returns NULL, for
// `return set_error(...);`.
PyObject *set_error(PyObject *type, const char *message)
{
	PyErr_SetString(type, message);
	return NULL;
}

#define set_key_error(key) set_error(PyExc_KeyError, key)
#endif
