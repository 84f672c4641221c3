// A helper of the file whose body never returns (no `return`, and its last
// statement a call of exit()): a path that calls it ends there, so the
// NULL result never reaches the next statement (Triton's
// `notEnoughMemory()` in its `xPyTuple_New`).
// expect-no-diagnostics
#include <Python.h>
#include <stdio.h>
#include <stdlib.h>

static void die(const char *m)
{
	fprintf(stderr, "%s\n", m);
	exit(1);
}

// One that calls the first, last.
static void out_of_memory(void)
{
	die("out of memory");
}

PyObject *pair(PyObject *self, PyObject *a)
{
	(void)self;
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		die("out of memory");
	PyTuple_SET_ITEM(t, 0, Py_NewRef(a));
	return t;
}

PyObject *xPyTuple_New(Py_ssize_t len)
{
	PyObject *t = PyTuple_New(len);
	if (!t)
		out_of_memory();
	return t;
}

PyObject *single(PyObject *self, PyObject *a)
{
	(void)self;
	PyObject *t = xPyTuple_New(1);
	PyTuple_SET_ITEM(t, 0, Py_NewRef(a));
	return t;
}
