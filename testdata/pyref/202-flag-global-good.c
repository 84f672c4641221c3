/*
 * A global pointer kept without a reference and only ever tested for
 * NULL (viztracer's `curr_tracer = self`, a "tracer is running" flag):
 * no object is reached through it, so its owner dropping it harms
 * nothing (MOJO-BOR-202 reports a global some function reads).
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int collecting;
} Tracer;

static Tracer *curr_tracer = NULL;

static PyObject *tracer_start(Tracer *self, PyObject *unused)
{
	(void)unused;
	if (curr_tracer) {
		if (PyErr_WarnEx(NULL, "two tracers", 1) < 0)
			return NULL;
	} else {
		curr_tracer = self;
	}
	self->collecting = 1;
	Py_RETURN_NONE;
}

static PyObject *tracer_stop(Tracer *self, PyObject *unused)
{
	(void)unused;
	self->collecting = 0;
	curr_tracer = NULL;
	Py_RETURN_NONE;
}

static PyObject *tracer_running(PyObject *self, PyObject *unused)
{
	(void)self, (void)unused;
	return PyBool_FromLong(curr_tracer != NULL);
}

static PyMethodDef tracer_methods[] = {
	{"start", (PyCFunction)tracer_start, METH_NOARGS, NULL},
	{"stop", (PyCFunction)tracer_stop, METH_NOARGS, NULL},
	{"running", (PyCFunction)tracer_running, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};
