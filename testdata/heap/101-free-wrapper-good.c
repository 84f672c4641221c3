// A free() wrapper that returns a pointer (pyeclib's
// `void *check_and_free_buffer(void *buf) { if (buf) free(buf); return
// NULL; }`): every path of it frees the argument, so a call releases it,
// whether its result is used or not.
// expect-no-diagnostics
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
	check_and_free_buffer(r);
	Py_RETURN_NONE;
}

PyObject *fill_reset(PyObject *self, Py_ssize_t n)
{
	(void)self;
	char *r = malloc((size_t)n + 1);
	if (r == NULL)
		return PyErr_NoMemory();
	r[0] = 1;
	r = check_and_free_buffer(r);
	Py_RETURN_NONE;
}
