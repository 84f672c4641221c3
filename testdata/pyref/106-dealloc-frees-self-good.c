/*
 * A deallocator hands the object it destroys to a helper that frees it or
 * keeps it on a free list (meinheld's `InputObject_dealloc(self)` calling
 * `dealloc_InputObject(self)`, registered by a type another file of the
 * project defines): the object's last reference is gone already, none is
 * stolen. A function that returns nothing, whose first parameter is an
 * object and whose name says it deallocates, is taken to be one, as a
 * tp_dealloc slot the file fills is.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	char *buffer;
} InputObject;

#define MAXFREE 16
static InputObject *free_list[MAXFREE];
static int numfree;

static void dealloc_InputObject(InputObject *io)
{
	if (numfree < MAXFREE)
		free_list[numfree++] = io;
	else
		PyObject_Del(io);
}

void InputObject_dealloc(InputObject *self)
{
	if (self->buffer) {
		PyMem_Free(self->buffer);
		self->buffer = NULL;
	}
	dealloc_InputObject(self);
}
