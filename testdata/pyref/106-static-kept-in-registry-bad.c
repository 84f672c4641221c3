// A helper that hands its argument to a call that steals it (here
// PyModule_AddObject) takes a reference: a static type given to it
// without Py_INCREF loses one it never had.
#include <Python.h>

static int add_type(PyObject *m, const char *name, PyObject *type)
{
	if (PyModule_AddObject(m, name, type) < 0)
		return -1;
	return 0;
}

int add_long(PyObject *m)
{
	if (add_type(m, "Long", (PyObject *)&PyLong_Type) < 0) // expect-error[MOJO-OWN-106] {{borrowed reference 'PyLong_Type' is passed to 'add_type', which steals a reference this function does not own}}
		return -1;
	return 0;
}
