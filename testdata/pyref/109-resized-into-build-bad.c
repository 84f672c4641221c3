// The same resize, its status never tested, and the bytes read before
// Py_BuildValue: a failed resize left buf NULL.
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
	char *p = PyBytes_AS_STRING(buf); // expect-warning[MOJO-OWN-109] {{status of the call that acquired it was never checked}}
	p[0] = 0;
	return Py_BuildValue("(N())", buf);
}
