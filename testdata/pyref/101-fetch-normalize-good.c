// After PyErr_Fetch and PyErr_NormalizeException, a NULL type means no
// error was set: the value and the traceback are NULL too (Normalize
// does nothing then), and an early return leaks nothing. Reduced from
// collectd's python.c (cpy_log_exception).
#include <Python.h>

void log_exception(void)
{
	PyObject *type, *value, *traceback;

	PyErr_Fetch(&type, &value, &traceback);
	PyErr_NormalizeException(&type, &value, &traceback);
	if (type == NULL)
		return;
	PyObject *m = PyObject_Str(value);
	Py_XDECREF(m);
	Py_DECREF(type);
	Py_XDECREF(value);
	Py_XDECREF(traceback);
}
// expect-no-diagnostics
