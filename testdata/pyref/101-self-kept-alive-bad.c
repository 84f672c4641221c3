// A reference a method takes to its own object and keeps is a leak when
// no method of the file pays such a reference back; one that takes its
// own reference around a call and drops it again pays nothing back.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *cb;
} Task;

static PyObject *task_run(Task *self, PyObject *unused)
{
	(void)unused;
	Py_INCREF(self);
	PyObject *r = PyObject_CallNoArgs(self->cb);
	Py_DECREF(self);
	return r;
}

static PyObject *task_pin(Task *self, PyObject *unused)
{
	(void)unused;
	Py_INCREF(self);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{an extra reference to 'self' (taken by 'Py_INCREF') is never released}}
}

static PyMethodDef task_methods[] = {
	{"run", (PyCFunction)task_run, METH_NOARGS, NULL},
	{"pin", (PyCFunction)task_pin, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};
