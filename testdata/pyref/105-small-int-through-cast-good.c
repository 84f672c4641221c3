/*
 * A leak of a cached small int written through casts: an "infinity"
 * constant of an unsigned type, all ones (`((rlim_t)-1)`), converted back
 * to the signed type of its width is -1, one of CPython's cached ints.
 * Its leak when PyModule_AddObject fails is a note, not a warning.
 */
// expect-no-diagnostics
#include <Python.h>

typedef unsigned long my_rlim_t;
#define MY_INFINITY ((my_rlim_t)-1)

int add_infinity(PyObject *mod)
{
	PyObject *v = PyLong_FromLong((long)MY_INFINITY);
	if (v == NULL)
		return -1;
	if (PyModule_AddObject(mod, "INFINITY", v) < 0)
		return -1;
	return 0;
}
