/* A project header that does not compile alone: it needs the typedef its
 * includer defines first. Its helper leaks on one path. */
#include <stdlib.h>

static inline int helper(counter_t n)
{
	char *p = malloc((size_t)n);
	if (n > 3)
		return -1; /* 'p' leaks here */
	free(p);
	return 0;
}
