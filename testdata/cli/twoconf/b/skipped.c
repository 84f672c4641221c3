/* Excluded by b/.mojo-ownlint.yaml. */
#include <stdlib.h>

void leak_skipped(void)
{
	void *v = malloc(1);
}
