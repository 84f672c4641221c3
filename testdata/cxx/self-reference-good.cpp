// An object that keeps a reference to itself until its release() method
// is called (moderngl's MGLBuffer_release, issue #26): the method marks the
// object released, which guards the next call, then drops that reference.
// The factory keeping the creation reference is a known limit
// (rules/README.md); here it hands it over. No function may get a finding.
#include <Python.h>

// expect-no-diagnostics

struct Res {
	PyObject_HEAD
	bool released;
	PyObject *context;
};

static PyObject *Res_release(Res *self, PyObject *args)
{
	(void)args;
	if (self->released)
		Py_RETURN_NONE;
	self->released = true;
	Py_DECREF(self->context);
	Py_DECREF(self);
	Py_RETURN_NONE;
}

// The mark written after the cleanup it guards.
static PyObject *Res_close(Res *self, PyObject *args)
{
	(void)args;
	if (self->released)
		Py_RETURN_NONE;
	Py_CLEAR(self->context);
	self->released = 1;
	Py_DECREF(self);
	Py_RETURN_NONE;
}

// The mark survives a call that may run Python code (its fields are
// forgotten there).
static PyObject *Res_shutdown(Res *self, PyObject *args)
{
	(void)args;
	if (self->released)
		Py_RETURN_NONE;
	self->released = true;
	PyObject *r = PyObject_CallMethod(self->context, "release", NULL);
	if (!r)
		return NULL;
	Py_DECREF(r);
	Py_DECREF(self);
	Py_RETURN_NONE;
}

static PyMethodDef Res_methods[] = {
	{"release", (PyCFunction)Res_release, METH_NOARGS, NULL},
	{"close", (PyCFunction)Res_close, METH_NOARGS, NULL},
	{"shutdown", (PyCFunction)Res_shutdown, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};
