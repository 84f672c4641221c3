// A block grown with realloc, its result given straight to memcpy and
// returned: where the reallocation failed, memcpy crashed on NULL, so on
// every path that returns, it succeeded and the old block went with it;
// the caller owns what is returned, and nothing leaks (inotipy's
// extract_event_data, blind C round 122). (The unchecked result is told
// only where a dereference or a release of it follows: here none does,
// the known limit of MOJO-OWN-109 for values given to a callee.)
// realloc-result-to-memcpy-bad.c forgets the old block on a failure it
// tests.
// expect-no-diagnostics
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
	e = realloc(e, sizeof *e + e->len);
	memcpy(e, buf, head + tail);
	return e;
}
