// MOJO-OWN-109 past a helper that returns on some path: the NULL result
// goes on.
#include <Python.h>
#include <stdio.h>
#include <stdlib.h>

static void die_unless(const char *m, int quiet)
{
	if (quiet)
		return;
	fprintf(stderr, "%s\n", m);
	exit(1);
}

PyObject *pair(PyObject *self, PyObject *a)
{
	(void)self;
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		die_unless("out of memory", 1);
	PyTuple_SET_ITEM(t, 0, Py_NewRef(a)); // expect-warning[MOJO-OWN-109] {{'t'}}
	return t;
}
