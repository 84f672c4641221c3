/*
 * As 202-parked-field-good.c, but an early return leaves the borrowed
 * reference in the field: the object keeps it without a reference.
 */
#include <Python.h>

extern int step(void);

typedef struct {
	PyObject_HEAD
	PyObject *callback; /* set only while run() runs */
} Runner;

PyObject *Runner_run(Runner *self, PyObject *callback)
{
	self->callback = callback; // expect-warning[MOJO-BOR-202] {{borrowed reference 'callback' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	int r = step();
	if (r < 0)
		return NULL;
	self->callback = NULL;
	Py_RETURN_NONE;
}
