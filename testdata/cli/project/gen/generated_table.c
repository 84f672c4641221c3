/* Stands for a generated file left out with --exclude 'gen/**'. */
#include <stdlib.h>

void generated_leak(void)
{
	void *g = malloc(1);
}
