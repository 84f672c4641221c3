// `a` names a new list before `b` takes it: no object owns itself.
#include <Python.h>

int chain(PyObject *b)
{
	PyObject *a = PyList_New(0);
	if (a == NULL)
		return -1;
	if (PyList_Append(a, b) < 0) {
		Py_DECREF(a);
		return -1;
	}
	Py_DECREF(a);
	a = PyList_New(0);
	if (a == NULL)
		return -1;
	int r = PyList_Append(b, a);
	Py_DECREF(a);
	return r;
}
// expect-no-diagnostics
