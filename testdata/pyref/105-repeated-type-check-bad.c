/*
 * The second check tests another object: its branch is live, and the
 * leak there is reported.
 */
#include <Python.h>

PyObject *pick(PyObject *a, PyObject *b)
{
	Py_INCREF(a);
	if (PyUnicode_Check(a)) {
		Py_DECREF(a);
		Py_RETURN_NONE;
	} else if (PyUnicode_Check(b)) {
		PyObject *ascii = PyUnicode_AsUTF8String(b);
		if (ascii == NULL)
			return NULL; // expect-warning[MOJO-OWN-105] {{an extra reference to 'a' (taken by 'Py_INCREF') is leaked on the error exit}}
		Py_DECREF(ascii);
	}
	Py_DECREF(a);
	Py_RETURN_TRUE;
}
