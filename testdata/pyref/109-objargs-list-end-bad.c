// As 109-objargs-list-end-good.c, but the object is released on the
// call's failure too, where it may be the NULL that ended the list.
#include <Python.h>

int send_command(PyObject *write, const char *cmd)
{
	PyObject *bytes = PyBytes_FromString(cmd);
	PyObject *r = PyObject_CallFunctionObjArgs(write, bytes, NULL);
	Py_XDECREF(r);
	Py_DECREF(bytes); // expect-warning[MOJO-OWN-109] {{new reference 'bytes' from 'PyBytes_FromString' is passed to 'Py_DECREF' before it is checked for NULL}}
	return r ? 0 : -1;
}
