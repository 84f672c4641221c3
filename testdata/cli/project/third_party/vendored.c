/* Vendored code the project does not own: excluded by .mojo-ownlint.yaml. */
#include <stdlib.h>

void vendored_leak(void)
{
	void *v = malloc(1);
}
