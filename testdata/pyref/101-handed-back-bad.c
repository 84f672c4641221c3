// A helper that hands back the reference it is given (it steals it and
// returns it, and never fails) passes the caller's reference through: a
// leak of the result is told of the reference's own acquisition.
#include <Python.h>

static PyObject *as_object(PyObject *o)
{
	return o;
}

long peek(long v)
{
	PyObject *item = PyLong_FromLong(v);
	if (item == NULL)
		return -1;
	PyObject *o = as_object(item);
	return (long)Py_REFCNT(o); // expect-warning[MOJO-OWN-101] {{new reference 'item' from 'PyLong_FromLong' is never released}}
}

PyObject *give(long v)
{
	PyObject *item = PyLong_FromLong(v);
	if (item == NULL)
		return NULL;
	return as_object(item);
}
