// The exceptional edge of a checker that throws exactly when an error is
// set is named after the checker in the path's steps, not after the
// PyErr_Occurred() that decides it.
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

PyObject *import_module(const char *name)
{
	PyObject *m = PyImport_ImportModule(name);
	check_py_error(__LINE__);
	if (m == NULL || PyObject_IsTrue(m) != 1)
		throw PyError{__LINE__, {0}};
	return m;
}
