/*
 * A pointer into another block is returned: the block made here is not
 * handed over with it, and leaks.
 */
#include <stdlib.h>
#include <stddef.h>

typedef struct Blk {
	size_t size;
	char data[1];
} Blk;

void *blk_copy_header(Blk *from)
{
	Blk *b = (Blk *)malloc(sizeof *b);
	if (!b)
		abort();
	b->size = from->size;
	return from->data; // expect-warning[MOJO-OWN-101] {{heap memory 'b' from 'malloc' is never released}}
}
