// MOJO-BOR-202: a borrowed reference stored where it outlives the borrow,
// with no Py_INCREF paying for it.
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
} Handler;

// Into the object's own field.
int handler_set(Handler *self, PyObject *callback)
{
	self->callback = callback; // expect-warning[MOJO-BOR-202] {{'callback'}}
	return 0;
}

// Into a heap block handed to C code as callback context.
struct ctx {
	PyObject *func;
	int calls;
};

struct ctx *ctx_new(PyObject *func)
{
	struct ctx *x = malloc(sizeof *x);
	if (x == NULL)
		return NULL;
	x->func = func; // expect-warning[MOJO-BOR-202] {{'func'}}
	x->calls = 0;
	return x;
}

// Into a module-level global.
static PyObject *last_error;

void remember(PyObject *dict)
{
	PyObject *e = PyDict_GetItemString(dict, "error");
	if (e != NULL)
		last_error = e; // expect-warning[MOJO-BOR-202] {{'e'}}
}
