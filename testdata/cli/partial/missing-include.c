/* One missing #include: the function that needs it is skipped, the other
 * is analyzed and its leak reported (issue 16). */
#include <stdlib.h>
#include "not-there.h"

int needs_the_header(void)
{
	char *p = malloc(NOT_THERE_SIZE);
	return p != 0;
}

int stands_alone(int n)
{
	char *q = malloc(8);
	if (!q)
		return -1;
	return n;
}
