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

// Parsed straight into a field or a global by PyArg_ParseTuple ("O",
// "O!"): the same store as `self->callback = callback;` (LinuxCNC's
// Logger_init, testdata/realworld/linuxcnc-logger-init.cpp).
static PyObject *hook;

PyObject *handler_parse(Handler *self, PyObject *args)
{
	if (!PyArg_ParseTuple(args, "O:set", &self->callback)) // expect-warning[MOJO-BOR-202] {{borrowed reference 'self->callback' from 'PyArg_ParseTuple' is stored without taking a reference}}
		return NULL;
	Py_RETURN_NONE;
}

PyObject *set_hook(PyObject *module, PyObject *args)
{
	(void)module;
	if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &hook)) // expect-warning[MOJO-BOR-202] {{borrowed reference 'hook' from 'PyArg_ParseTuple' is stored without taking a reference}}
		return NULL;
	Py_RETURN_NONE;
}

// The global is read: what it holds is used later.
PyObject *get_last_error(void)
{
	return Py_XNewRef(last_error);
}
