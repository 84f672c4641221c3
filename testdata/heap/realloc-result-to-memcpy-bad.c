// A block grown with realloc whose failure is tested and returned on
// without freeing the old block: that block leaks there
// (realloc-result-to-memcpy-good.c gives the result to memcpy, which
// crashes where it failed).
#include <stdlib.h>
#include <string.h>

struct event {
	int wd;
	unsigned len;
	char name[];
};

struct event *copy_event(const char *buf, size_t head, size_t tail)
{
	struct event *e = malloc(sizeof *e);
	if (!e)
		return NULL;
	memcpy(e, buf, head);
	struct event *grown = realloc(e, sizeof *e + e->len);
	if (!grown)
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'e' from 'malloc' is leaked on the error exit}}
	memcpy(grown, buf, head + tail);
	return grown;
}
