// MOJO-BOR-202 into a struct from malloc(): once the struct is published
// (a global keeps it), the borrowed reference it holds needs a Py_INCREF.
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject *cb;
} Item;

Item *registered;

// Parsed straight into the struct, published with no reference taken.
PyObject *reg_parsed(PyObject *self, PyObject *args)
{
	(void)self;
	Item *item = malloc(sizeof(Item));
	if (item == NULL)
		return PyErr_NoMemory();
	if (!PyArg_ParseTuple(args, "O", &item->cb)) { // expect-warning[MOJO-BOR-202] {{'item->cb'}}
		free(item);
		return NULL;
	}
	registered = item;
	Py_RETURN_NONE;
}

// Returned to the caller: the struct outlives the borrow.
Item *make_item(PyObject *args)
{
	Item *item = malloc(sizeof(Item));
	if (item == NULL)
		return NULL;
	if (!PyArg_ParseTuple(args, "O", &item->cb)) { // expect-warning[MOJO-BOR-202] {{'item->cb'}}
		free(item);
		return NULL;
	}
	return item;
}
