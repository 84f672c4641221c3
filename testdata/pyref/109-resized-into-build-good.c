// expect-no-diagnostics
// `_PyBytes_Resize(&buf, n)` sets buf to NULL when it fails, and
// Py_BuildValue given a NULL object unit returns NULL with the error kept:
// its result's test is the test of the resize (python-fdsend's recvfds,
// blind C round 101).
#include <Python.h>

PyObject *recv_some(PyObject *mod, PyObject *args)
{
	Py_ssize_t n, got;
	PyObject *buf;
	if (!PyArg_ParseTuple(args, "nn", &n, &got))
		return NULL;
	buf = PyBytes_FromStringAndSize(NULL, n);
	if (buf == NULL)
		return NULL;
	if (got != n)
		_PyBytes_Resize(&buf, got);
	return Py_BuildValue("(N())", buf);
}
