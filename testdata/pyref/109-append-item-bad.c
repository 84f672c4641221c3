// Where the append's result is not tested, the item may still be NULL;
// where it failed, the item may be a real object it did not take (the
// list's resize failed), which the caller still owns.
#include <Python.h>

int append_untested(PyObject *list, long v)
{
	PyObject *item = PyLong_FromLong(v);
	PyList_Append(list, item);
	Py_DECREF(item); // expect-warning[MOJO-OWN-109] {{new reference 'item' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}

int leaked_on_failure(PyObject *list, long v)
{
	PyObject *item = PyLong_FromLong(v);
	if (PyList_Append(list, item) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'item' from 'PyLong_FromLong' is leaked on the error exit}}
	Py_DECREF(item);
	return 0;
}

/* A use before the append that needed the item not NULL (XCSoar's
   Flight.cpp) crashed already: the append's success excuses nothing. */
int used_before_append(PyObject *list, PyObject *extra, long v)
{
	PyObject *item = Py_BuildValue("{s:l}", "v", v);
	PyDict_SetItemString(item, "extra", extra); // expect-warning[MOJO-OWN-109] {{new reference 'item' from 'Py_BuildValue' is passed to 'PyDict_SetItemString' before it is checked for NULL}}
	if (PyList_Append(list, item) != 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'item' from 'Py_BuildValue' is leaked on the error exit}}
	Py_DECREF(item);
	return 0;
}
