// An object storing a pointer to itself in a C struct embedded in it (a
// libev watcher's `data`, read back in the watcher's callback): the
// pointer lives and dies with the object, so no reference is owed, and a
// Py_INCREF would make the object immortal (cassandra-driver's
// `self->io.data = self`, C round 64).
// expect-no-diagnostics
#include <Python.h>

struct watcher {
	void *data;
	void (*cb)(struct watcher *);
};

typedef struct {
	PyObject_HEAD
	struct watcher io;
	int fd;
} IOObject;

static void io_ready(struct watcher *w)
{
	IOObject *self = w->data;
	self->fd = -1;
}

static int IO_init(IOObject *self, PyObject *args, PyObject *kw)
{
	(void)kw;
	if (!PyArg_ParseTuple(args, "i", &self->fd))
		return -1;
	self->io.cb = io_ready;
	self->io.data = self;
	return 0;
}

static PyTypeObject IOType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.IO",
	.tp_basicsize = sizeof(IOObject),
	.tp_init = (initproc)IO_init,
};

PyTypeObject *io_type(void)
{
	return &IOType;
}
