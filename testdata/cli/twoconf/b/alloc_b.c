/* b/.mojo-ownlint.yaml turns everything but MOJO-OWN-109 off here. */
#include <stdlib.h>

void unchecked_b(void)
{
	char *p = malloc(8);
	p[0] = 0;
}
