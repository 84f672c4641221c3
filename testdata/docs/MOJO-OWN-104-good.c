#include <Python.h>
#include <string.h>

int parse_header(const char *data, size_t n)
{
	char *copy = PyMem_Malloc(n + 1);
	if (copy == NULL)
		return -1;
	memcpy(copy, data, n);
	copy[n] = 0;
	if (strchr(copy, ':') == NULL) {
		PyErr_SetString(PyExc_ValueError, "missing ':'");
		goto error;
	}
	PyMem_Free(copy);
	return 0;
error:
	PyMem_Free(copy);
	return -1;
	// expect-no-diagnostics
}
