// Two objects pointing at each other through attributes.
#include <Python.h>

int link_peers(PyObject *x, PyObject *y)
{
	if (PyObject_SetAttrString(x, "peer", y) < 0)
		return -1;
	return PyObject_SetAttrString(y, "peer", x); // expect-warning[MOJO-OWN-108] {{'y' -> 'x' -> 'y'}}
}
