/* A function left out for the error in its body is code not followed:
 * the reference its caller hands it may be kept or handed back
 * (python-snappy's `maybe_resize(result, ..)`, whose `Py_SIZE(s) = n` no
 * longer compiles), so no leak is said of it. A leak that does not go
 * through it is still reported. */
#include <Python.h>

static PyObject *maybe_resize(PyObject *str, Py_ssize_t expected,
			      Py_ssize_t actual)
{
	if (actual != expected)
		undeclared_resize(str, actual);
	return str;
}

PyObject *compress(PyObject *self, PyObject *arg)
{
	PyObject *result = PyBytes_FromStringAndSize(NULL, 10);
	if (!result)
		return NULL;
	return maybe_resize(result, 10, 5);
}

PyObject *leaks(PyObject *self, PyObject *arg)
{
	PyObject *tmp = PyBytes_FromStringAndSize(NULL, 10);
	if (!tmp)
		return NULL;
	Py_RETURN_NONE;
}
