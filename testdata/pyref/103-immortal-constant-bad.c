/*
 * The same shape with an object that can be freed: a new reference from
 * a constructor, dropped, then returned.
 */
#include <Python.h>

static PyObject *get_borrowed(long v)
{
	PyObject *o = PyLong_FromLong(v + 1000);
	Py_XDECREF(o);
	return o; // expect-error[MOJO-OWN-103] {{new reference 'o' from 'PyLong_FromLong' is returned after it was released}}
}

PyObject *use(long v) { return Py_NewRef(get_borrowed(v)); }
