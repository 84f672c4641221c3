// With an error set, what PyErr_Fetch and PyErr_NormalizeException give
// is the caller's to release.
#include <Python.h>

void log_exception(void)
{
	PyObject *type, *value, *traceback;

	PyErr_Fetch(&type, &value, &traceback);
	PyErr_NormalizeException(&type, &value, &traceback);
	if (type == NULL)
		return;
	Py_DECREF(type);
	Py_XDECREF(traceback);
} // expect-warning[MOJO-OWN-101] {{'value' from 'PyErr_NormalizeException' is never released}}
