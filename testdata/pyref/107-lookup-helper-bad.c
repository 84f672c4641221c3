// MOJO-OWN-107: a function with external linkage that another function of
// the file calls, and that returns a new reference on one path and a
// borrowed one on another: its callers cannot know which to release.
#include <Python.h>

PyObject *lookup_or_default(PyObject *d, PyObject *name)
{
	PyObject *res = PyDict_GetItem(d, name);
	if (res != NULL)
		return res; // expect-error[MOJO-OWN-107] {{'res'}}
	return PyUnicode_FromString("default");
}

PyObject *get(PyObject *self, PyObject *name)
{
	PyObject *v = lookup_or_default(self, name);
	if (v == NULL)
		return NULL;
	return v;
}
