/*
 * registry.c — the list of state machines. Adding a kind is one line here
 * plus its sm/<kind>.c file.
 */
#include "sm.h"

#include <string.h>

extern const ol_sm ol_sm_heap;
extern const ol_sm ol_sm_pyref;

static const ol_sm *const machines[] = {
	&ol_sm_heap,
	&ol_sm_pyref,
};

const ol_sm *ol_sm_find(const char *kind)
{
	if (!kind)
		return NULL;
	for (size_t i = 0; i < sizeof machines / sizeof *machines; i++)
		if (!strcmp(machines[i]->kind, kind))
			return machines[i];
	return NULL;
}

size_t ol_sm_count(void)
{
	return sizeof machines / sizeof *machines;
}

const ol_sm *ol_sm_at(size_t i)
{
	return i < ol_sm_count() ? machines[i] : NULL;
}
