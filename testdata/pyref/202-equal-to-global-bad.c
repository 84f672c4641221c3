/*
 * The same item stored where it compared unequal to the global: nothing
 * but the caller's list keeps it alive.
 */
#include <Python.h>

static PyObject *ctypes_float;

typedef struct {
	PyObject_HEAD
	PyObject *subtype;
} Arr;

int arr_init(Arr *self, PyObject *args, PyObject *kwds)
{
	(void)kwds;
	if (!PyList_Check(args) || PyList_GET_SIZE(args) == 0)
		return -1;
	PyObject *first = PyList_GET_ITEM(args, 0);
	if (first != ctypes_float) {
		self->subtype = first; // expect-warning[MOJO-BOR-202] {{borrowed reference 'first' from 'PyList_GET_ITEM' is stored without taking a reference}}
		return 0;
	}
	return -1;
}
