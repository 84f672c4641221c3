/* An #error outside every function: the file counts as partly analyzed,
 * its functions are analyzed (issue 16). */
#include <stdlib.h>
#ifndef PARTIAL_CONFIGURED
#error "run configure first"
#endif

int after_the_error(void)
{
	char *q = malloc(8);
	if (!q)
		return -1;
	return 0;
}
