// A C++ overload of a C API name (pyodbc's `bool PyMem_Realloc(BYTE **pp,
// size_t n)`) is the project's function, not the API: its body says what
// it does (keeps the block on failure), and the API it calls is still
// the API.
// expect-no-diagnostics
#include "errors.h"

bool PyMem_Realloc(char **pp, size_t n)
{
	char *t = (char *)PyMem_Realloc((void *)*pp, n);
	if (!t)
		return false;
	*pp = t;
	return true;
}

int grow(size_t n)
{
	char *buf = (char *)PyMem_Malloc(4);
	if (!buf)
		return -1;
	if (!PyMem_Realloc(&buf, n)) {
		PyMem_Free(buf);
		return -1;
	}
	PyMem_Free(buf);
	return 0;
}
