// MOJO-BOR-202: a borrowed reference written into a struct from malloc()
// that is freed, unpublished, on the paths that take no reference
// (python-xmlsec's `PyArg_ParseTupleAndKeywords(.., &cb->match_cb, ..)`,
// then a check that frees `cb`): free() releases no field and no one else
// saw the pointer. The success path takes its reference before publishing.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject *cb;
} Item;

Item *registered;

PyObject *reg_checked(PyObject *self, PyObject *args)
{
	(void)self;
	Item *item = malloc(sizeof(Item));
	if (item == NULL)
		return PyErr_NoMemory();
	if (!PyArg_ParseTuple(args, "O", &item->cb)) {
		free(item);
		return NULL;
	}
	if (!PyCallable_Check(item->cb)) {
		PyErr_SetString(PyExc_TypeError, "cb must be callable");
		free(item); // never published
		return NULL;
	}
	Py_INCREF(item->cb); // taken before publication
	registered = item;
	Py_RETURN_NONE;
}

// The same through an assignment from a borrowing getter.
PyObject *reg_item(PyObject *self, PyObject *args)
{
	(void)self;
	Item *item = malloc(sizeof(Item));
	if (item == NULL)
		return PyErr_NoMemory();
	item->cb = PyTuple_GetItem(args, 0);
	if (item->cb == NULL || !PyCallable_Check(item->cb)) {
		free(item);
		return NULL;
	}
	Py_INCREF(item->cb);
	registered = item;
	Py_RETURN_NONE;
}
