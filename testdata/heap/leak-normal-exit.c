// Allocations never released on a normal exit: MOJO-OWN-101.
#include <stdlib.h>
#include <string.h>

void log_name(const char *name)
{
	char *copy = strdup(name); // expect-note {{'copy' acquired here from 'strdup'}}
	if (!copy)
		return;
	copy[0] = 'X';
} // expect-warning[MOJO-OWN-101] {{heap memory 'copy' from 'strdup' is never released}}

int count(int n)
{
	long *buf = malloc(sizeof(long) * (size_t)n);
	if (buf == NULL)
		return -1;
	buf[0] = n;
	return 0; // expect-warning[MOJO-OWN-101] {{'buf'}}
}

size_t measure(const char *s)
{
	char *t = strdup(s);
	size_t n = strlen(s);
	if (t)
		n++;
	return n; // expect-warning[MOJO-OWN-101] {{'t'}}
}
