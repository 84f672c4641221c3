/* As python-version-312.c, without the call of 3.12's C API: nothing says
 * the module needs 3.12, and before 3.12 `return Py_None;` without a
 * reference underflows None's count. */
#include <Python.h>

static PyObject *peek(PyObject *self, PyObject *arg)
{
	long v = PyLong_AsLong(arg);
	if (v >= 0)
		return PyLong_FromLong(v);
	return Py_None;
}

static PyMethodDef methods[] = {
	{"peek", peek, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
