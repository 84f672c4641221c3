/*
 * A borrowed item stored after it compared equal to what a global holds:
 * on that branch it is the object the module keeps alive for the life of
 * the process, as the global's own value would be (PyGLM's
 * `if (first == ctypes_float) self->subtype = first;`).
 */
// expect-no-diagnostics
#include <Python.h>

static PyObject *ctypes_float; // the module's own reference

typedef struct {
	PyObject_HEAD
	PyObject *subtype; // one of the globals, never owned
} Arr;

int arr_init(Arr *self, PyObject *args, PyObject *kwds)
{
	(void)kwds;
	if (!PyList_Check(args) || PyList_GET_SIZE(args) == 0)
		return -1;
	PyObject *first = PyList_GET_ITEM(args, 0);
	if (first == ctypes_float) {
		self->subtype = first;
		return 0;
	}
	return -1;
}
