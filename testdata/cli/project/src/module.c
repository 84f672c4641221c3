/* The one real translation unit of the project: it includes the header
 * and a source fragment (a single-TU build). */
#include "helpers.h"
#include "fragment.c"

int module_entry(int n)
{
	char *q = malloc(8);
	if (!q)
		return -1;
	return helper_leaks(n) + fragment_part(n);
}
