/* The conversion of 101-new-block-vs-parameter-good.c with the test
 * turned around: where the new block differs from the input, it is
 * overwritten, and on that branch the two may well differ. */
#include <stdlib.h>

unsigned char *invert_copy(unsigned char *from, unsigned char *to, int n)
{
	if (to == 0)
		to = (unsigned char *)malloc(n);
	if (to != from)
		to = (unsigned char *)malloc(n); // expect-warning[MOJO-OWN-101] {{heap memory 'to' from 'malloc' is leaked}}
	if (!to)
		return NULL;
	for (int i = 0; i < n; i++)
		to[i] = (unsigned char)(255 - from[i]);
	return to;
}
