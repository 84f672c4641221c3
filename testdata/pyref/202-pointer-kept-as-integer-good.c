// A borrowed object's address kept in a field that holds a number (an
// io_uring submission's `addr`, the id of the request to cancel): no
// reference is kept there, and none is needed.
#include <Python.h>
#include <stdint.h>

struct sqe {
	uint64_t addr;
	uint64_t user_data;
};
static struct sqe ring[4];
static unsigned tail;

PyObject *cancel(PyObject *self, PyObject *args)
{
	PyObject *op = NULL;
	(void)self;
	if (!PyArg_ParseTuple(args, "O", &op))
		return NULL;
	struct sqe *e = &ring[tail++ & 3];
	e->addr = (uint64_t)(uintptr_t)op;
	e->user_data = 0;
	return PyLong_FromLong(0);
}
// expect-no-diagnostics
