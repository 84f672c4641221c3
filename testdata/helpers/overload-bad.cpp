// The API under its own name keeps its rules in C++: the classic lost
// block of `p = PyMem_Realloc(p, n)`.
#include "errors.h"

int grow_badly(size_t n)
{
	void *buf = PyMem_Malloc(4);
	if (!buf)
		return -1;
	buf = PyMem_Realloc(buf, n);
	if (!buf) // expect-warning[MOJO-OWN-105] {{heap memory 'buf' from 'PyMem_Malloc' is leaked on the error path: its last handle is lost here}}
		return -1;
	PyMem_Free(buf);
	return 0;
}
