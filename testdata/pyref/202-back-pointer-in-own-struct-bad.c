// A pointer to an object kept outside the object's own memory (a struct
// the object points to, which a C library may keep after the object is
// gone) holds it without a reference: MOJO-BOR-202
// (202-back-pointer-in-own-struct-good.c keeps it in a struct embedded in
// the object).
#include <Python.h>
#include <stdlib.h>

struct watcher {
	void *data;
	void (*cb)(struct watcher *);
};

typedef struct {
	PyObject_HEAD
	struct watcher *io;
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
	self->io = malloc(sizeof *self->io);
	if (!self->io) {
		PyErr_NoMemory();
		return -1;
	}
	self->io->cb = io_ready;
	self->io->data = self; // expect-warning[MOJO-BOR-202] {{borrowed reference 'self' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	return 0;
}

static void IO_dealloc(IOObject *self)
{
	free(self->io);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject IOType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.IO",
	.tp_basicsize = sizeof(IOObject),
	.tp_init = (initproc)IO_init,
	.tp_dealloc = (destructor)IO_dealloc,
};

PyTypeObject *io_type(void)
{
	return &IOType;
}
