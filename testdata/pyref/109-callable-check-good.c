/* PyCallable_Check answers 0 for NULL (CPython's object.c): an attribute
 * that may be NULL is asked directly, and where the answer is true it was
 * not NULL (adonthell's hook call).
 * expect-no-diagnostics */
#include <Python.h>

PyObject *call_hook(PyObject *o)
{
	PyObject *f = PyObject_GetAttrString(o, "hook");
	if (!PyCallable_Check(f)) {
		Py_XDECREF(f);
		return NULL;
	}
	PyObject *r = PyObject_CallNoArgs(f);
	Py_DECREF(f);
	return r;
}
