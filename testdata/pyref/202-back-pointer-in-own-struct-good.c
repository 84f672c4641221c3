// An object storing a pointer to itself in a C struct embedded in it (a
// libev watcher's `data`, read back in the watcher's callback), or in
// one its field holds (hoep's `state = self->renderer->opaque;
// state->opaque = self;`, a renderer its dealloc frees): the pointer
// lives and dies with the object, so no reference is owed, and a
// Py_INCREF would make the object immortal (cassandra-driver's
// `self->io.data = self`, C rounds 64 and 66).
// expect-no-diagnostics
#include <Python.h>

struct watcher {
	void *data;
	void (*cb)(struct watcher *);
};

struct renderer {
	void *opaque;
};

struct renderer *renderer_new(void);
void renderer_free(struct renderer *r);

typedef struct {
	PyObject_HEAD
	struct watcher io;
	struct renderer *renderer;
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
	self->io.cb = io_ready;
	self->io.data = self;
	self->renderer = renderer_new();
	if (!self->renderer) {
		PyErr_NoMemory();
		return -1;
	}
	struct watcher *state = (struct watcher *)self->renderer->opaque;
	state->data = self;
	return 0;
}

static void IO_dealloc(IOObject *self)
{
	if (self->renderer)
		renderer_free(self->renderer);
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
