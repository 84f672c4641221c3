#include <stdlib.h>

int error_exit(int fail)
{
	char *a = malloc(8);
	if (!a)
		return -1;
	if (fail)
		return -1;
	free(a);
	return 0;
}
