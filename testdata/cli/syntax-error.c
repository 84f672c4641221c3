/* A syntax error clang recovers from: the file is still analyzed. */
#include <stdlib.h>

int broken(int x)
{
	return x + ;
}

int fine_after_the_error(void)
{
	char *p = malloc(8);
	if (!p)
		return -1;
	free(p);
	return 0;
}
