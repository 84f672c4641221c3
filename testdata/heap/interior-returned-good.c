/*
 * A block with a header, handed back as a pointer past the header: the
 * trailing array member, the address of a member, or the block plus the
 * header's size. The caller frees it from there (the pointer minus the
 * header), so returning that pointer hands the block over.
 */
// expect-no-diagnostics
#include <stdlib.h>
#include <stddef.h>

typedef struct Blk {
	size_t size;
	char data[1];
} Blk;

struct Body {
	int a;
};

typedef struct Hdr {
	size_t size;
	struct Body body;
} Hdr;

void *blk_new(size_t size)
{
	Blk *b = (Blk *)malloc(offsetof(Blk, data) + size);
	if (!b)
		abort();
	b->size = size;
	return b->data;
}

struct Body *body_new(void)
{
	Hdr *h = (Hdr *)malloc(sizeof *h);
	if (!h)
		return NULL;
	h->size = sizeof *h;
	return &h->body;
}

void *raw_new(size_t size)
{
	char *p = (char *)malloc(size + 16);
	if (!p)
		return NULL;
	p[0] = 0;
	return p + 16;
}
