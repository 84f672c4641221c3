// Included by main.c (a single-translation-unit build); also a valid
// translation unit on its own.
#include <stdlib.h>

static int fill_impl(int n)
{
	char *p = malloc((size_t)n);
	if (!p)
		return -1;
	if (n > 3)
		return -1;
	free(p);
	return 0;
}
