// A pointer to an object kept in C memory the object does not keep (a
// watcher handed to a library's loop, which may call it back after the
// object is gone) holds it without a reference: MOJO-BOR-202
// (202-back-pointer-in-own-struct-good.c keeps it in a struct embedded in
// the object, or in one the object's field holds).
#include <Python.h>
#include <stdlib.h>

struct watcher {
	void *data;
	void (*cb)(struct watcher *);
};

void loop_add(struct watcher *w);

typedef struct {
	PyObject_HEAD
	int fd;
} IOObject;

static void io_ready(struct watcher *w)
{
	IOObject *self = (IOObject *)w->data;
	self->fd = -1;
}

static int IO_init(IOObject *self, PyObject *args, PyObject *kw)
{
	(void)kw;
	if (!PyArg_ParseTuple(args, "i", &self->fd))
		return -1;
	struct watcher *w = (struct watcher *)malloc(sizeof *w);
	if (!w) {
		PyErr_NoMemory();
		return -1;
	}
	w->cb = io_ready;
	w->data = self; // expect-warning[MOJO-BOR-202] {{borrowed reference 'self' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	loop_add(w);
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
