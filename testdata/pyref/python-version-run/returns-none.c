/* Another file of a project whose needs312.c calls C API of Python 3.12:
 * the project is written for 3.12, where None is immortal, so this file's
 * bare `return Py_None;` frees nothing (alone, python-version-311.c, it
 * is a MOJO-OWN-107). */
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
