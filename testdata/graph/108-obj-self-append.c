// A list that contains itself.
#include <Python.h>

PyObject *selfish(void)
{
	PyObject *l = PyList_New(0);
	if (l == NULL)
		return NULL;
	if (PyList_Append(l, l) < 0) { // expect-warning[MOJO-OWN-108] {{'l' is made to own itself}}
		Py_DECREF(l);
		return NULL;
	}
	return l;
}
