/*
 * The free-list helper of 106-dealloc-frees-self-good.c called on a
 * borrowed object by a function that is no deallocator (a `close`
 * method): the object is given away while its caller still holds it.
 */
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

PyObject *InputObject_close(InputObject *self, PyObject *unused)
{
	dealloc_InputObject(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is passed to 'dealloc_InputObject', which steals a reference this function does not own}}
	Py_RETURN_NONE;
}
