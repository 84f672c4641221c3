// A global the file writes only with PyErr_Format()'s result, which is
// always NULL (pyminizip's `pyerr_msg`), holds no reference: returning it
// returns NULL with the error set.
// expect-no-diagnostics
#include <Python.h>

PyObject *pyerr_msg = NULL;

static int do_work(const char *path)
{
	if (path[0] == '\0') {
		pyerr_msg = PyErr_Format(PyExc_OSError, "error opening %s", path);
		return -1;
	}
	return 0;
}

static PyObject *py_work(PyObject *self, PyObject *args)
{
	const char *path;
	if (!PyArg_ParseTuple(args, "s", &path))
		return NULL;
	if (do_work(path) != 0)
		return pyerr_msg;
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"work", py_work, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
