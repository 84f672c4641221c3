// The same checker after an error was set: it throws, and what the
// function holds leaks with the exception.
#include <Python.h>
#include <string.h>

struct PyError {
	int line;
	char message[128];
};

void check_py_error(int line)
{
	if (!PyErr_Occurred())
		return;
	PyObject *type = NULL, *value = NULL, *tb = NULL;
	PyErr_Fetch(&type, &value, &tb);
	PyError err = {line, {0}};
	if (value) {
		PyObject *s = PyObject_Str(value);
		const char *c = s ? PyUnicode_AsUTF8(s) : NULL;
		if (c)
			strncpy(err.message, c, sizeof err.message - 1);
		Py_XDECREF(s);
	}
	PyErr_Restore(type, value, tb);
	throw err;
}

PyObject *bounded(PyObject *arg)
{
	PyObject *n = PyNumber_Long(arg);
	if (n == NULL)
		return NULL;
	if (PyLong_AsLong(n) > 100)
		PyErr_SetString(PyExc_ValueError, "too large");
	check_py_error(__LINE__); // expect-warning[MOJO-OWN-105] {{new reference 'n' from 'PyNumber_Long' is leaked when the exception leaves 'bounded'}}
	return n;
}
