// MOJO-OWN-109 for the heap kind: allocation results dereferenced before
// the NULL check.
#include <Python.h>
#include <stdlib.h>
#include <string.h>

int *counts(size_t n)
{
	int *c = malloc(n * sizeof *c);
	c[0] = 0; // expect-warning[MOJO-OWN-109] {{'c'}}
	return c;
}

char *copy_name(const char *s)
{
	size_t n = strlen(s);
	char *d = PyMem_Malloc(n + 1);
	d[n] = 0; // expect-warning[MOJO-OWN-109] {{'d'}}
	memcpy(d, s, n);
	return d;
}

struct hdr { int magic; int len; };

int hdr_magic(void)
{
	struct hdr *h = calloc(1, sizeof *h);
	int m = h->magic; // expect-warning[MOJO-OWN-109] {{'h'}}
	free(h);
	return m;
}

// The check comes, but after the first use.
double *zeros(size_t n)
{
	double *v = PyMem_RawCalloc(n, sizeof *v);
	v[0] = 0.0; // expect-warning[MOJO-OWN-109] {{'v'}}
	if (v == NULL)
		return NULL;
	return v;
}
