// Two dicts that hold each other under a key.
#include <Python.h>

PyObject *linked(void)
{
	PyObject *d1 = PyDict_New(), *d2 = PyDict_New();
	if (!d1 || !d2)
		goto error;
	if (PyDict_SetItemString(d1, "peer", d2) < 0)
		goto error;
	if (PyDict_SetItemString(d2, "peer", d1) < 0) // expect-warning[MOJO-OWN-108] {{'d2' -> 'd1' -> 'd2'}}
		goto error;
	Py_DECREF(d2);
	return d1;
error:
	Py_XDECREF(d1);
	Py_XDECREF(d2);
	return NULL;
}
