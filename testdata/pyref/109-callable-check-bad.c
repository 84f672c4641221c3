/* Where PyCallable_Check answered 0, its argument may still be NULL: a
 * release without a test of its own is MOJO-OWN-109. */
#include <Python.h>

PyObject *call_hook(PyObject *o)
{
	PyObject *f = PyObject_GetAttrString(o, "hook");
	if (!PyCallable_Check(f)) {
		Py_DECREF(f); // expect-warning[MOJO-OWN-109] {{new reference 'f' from 'PyObject_GetAttrString' is passed to 'Py_DECREF' before it is checked for NULL}}
		return NULL;
	}
	PyObject *r = PyObject_CallNoArgs(f);
	Py_DECREF(f);
	return r;
}
