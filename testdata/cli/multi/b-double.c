#include <stdlib.h>

void double_free(void)
{
	char *p = malloc(4);
	free(p);
	free(p);
}
