// The error indicator decides PyErr_Occurred() only where the path knows
// it (engine/errstate.c): after a call that may fail with or without an
// error, or one of unknown effect, both answers stay.
#include <Python.h>

// PyIter_Next() returns NULL at the end too, with no error: the test
// after the loop goes both ways, and the list leaks on the error branch.
static PyObject *drain(PyObject *self, PyObject *it)
{
	PyObject *list = PyList_New(0);
	PyObject *item;
	if (list == NULL)
		return NULL;
	while ((item = PyIter_Next(it)) != NULL) {
		if (PyList_Append(list, item) < 0) {
			Py_DECREF(item);
			Py_DECREF(list);
			return NULL;
		}
		Py_DECREF(item);
	}
	if (PyErr_Occurred())
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'list' from 'PyList_New' is leaked on the error exit}}
	return list;
}

// A function of unknown effect may raise: after it, the indicator is
// unknown, and the error branch leaks the result it skips.
int refresh(void);

static PyObject *call_then_refresh(PyObject *self, PyObject *f)
{
	PyObject *v = PyObject_CallObject(f, NULL);
	if (v == NULL)
		return NULL;
	refresh();
	if (PyErr_Occurred())
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'v' from 'PyObject_CallObject' is leaked on the error exit}}
	return v;
}

static PyMethodDef methods[] = {
	{"drain", (PyCFunction)drain, METH_O, NULL},
	{"call_then_refresh", (PyCFunction)call_then_refresh, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
