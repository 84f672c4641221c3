// Reduced from pygame 2.1.2 src_c/transform.c (the smoothscale helpers): a
// buffer allocated under `if (bpp == 3)` and freed under the same test
// after several unrelated if/else joins. Integers are forgotten only at
// loop heads (to reach a fixpoint), not at every join, so the second test
// is still decided on each path.
#include <stdlib.h>

void use(int);

void scale(int bpp, int c1, int c2, int c3)
{
	unsigned char *tmp = NULL;
	if (bpp == 3) {
		tmp = malloc(64);
		if (!tmp)
			return;
	}
	if (c1) use(1); else use(-1);
	if (c2) use(2); else use(-2);
	if (c3) use(3); else use(-3);
	if (bpp == 3)
		free(tmp);
}

// A loop still reaches its fixpoint, and a leak inside it is reported.
int fill(int n)
{
	int total = 0;
	for (int i = 0; i < n; i++) {
		int *cell = malloc(sizeof *cell);
		if (!cell)
			return -1;
		*cell = i;
		total += *cell;
	}
	return total; // expect-warning[MOJO-OWN-101] {{heap memory 'cell' from 'malloc' is never released}}
}
