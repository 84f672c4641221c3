// PyArg_ParseTuple writes its "O" outputs only when it succeeds: on the
// branch where it failed, the variable keeps what it held before (here
// NULL), no reference the call lent. The code takes its own reference on
// success and stores or releases the variable on every path.
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject *callback;
} holder;
static holder *g_holder;

PyObject *set_cb(PyObject *self, PyObject *args)
{
	PyObject *callback = NULL;
	holder *h = malloc(sizeof(holder));
	(void)self;
	if (!h)
		return PyErr_NoMemory();
	if (PyArg_ParseTuple(args, "O", &callback))
		Py_INCREF(callback); // owned from here on
	h->callback = callback;
	g_holder = h;
	Py_RETURN_NONE;
}

PyObject *take_and_drop(PyObject *self, PyObject *args)
{
	PyObject *callback = NULL;
	(void)self;
	if (PyArg_ParseTuple(args, "O", &callback))
		Py_INCREF(callback);
	Py_XDECREF(callback);
	Py_RETURN_NONE;
}
// expect-no-diagnostics
