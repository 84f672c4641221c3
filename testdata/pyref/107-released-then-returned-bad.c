// Released and returned with nothing else keeping it: the object is gone.
// A function with external linkage that never releases what it returns
// keeps the convention of a new reference.
#include <Python.h>

PyObject *PyModule_New(const char *name);

PyObject *dropped(const char *name)
{
	PyObject *m = PyModule_New(name);
	if (m == NULL)
		return NULL;
	Py_DECREF(m);
	return m; // expect-error[MOJO-OWN-103] {{new reference 'm' from 'PyModule_New' is returned after it was released}}
}

PyObject *lookup(PyObject *d, PyObject *key)
{
	PyObject *v = PyDict_GetItem(d, key);
	return v; // expect-error[MOJO-OWN-107] {{borrowed reference 'v' from 'PyDict_GetItem' is returned but callers expect a new reference}}
}
