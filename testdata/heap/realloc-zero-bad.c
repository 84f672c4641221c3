/*
 * realloc and a size that may be 0. A NULL result with a size the path
 * shows is not 0 is a failure: the old block is still allocated, and
 * returning without freeing it leaks it. A size the path does not tell
 * may be 0 or not: the failure is still taken as one (a realloc that
 * frees on size 0 leaves nothing to leak only when the size is 0).
 */
#include <stdlib.h>

char *copy_resized(const char *src, size_t n)
{
	char *buf = (char *)malloc(8);
	if (!buf)
		return NULL;
	buf[0] = src[0];
	char *nb = (char *)realloc(buf, n);
	if (!nb && n)
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'buf' from 'malloc' is leaked on the error exit}}
	return nb;
}

int grow(char **out, size_t n)
{
	char *p = (char *)malloc(16);
	if (!p)
		return -1;
	p = (char *)realloc(p, n);
	if (!p) // expect-warning[MOJO-OWN-105] {{its last handle is lost here}}
		return -1;
	*out = p;
	return 0;
}
