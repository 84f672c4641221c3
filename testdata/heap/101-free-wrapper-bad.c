// MOJO-OWN-101 with a free() wrapper that returns a pointer (NULL, to be
// assigned back): a path that does not call it leaks.
#include <Python.h>
#include <stdlib.h>

void *check_and_free_buffer(void *buf)
{
	if (buf)
		free(buf);
	return NULL;
}

PyObject *fill(PyObject *self, Py_ssize_t n)
{
	(void)self;
	char *r = malloc((size_t)n + 1);
	if (r == NULL)
		return PyErr_NoMemory();
	r[0] = 1;
	if (n > 10)
		return PyLong_FromLong(r[0]); // expect-warning[MOJO-OWN-101] {{'r'}}
	r = check_and_free_buffer(r);
	Py_RETURN_NONE;
}
