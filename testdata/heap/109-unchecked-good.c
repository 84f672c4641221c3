// MOJO-OWN-109 for the heap kind, correct code.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

int *counts(size_t n)
{
	int *c = malloc(n * sizeof *c);
	if (c == NULL)
		return NULL;
	c[0] = 0;
	return c;
}

char *copy_name(const char *s)
{
	size_t n = strlen(s);
	char *d = PyMem_Malloc(n + 1);
	if (!d) {
		PyErr_NoMemory();
		return NULL;
	}
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

struct hdr { int magic; int len; };

int hdr_magic(void)
{
	struct hdr *h = calloc(1, sizeof *h);
	if (!h)
		return -1;
	int m = h->magic;
	free(h);
	return m;
}

// free(NULL) and PyMem_Free(NULL) are fine without a check.
void free_unchecked(void)
{
	void *a = malloc(4), *b = PyMem_Malloc(4);
	free(a);
	PyMem_Free(b);
}
