// An allocation through a macro of an installed library's headers (here
// one under include/python3.11/, like PyObject_GC_New): each function's
// unchecked use is its own finding, at the user's line, not one finding
// placed in the library's header (its macro is not the user's to fix).
#include <Python.h>
#include "include/python3.11/libnew.h"

int fill_a(PyObject *m)
{
	PyObject *d = LIB_DICT_NEW();
	int r = m == NULL ? -1 : 0;
	Py_DECREF(d); // expect-warning[MOJO-OWN-109] {{'d' from 'PyDict_New' is passed to 'Py_DECREF' before it is checked for NULL}}
	return r;
}

int fill_b(PyObject *m)
{
	PyObject *d = LIB_DICT_NEW();
	int r = m == NULL ? -1 : 0;
	Py_DECREF(d); // expect-warning[MOJO-OWN-109] {{'d' from 'PyDict_New' is passed to 'Py_DECREF' before it is checked for NULL}}
	return r;
}
