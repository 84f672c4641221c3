// MOJO-OWN-109 and MOJO-OWN-111 for a user kind declared with the Clang
// Static Analyzer's ownership attributes. ownership_returns implies "NULL
// on failure"; releasing with another family's function is a mismatch.
#include <Python.h>
#include <stdlib.h>

typedef struct pool {
	size_t used;
	char *base;
} pool;
pool *pool_new(size_t cap) __attribute__((ownership_returns(pool)));
void pool_free(pool *p) __attribute__((ownership_takes(pool, 1)));

size_t used_unchecked(size_t n)
{
	pool *p = pool_new(n);
	size_t u = p->used; // expect-warning[MOJO-OWN-109] {{pool resource 'p' from 'pool_new' is dereferenced before it is checked for NULL}}
	pool_free(p);
	return u;
}

void reset_unchecked(size_t n)
{
	pool *p = pool_new(n);
	p->used = 0; // expect-warning[MOJO-OWN-109] {{'p'}}
	pool_free(p);
}

char first_unchecked(size_t n)
{
	pool *p = pool_new(n);
	char c = p->base[0]; // expect-warning[MOJO-OWN-109] {{'p'}}
	pool_free(p);
	return c;
}

void freed_by_libc(size_t n)
{
	pool *p = pool_new(n);
	if (p == NULL)
		return;
	free(p); // expect-error[MOJO-OWN-111] {{'free'}}
}

void freed_by_pymem(size_t n)
{
	pool *p = pool_new(n);
	if (p == NULL)
		return;
	PyMem_Free(p); // expect-error[MOJO-OWN-111] {{'PyMem_Free'}}
}
