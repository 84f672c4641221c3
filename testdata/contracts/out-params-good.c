/*
 * A helper that only reads through its pointer parameter leaves the
 * caller's variable as it was: the branch on it stays decided (issue #11,
 * item 4).
 */
// expect-no-diagnostics
#include <Python.h>

static int peek(const int *p)
{
	return *p > 0;
}

PyObject *make_one(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	int n = 0;
	PyObject *o = PyLong_FromLong(1);
	if (o == NULL)
		return NULL;
	if (peek(&n) < 0)
		return o;
	if (n != 0)
		return NULL; // never taken: n is still 0
	return o;
}
