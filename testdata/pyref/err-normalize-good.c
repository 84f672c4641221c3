// After PyErr_NormalizeException, an exception type comes with a value:
// a test of both is a test of the type (freeradius' python module, and
// FreeSWITCH's mod_python3, whose `s` is set again before its second
// release whenever the type was set).
// expect-no-diagnostics
#include <Python.h>

void log_error(void)
{
	PyObject *type = NULL, *value = NULL, *tb = NULL;
	PyErr_Fetch(&type, &value, &tb);
	PyErr_NormalizeException(&type, &value, &tb);
	if (!type || !value) {
		Py_XDECREF(type);
		Py_XDECREF(value);
		return;
	}
	PyObject *s = PyObject_Str(value);
	Py_XDECREF(s);
	Py_XDECREF(tb);
	Py_DECREF(type);
	Py_DECREF(value);
}

void print_error(void)
{
	PyObject *type = NULL, *value = NULL, *tb = NULL, *s = NULL;
	PyErr_Fetch(&type, &value, &tb);
	PyErr_NormalizeException(&type, &value, &tb);
	if (type != NULL && (s = PyObject_Str(type)) != NULL)
		PyObject_Size(s);
	Py_XDECREF(s);
	if (value != NULL && (s = PyObject_Str(value)) != NULL)
		PyObject_Size(s);
	Py_XDECREF(s);
	PyErr_Restore(type, value, tb);
}
