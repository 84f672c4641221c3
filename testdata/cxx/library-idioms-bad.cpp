// Where the same idioms hide a defect: a template that may hand back
// something else than its argument, and a function shaped as a method
// CPython calls that returns its argument borrowed.
#include <Python.h>

template <class T> inline T *first_or_null(T *x, T *y)
{
	return x ? x : y;
}

PyObject *pick(PyObject *a)
{
	PyObject *n = PyLong_FromLong(1000);
	if (n == NULL)
		return NULL;
	PyObject *r = first_or_null(a, n);
	return r; // expect-warning[MOJO-OWN-101] {{new reference 'n' from 'PyLong_FromLong' is never released}}
}

// Shaped as a method CPython calls: it owes a new reference.
PyObject *identity(PyObject *self, PyObject *arg)
{
	(void)self;
	return arg; // expect-error[MOJO-OWN-107] {{borrowed reference 'arg' is returned but callers expect a new reference}}
}
