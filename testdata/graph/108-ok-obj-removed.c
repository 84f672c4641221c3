// The back edge is removed before the function ends.
#include <Python.h>

int visit_pair(PyObject *d1, PyObject *d2)
{
	if (PyDict_SetItemString(d1, "peer", d2) < 0)
		return -1;
	if (PyDict_SetItemString(d2, "peer", d1) < 0)
		return -1;
	/* ... work with the linked pair ... */
	return PyDict_DelItemString(d2, "peer");
}
// expect-no-diagnostics
