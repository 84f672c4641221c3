/* A project header with a static inline helper that leaks: analyzed only
 * through the files that include it, and only under --header-filter. */
#include <stdlib.h>

static inline int helper_leaks(int n)
{
	char *p = malloc((size_t)n);
	if (!p)
		return -1;
	return n;
}
