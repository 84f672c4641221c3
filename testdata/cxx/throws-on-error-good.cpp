// A checker of the file that throws exactly when an error is set
// (`if (!PyErr_Occurred()) return; .. throw`; nupic's checkPyError),
// called right after a call that sets an error exactly when it returns
// NULL: a result that is not NULL means no error, and no throw.
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

PyObject *call_it(PyObject *func, PyObject *args)
{
	PyObject *result = PyObject_Call(func, args, NULL);
	check_py_error(__LINE__);
	return result;
}
// expect-no-diagnostics
