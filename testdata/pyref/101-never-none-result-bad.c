// A callable that is no type object may return Py_None, a new reference
// to it: dropped on the branch that tests for it, it is leaked (a note:
// None is never freed, the leak only skews its count).
#include <Python.h>

PyObject *call_it(PyObject *self, PyObject *cb)
{
	PyObject *r;
	(void)self;
	r = PyObject_CallObject(cb, NULL);
	if (r == NULL)
		return NULL;
	if (r == Py_None)
		return PyLong_FromLong(0); // expect-note[MOJO-OWN-101] {{new reference 'r' from 'PyObject_CallObject' is never released; it is Py_None, which CPython never frees}}
	return r;
}
