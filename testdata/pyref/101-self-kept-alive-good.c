// A method that takes a reference to its own object and keeps it past its
// return, paid back by another method when the work is done (the object
// keeps itself alive while it runs): neither is a bug. Reduced from
// sling's pytask.cc (PyJob::Start, PyJob::Done).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int running;
} Job;

static PyObject *job_start(Job *self, PyObject *unused)
{
	(void)unused;
	if (!self->running) {
		/* not released until the job has completed */
		Py_INCREF(self);
		self->running = 1;
	}
	Py_RETURN_NONE;
}

static PyObject *job_done(Job *self, PyObject *unused)
{
	(void)unused;
	if (self->running) {
		self->running = 0;
		Py_DECREF(self);
	}
	Py_RETURN_NONE;
}

static PyMethodDef job_methods[] = {
	{"start", (PyCFunction)job_start, METH_NOARGS, NULL},
	{"done", (PyCFunction)job_done, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};
// expect-no-diagnostics
