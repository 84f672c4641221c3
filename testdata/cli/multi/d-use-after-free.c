#include <stdlib.h>

int use_after_free(void)
{
	int *p = malloc(sizeof *p);
	if (!p)
		return -1;
	*p = 1;
	free(p);
	return *p;
}
