// The reader's functions: the free function given is called on close,
// and free_python_decref releases the reference its pointer is.
#include <stdlib.h>

#include "reader.h"

reader *reader_open(void *user, int little_endian, void (*free_user)(void *))
{
	reader *r = malloc(sizeof *r);
	if (!r)
		return NULL;
	r->user = user;
	r->little_endian = little_endian;
	r->free_user = free_user;
	return r;
}

void reader_close(reader *r)
{
	if (r->free_user)
		r->free_user(r->user);
	free(r);
}

void free_python_decref(void *user)
{
	Py_XDECREF((PyObject *)user);
}
