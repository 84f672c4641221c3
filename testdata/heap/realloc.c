// realloc: the old block stays owned when the call fails.
#include <stdlib.h>

int grow_bad(char **out, size_t n)
{
	char *p = malloc(n);
	if (!p)
		return -1;
	p = realloc(p, n * 2);
	if (!p) // expect-warning[MOJO-OWN-105] {{'p' from 'malloc' is leaked on the error path: its last handle is lost here}} expect-note {{the reallocation failed}}
		return -1;
	*out = p;
	return 0;
}

int grow_good(char **out, size_t n)
{
	char *p = malloc(n);
	if (!p)
		return -1;
	char *q = realloc(p, n * 2);
	if (!q) {
		free(p);
		return -1;
	}
	*out = q;
	return 0;
}
