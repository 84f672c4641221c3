// Engine state in the middle of a path.
#include <stdlib.h>
#include "ownlint-test.h"

void states(void)
{
	char *p = malloc(4);
	__ownlint_state(p); // expect-note {{heap: owned, maybe-null}}
	if (!p)
		return;
	__ownlint_state(p); // expect-note {{heap: owned, non-null}}
	free(p);
	__ownlint_state(p); // expect-note {{heap: released}}
	char *q = NULL;
	__ownlint_state(q); // expect-note {{untracked, null}}
}
