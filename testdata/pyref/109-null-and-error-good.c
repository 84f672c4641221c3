// `if (!o && PyErr_Occurred())` after an API that sets an error exactly
// when it returns NULL: once `o` tested NULL, the error is set, so the
// test holds and the NULL result never goes on (clingo's owner class,
// `Object(PyObject *o) { if (!o && PyErr_Occurred()) throw ...; }`).
// expect-no-diagnostics
#include <Python.h>

PyObject *append_to_new(PyObject *x)
{
	PyObject *o = PyList_New(0);
	if (!o && PyErr_Occurred())
		return NULL;
	if (PyList_Append(o, x) < 0) {
		Py_DECREF(o);
		return NULL;
	}
	return o;
}
