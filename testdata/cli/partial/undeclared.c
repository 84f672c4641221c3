/* A function that uses an undeclared identifier is never reported: what
 * it calls is unknown, so its findings would be guesses (issue 16). */
#include <stdlib.h>

int uses_undeclared(void)
{
	char *p = malloc(8);
	if (!p)
		return -1;
	undeclared_cleanup(p);
	return 0;
}

int declared_only(void)
{
	char *p = malloc(8);
	if (!p)
		return -1;
	return 0;
}
