/*
 * All ones of a narrower unsigned type widened to a signed one is no
 * longer -1 (4294967295), and all ones of an unsigned type given to
 * the unsigned constructor is ULONG_MAX: neither is a cached int, so
 * their leaks are warnings.
 */
#include <Python.h>

int add_wide(PyObject *mod)
{
	PyObject *v = PyLong_FromLong((long)(unsigned int)-1);
	if (v == NULL)
		return -1;
	if (PyModule_AddObject(mod, "WIDE", v) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'v' from 'PyLong_FromLong' is leaked on the error exit}}
	return 0;
}

int add_max(PyObject *mod)
{
	PyObject *v = PyLong_FromUnsignedLong((unsigned long)-1);
	if (v == NULL)
		return -1;
	if (PyModule_AddObject(mod, "MAX", v) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'v' from 'PyLong_FromUnsignedLong' is leaked on the error exit}}
	return 0;
}
