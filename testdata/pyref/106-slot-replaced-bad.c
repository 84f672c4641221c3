/*
 * A borrowed item released with no overwrite of its slot to follow is
 * still a release of a reference this function does not own.
 */
#include <Python.h>

PyObject *title_first(PyObject *field)
{
	PyObject *parts = PyUnicode_Split(field, NULL, -1);
	if (parts == NULL)
		return NULL;
	if (PyList_GET_SIZE(parts) > 0) {
		PyObject *part = PyList_GET_ITEM(parts, 0);
		PyObject *t = PyObject_CallMethod(part, "title", NULL);
		if (t == NULL) {
			Py_DECREF(parts);
			return NULL;
		}
		Py_DECREF(part); // expect-error[MOJO-OWN-106] {{borrowed reference 'part' from 'PyList_GET_ITEM' is released by 'Py_DECREF' but this function does not own it}}
		Py_DECREF(t);
	}
	return parts;
}
