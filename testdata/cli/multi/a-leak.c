/* Several findings across several files, for the -j 1 / -j N comparison. */
#include <stdlib.h>

int leak_on_return(int n)
{
	char *p = malloc((size_t)n);
	if (!p)
		return -1;
	p[0] = 1;
	return 0;
}
