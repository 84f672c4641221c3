/*
 * A borrowed reference parked in a field of the object for the time of a
 * call, the field cleared before the method returns: the object keeps
 * nothing of it, so no reference was owed (MOJO-BOR-202 says nothing).
 */
// expect-no-diagnostics
#include <Python.h>

extern int step(void);

typedef struct {
	PyObject_HEAD
	PyObject *callback; /* set only while run() runs */
} Runner;

PyObject *Runner_run(Runner *self, PyObject *callback)
{
	self->callback = callback;
	int r = step();
	self->callback = NULL;
	if (r < 0)
		return NULL;
	Py_RETURN_NONE;
}
