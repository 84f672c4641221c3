// A first block leaks when the second allocation fails: MOJO-OWN-105.
#include <stdlib.h>
#include <string.h>

struct pair {
	char *a, *b;
};

struct pair *pair_new(size_t n)
{
	char *a = malloc(n); // expect-note {{'a' acquired here from 'malloc'}}
	if (a == NULL)
		return NULL;
	char *b = malloc(n);
	if (b == NULL) // expect-note {{assuming 'b == NULL' is true}}
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'a' from 'malloc' is leaked on the error exit}}
	struct pair *p = malloc(sizeof *p);
	if (!p) {
		free(a);
		free(b);
		return NULL;
	}
	p->a = a;
	p->b = b;
	return p;
}

int fill(int n)
{
	int *v = calloc((size_t)n, sizeof *v);
	if (!v)
		return -1;
	if (n > 100)
		return -1; // expect-warning[MOJO-OWN-105] {{'v' from 'calloc'}}
	for (int i = 0; i < n; i++)
		v[i] = i;
	free(v);
	return 0;
}

// The block reached through strcpy's result is the same block.
int copy_then_fail(const char *src, int fail)
{
	char *cp = malloc(strlen(src) + 1);
	if (cp == NULL)
		return -1;
	char *s = strcpy(cp, src);
	if (fail)
		return -1; // expect-warning[MOJO-OWN-105] {{'cp'}}
	free(s);
	return 0;
}
