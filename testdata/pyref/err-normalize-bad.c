// As err-normalize-good.c, without PyErr_NormalizeException: a fetched
// exception may have a type and no value, and the traceback leaks.
#include <Python.h>

void log_error(void)
{
	PyObject *type = NULL, *value = NULL, *tb = NULL;
	PyErr_Fetch(&type, &value, &tb);
	if (!type || !value) {
		Py_XDECREF(type);
		Py_XDECREF(value);
		return; // expect-warning[MOJO-OWN-101] {{new reference 'tb' from 'PyErr_Fetch' is never released}}
	}
	PyObject *s = PyObject_Str(value);
	Py_XDECREF(s);
	Py_XDECREF(tb);
	Py_DECREF(type);
	Py_DECREF(value);
}
