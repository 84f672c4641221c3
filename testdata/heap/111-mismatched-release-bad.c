// MOJO-OWN-111 for the heap kind: memory released by the allocator family
// that did not allocate it (pymalloc arenas are not the libc heap).
#include <Python.h>
#include <stdlib.h>
#include <string.h>

void pymem_with_free(void)
{
	char *p = PyMem_Malloc(32);
	if (!p)
		return;
	free(p); // expect-error[MOJO-OWN-111] {{heap memory 'p' from 'PyMem_Malloc' is released with 'free'; use 'PyMem_Free'}}
}

void malloc_with_pymem_free(void)
{
	char *p = malloc(32);
	if (!p)
		return;
	PyMem_Free(p); // expect-error[MOJO-OWN-111] {{use 'free'}}
}

void object_malloc_with_pymem_free(void)
{
	char *p = PyObject_Malloc(32);
	if (!p)
		return;
	PyMem_Free(p); // expect-error[MOJO-OWN-111] {{use 'PyObject_Free'}}
}

void raw_with_pymem_free(void)
{
	char *p = PyMem_RawMalloc(32);
	if (!p)
		return;
	PyMem_Free(p); // expect-error[MOJO-OWN-111] {{use 'PyMem_RawFree'}}
}

void strdup_with_pymem_free(const char *s)
{
	char *d = strdup(s);
	if (!d)
		return;
	PyMem_RawFree(d); // expect-error[MOJO-OWN-111] {{use 'free'}}
}
