// Two lists appended to each other: a reference cycle made on one path.
#include <Python.h>

PyObject *make_pair(void)
{
	PyObject *a = PyList_New(0);
	PyObject *b = PyList_New(0);
	if (a == NULL || b == NULL) {
		Py_XDECREF(a);
		Py_XDECREF(b);
		return NULL;
	}
	if (PyList_Append(a, b) < 0)
		goto error;
	if (PyList_Append(b, a) < 0) // expect-warning[MOJO-OWN-108] {{ownership cycle 'b' -> 'a' -> 'b'}}
		goto error;
	Py_DECREF(b);
	return a;
error:
	Py_DECREF(a);
	Py_DECREF(b);
	return NULL;
}
