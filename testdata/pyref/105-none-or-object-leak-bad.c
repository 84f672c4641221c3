/* A result leaked on two paths through one exit: on one a test found it
 * to be Py_None (a note alone: None is never freed), on the other it is
 * an empty dict, whose leak is a warning (pyxser's `if (lstItems ==
 * Py_None || PyDict_Size(lstItems) <= 0) return NULL;`). The warning is
 * the finding. */
#include <Python.h>

PyObject *items_of(PyObject *o)
{
	PyObject *items = PyObject_GetAttrString(o, "__dict__");
	if (items == NULL)
		return NULL;
	if (items == Py_None || PyDict_Size(items) <= 0) {
		PyErr_Clear();
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'items' from 'PyObject_GetAttrString' is leaked on the error exit}}
	}
	return items;
}
