// A NULL object given to PyObject_CallFunctionObjArgs ends its list of
// arguments there: the callable is called without it and, where it needs
// it, fails (mrhttp's `transport.write(bytes)`). Where the call
// succeeded, each object it was given was not NULL.
// expect-no-diagnostics
#include <Python.h>

int send_command(PyObject *write, const char *cmd)
{
	PyObject *bytes = PyBytes_FromString(cmd);
	PyObject *r = PyObject_CallFunctionObjArgs(write, bytes, NULL);
	if (r == NULL) {
		Py_XDECREF(bytes);
		return -1;
	}
	Py_DECREF(r);
	Py_DECREF(bytes);
	return 0;
}

int send_to(PyObject *transport, PyObject *name, const char *cmd)
{
	PyObject *bytes = PyBytes_FromString(cmd);
	PyObject *r = PyObject_CallMethodObjArgs(transport, name, bytes, NULL);
	if (r == NULL) {
		Py_XDECREF(bytes);
		return -1;
	}
	Py_DECREF(r);
	Py_DECREF(bytes);
	return 0;
}
