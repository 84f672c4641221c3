/* A clean file: one function that allocates and frees. */
#include <stdlib.h>

int good_function(int n)
{
	char *p = malloc((size_t)n + 1);
	if (!p)
		return -1;
	p[0] = 0;
	free(p);
	return 0;
}
