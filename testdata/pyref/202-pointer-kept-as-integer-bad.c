// The same address kept as a pointer is a borrow kept without a
// reference.
#include <Python.h>
#include <stdint.h>

struct sqe {
	void *addr;
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
	e->addr = op; // expect-warning[MOJO-BOR-202] {{borrowed reference 'op' from 'PyArg_ParseTuple' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	e->user_data = 0;
	return PyLong_FromLong(0);
}
