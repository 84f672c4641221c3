// Reduced from CPython 3.11 Modules/_testcapimodule.c test_setallocators:
// the same `switch (domain)` picks the allocator and, later, the matching
// release function; the paths are correlated.
#include <Python.h>

enum { RAW, MEM, OBJ };

int roundtrip(int domain)
{
	void *ptr;
	switch (domain) {
	case RAW: ptr = PyMem_RawMalloc(42); break;
	case MEM: ptr = PyMem_Malloc(42); break;
	case OBJ: ptr = PyObject_Malloc(42); break;
	default: ptr = NULL; break;
	}
	if (ptr == NULL)
		return -1;
	switch (domain) {
	case RAW: PyMem_RawFree(ptr); break;
	case MEM: PyMem_Free(ptr); break;
	case OBJ: PyObject_Free(ptr); break;
	}
	return 0;
}

int deliberate_misuse(void)
{
	char *buffer = PyMem_Malloc(16);
	PyMem_RawFree(buffer); // expect-error[MOJO-OWN-111] {{'buffer' from 'PyMem_Malloc' is released with 'PyMem_RawFree'}}
	return 0;
}
