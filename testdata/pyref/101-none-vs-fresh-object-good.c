// A constructor's result is a new object or NULL, never Py_None: the
// branch that takes it for Py_None is not walked, checked for NULL or not.
// Reduced from librabbitmq connection.c (AMQTable_toPyDict).
#include <Python.h>

PyObject *to_dict(int kind, long v)
{
	PyObject *value = NULL;
	PyObject *dict = PyDict_New();
	if (dict == NULL)
		return NULL;
	switch (kind) {
	case 0:
		value = Py_None;
		break;
	case 1:
		value = PyLong_FromLong(v);
		break;
	}
	if (value == Py_None || value == NULL)
		PyDict_SetItemString(dict, "k", Py_None);
	else {
		PyDict_SetItemString(dict, "k", value);
		Py_DECREF(value);
	}
	return dict;
}
// expect-no-diagnostics
