// A helper that answers something besides the indicator (a flag of its
// own as well) says nothing of the call before it; nor does one that runs
// code before it asks.
#include <Python.h>

extern int verbose;

static int check_or_flag(void)
{
	if (PyErr_Occurred() || verbose)
		return -1;
	return 0;
}

static int log_then_check(void)
{
	PySys_WriteStderr("checking\n");
	if (PyErr_Occurred())
		return -1;
	return 0;
}

int with_flag(PyObject *fn)
{
	PyErr_Clear();
	PyObject *r = PyObject_CallObject(fn, NULL);
	if (check_or_flag() == -1)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'r' from 'PyObject_CallObject' is leaked on the error exit}}
	Py_DECREF(r); // expect-warning[MOJO-OWN-109] {{new reference 'r' from 'PyObject_CallObject' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}

int after_logging(PyObject *fn)
{
	PyErr_Clear();
	PyObject *r = PyObject_CallObject(fn, NULL);
	if (log_then_check() == -1)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'r' from 'PyObject_CallObject' is leaked on the error exit}}
	Py_DECREF(r); // expect-warning[MOJO-OWN-109] {{new reference 'r' from 'PyObject_CallObject' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}
