// Reduced from tomviz (OpenChemistry/tomviz) PR #638, "Ensure the
// reference count is incremented before steal": the operator's arguments
// tuple is filled with PyTuple_SET_ITEM from references the caller only
// lends; the tuple's release then frees them under their owners.
#include <Python.h>

PyObject *call_transform(PyObject *func, PyObject *dataset)
{
	PyObject *args = PyTuple_New(1);
	if (args == NULL)
		return NULL;
	PyTuple_SET_ITEM(args, 0, dataset); // expect-error[MOJO-OWN-106] {{'dataset'}}
	PyObject *r = PyObject_Call(func, args, NULL);
	Py_DECREF(args);
	return r;
}
