/* A reallocation compared with the block it was given: where they are
 * equal the block grew in place, and the caller's block is returned under
 * its old name. No block is lost on that branch. (A block just allocated
 * is another matter: 101-new-block-vs-parameter-good.c.) */
#include <stdlib.h>

char *grow(char *buf, size_t n)
{
	char *nb = (char *)realloc(buf, n);
	if (nb == buf)
		return buf;
	if (!nb)
		return NULL;
	return nb;
}

/* expect-no-diagnostics */
