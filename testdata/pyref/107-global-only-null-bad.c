// A global the file also writes with an object holds a reference of its
// own: returning it without one of the caller's is MOJO-OWN-107.
#include <Python.h>

static PyObject *cached = NULL;

static PyObject *get_cached(PyObject *self, PyObject *args)
{
	if (cached == NULL) {
		cached = PyDict_New();
		if (cached == NULL)
			return NULL;
	}
	return cached; // expect-error[MOJO-OWN-107] {{borrowed reference 'cached' is returned but callers expect a new reference}}
}

static PyObject *reset(PyObject *self, PyObject *args)
{
	cached = NULL;
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"get_cached", get_cached, METH_NOARGS, NULL},
	{"reset", reset, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};
