// MOJO-OWN-111 for the heap kind, correct code: each family's own free.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

void pairs(const char *s)
{
	char *a = PyMem_Malloc(8), *b = malloc(8), *c = PyObject_Malloc(8);
	char *d = PyMem_RawMalloc(8), *e = strdup(s), *f = PyMem_Calloc(1, 8);
	PyMem_Free(a);
	free(b);
	PyObject_Free(c);
	PyMem_RawFree(d);
	free(e);
	PyMem_Free(f);
}

void pymem_realloc_then_free(void)
{
	char *p = PyMem_Malloc(8);
	if (!p)
		return;
	char *q = PyMem_Realloc(p, 16);
	if (!q) {
		PyMem_Free(p);
		return;
	}
	PyMem_Free(q);
}

void posix_memalign_free(void)
{
	void *p;
	if (posix_memalign(&p, 64, 256) != 0)
		return;
	free(p);
}

void raw_realloc(void)
{
	char *p = PyMem_RawMalloc(8);
	char *q = PyMem_RawRealloc(p, 16);
	if (!q) {
		PyMem_RawFree(p);
		return;
	}
	PyMem_RawFree(q);
}
