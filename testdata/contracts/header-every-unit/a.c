// Uses peek() as it should: a borrowed item, increfed to keep. (The
// larger file, analyzed first: it once took peek() for itself, and b.c
// then saw it as a function it knew nothing of.)
#include "peek.h"

PyObject *first(PyObject *t)
{
	PyObject *o = peek(t);
	Py_INCREF(o);
	return o;
}

PyObject *first_or_none(PyObject *t)
{
	if (PyTuple_GET_SIZE(t) == 0)
		Py_RETURN_NONE;
	PyObject *o = peek(t);
	Py_INCREF(o);
	return o;
}

PyObject *first_repr(PyObject *t)
{
	PyObject *o = peek(t);
	return PyObject_Repr(o);
}
