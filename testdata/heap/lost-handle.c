// The last handle is overwritten or discarded: leaked at that statement.
#include <stdlib.h>

void overwrite(void)
{
	char *p = malloc(8);
	p = malloc(16); // expect-warning[MOJO-OWN-101] {{its last handle is lost here}}
	free(p);
}

void discard(void)
{
	malloc(32); // expect-warning[MOJO-OWN-101] {{heap memory from 'malloc' is leaked}}
}

void in_loop(int n)
{
	char *p = NULL;
	for (int i = 0; i < n; i++)
		p = malloc(4); // expect-warning[MOJO-OWN-101] {{'p' from 'malloc' is leaked: its last handle is lost here}}
	free(p);
}
