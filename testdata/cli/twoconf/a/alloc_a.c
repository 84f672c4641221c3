/* Needs -Iinc from a/.mojo-ownlint.yaml (issue 16: one configuration per
 * input, found above it). */
#include <stdlib.h>
#include "asize.h"

void leak_a(void)
{
	char *p = malloc(A_SIZE);
	if (p)
		p[0] = 0;
}
