/* An in-place conversion that allocates its output when the caller gives
 * none, and again when the output is the input (kaa-imlib2's raw
 * formats): a block just allocated is no live object's address, so after
 * the first allocation `to == from` holds only when both are NULL, and
 * nothing is overwritten that was not NULL. */
#include <stdlib.h>

unsigned char *invert(unsigned char *from, unsigned char *to, int n)
{
	if (to == 0)
		to = (unsigned char *)malloc(n);
	if (to == from)
		to = (unsigned char *)malloc(n);
	if (!to)
		return NULL;
	for (int i = 0; i < n; i++)
		to[i] = (unsigned char)(255 - from[i]);
	return to;
}

/* expect-no-diagnostics */
