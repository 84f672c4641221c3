#include <stdlib.h>

void *owned_result(void)
{
	return malloc(16);
}
