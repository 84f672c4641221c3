// MOJO-OWN-103 and 104 for the heap kind, correct code.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

PyObject *join_upper(PyObject *self, PyObject *args)
{
	(void)self;
	const char *s;
	Py_ssize_t n;
	if (!PyArg_ParseTuple(args, "s#", &s, &n))
		return NULL;
	char *tmp = PyMem_Malloc((size_t)n + 1);
	if (tmp == NULL)
		return PyErr_NoMemory();
	for (Py_ssize_t i = 0; i < n; i++)
		tmp[i] = (char)(s[i] & ~0x20);
	PyObject *r = PyUnicode_FromStringAndSize(tmp, n);
	PyMem_Free(tmp);
	return r;
}

int parse_header(const char *src, size_t n)
{
	int rc = -1;
	char *copy = malloc(n + 1);
	if (!copy)
		return -1;
	memcpy(copy, src, n);
	copy[n] = 0;
	if (copy[0] != '#')
		goto out;
	rc = 0;
out:
	free(copy);
	return rc;
}

char *grow(size_t n)
{
	char *old = malloc(n);
	if (!old)
		return NULL;
	char *bigger = realloc(old, 2 * n);
	if (!bigger) {
		free(old); // failed realloc: the old block is still ours
		return NULL;
	}
	return bigger;
}

// Freed and reset: the second free(NULL) does nothing.
void free_and_reset(void)
{
	char *p = malloc(8);
	free(p);
	p = NULL;
	free(p);
}
