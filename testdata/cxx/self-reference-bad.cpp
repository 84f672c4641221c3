// A method that releases its `self` with nothing to say the object held a
// reference to itself (issue #26, next to self-reference-good.cpp): no
// mark of the object's written first, or only a non-constant value.
#include <Python.h>

struct Res {
	PyObject_HEAD
	PyObject *context;
	long count;
};

static PyObject *Res_touch(Res *self, PyObject *args)
{
	(void)args;
	Py_DECREF(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_DECREF' but this function does not own it}}
	Py_RETURN_NONE;
}

static PyObject *Res_count(Res *self, PyObject *arg)
{
	self->count = PyLong_AsLong(arg);
	Py_XDECREF(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_XDECREF' but this function does not own it}}
	Py_RETURN_NONE;
}

static PyMethodDef Res_methods[] = {
	{"touch", (PyCFunction)Res_touch, METH_NOARGS, NULL},
	{"count", (PyCFunction)Res_count, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
