// PyList_Append fails, raising SystemError, when its item is NULL: where
// it succeeded, the item it was given was not NULL, and releasing it then
// releases no NULL. Reduced from libyt's and ChimeraX's list builders and
// XCSoar's Flight.cpp.
#include <Python.h>

PyObject *squares(long n)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	for (long i = 0; i < n; i++) {
		PyObject *item = PyLong_FromLong(i * i);
		if (PyList_Append(list, item) < 0) {
			Py_XDECREF(item);
			Py_DECREF(list);
			return NULL;
		}
		Py_DECREF(item);
	}
	return list;
}

PyObject *insert_front(PyObject *list, const char *s)
{
	PyObject *item = PyUnicode_FromString(s);
	if (PyList_Insert(list, 0, item) != 0) {
		Py_XDECREF(item);
		return NULL;
	}
	Py_DECREF(item);
	Py_RETURN_NONE;
}
// expect-no-diagnostics
