#include "helpers.h"

typedef struct {
	PyObject_HEAD
	PyObject *name;
} NodeObject;

// Registered as a getter by module.c's table: CPython expects a new
// reference, and this returns the field's own.
PyObject *node_get_name(PyObject *self, void *closure)
{
	(void)closure;
	return ((NodeObject *)self)->name;
}
