// APIs documented to take NULL for the object they would work on: no
// MOJO-OWN-109 for passing it (a slice of the whole sequence, the names
// of the current scope, an empty cell). An API that needs the object
// still says so.
#include <Python.h>

PyObject *whole(PyObject *seq)
{
	PyObject *all = PySlice_New(NULL, NULL, NULL);
	if (all == NULL)
		return NULL;
	PyObject *copy = PyObject_GetItem(seq, all);
	Py_DECREF(all);
	return copy;
}

PyObject *scope_names(void)
{
	return PyObject_Dir(NULL);
}

PyObject *empty_cell(void)
{
	return PyCell_New(NULL);
}

// cffi's remove_dead_unique_reference: no object to name, only the
// traceback printed.
void report_unraisable(PyObject *d, PyObject *key)
{
	if (PyDict_DelItem(d, key) < 0)
		PyErr_WriteUnraisable(NULL);
}

PyObject *needs_it(PyObject *name)
{
	return PyObject_GetAttr(NULL, name); // expect-warning[MOJO-OWN-109] {{NULL is passed to 'PyObject_GetAttr'}}
}
