/*
 * As 202-flag-global-good.c, but one function reaches the object through
 * the global (returns it), or tests it and then uses it.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int collecting;
} Tracer;

static Tracer *curr_tracer = NULL;
static Tracer *last_tracer = NULL;

static PyObject *tracer_start(Tracer *self, PyObject *unused)
{
	(void)unused;
	if (!curr_tracer)
		curr_tracer = self; // expect-warning[MOJO-BOR-202] {{borrowed reference 'self' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	last_tracer = self; // expect-warning[MOJO-BOR-202] {{borrowed reference 'self' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	Py_RETURN_NONE;
}

static PyObject *tracer_current(PyObject *self, PyObject *unused)
{
	(void)self, (void)unused;
	if (curr_tracer == NULL)
		Py_RETURN_NONE;
	return Py_NewRef((PyObject *)curr_tracer);
}

static PyObject *tracer_last_collecting(PyObject *self, PyObject *unused)
{
	(void)self, (void)unused;
	return PyBool_FromLong(last_tracer && last_tracer->collecting);
}

static PyMethodDef tracer_methods[] = {
	{"start", (PyCFunction)tracer_start, METH_NOARGS, NULL},
	{"current", (PyCFunction)tracer_current, METH_NOARGS, NULL},
	{"last_collecting", (PyCFunction)tracer_last_collecting, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};
