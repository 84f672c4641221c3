// expect-no-diagnostics
// A helper whose every return is `Py_BuildValue("")`, None (openspeedshop's
// SS_ExitEmbeddedInterface, blind C++ round 106): its result is an object
// CPython keeps, and a caller that drops it frees nothing (a note at most,
// as for a lost reference to None itself).
#include <Python.h>

static int done;

static PyObject *exit_interface(PyObject *self, PyObject *args)
{
	done = 1;
	return Py_BuildValue("");
}

void shut_down(void)
{
	exit_interface(NULL, NULL);
}
