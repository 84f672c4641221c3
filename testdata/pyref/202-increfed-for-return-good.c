// A registration that keeps its argument and returns it, with a
// reference for each (202-increfed-for-return-bad.c takes one only).
// expect-no-diagnostics
#include <Python.h>

static PyObject *callbacks[16];
static int ncallbacks;

static PyObject *register_callback(PyObject *self, PyObject *args)
{
	PyObject *callback = NULL;
	(void)self;
	if (!PyArg_ParseTuple(args, "O", &callback))
		return NULL;
	if (ncallbacks >= 16)
		return PyErr_Format(PyExc_RuntimeError, "full");
	callbacks[ncallbacks++] = Py_NewRef(callback);
	Py_INCREF(callback);
	return callback;
}

void call_all(void)
{
	for (int i = 0; i < ncallbacks; i++)
		Py_XDECREF(PyObject_CallNoArgs(callbacks[i]));
}

static PyMethodDef methods[] = {
	{"register", register_callback, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
