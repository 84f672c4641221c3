/*
 * registry.c — the list of state machines. Adding a kind with its own
 * messages is one line here plus its sm/<kind>.c file; a kind that only a
 * rules file names (a user kind such as `mojo_tensor`) gets a generic
 * machine on first use.
 */
#include "sm.h"
#include "../base/arena.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern const ol_sm ol_sm_buffer;
extern const ol_sm ol_sm_cuda;
extern const ol_sm ol_sm_gil;
extern const ol_sm ol_sm_heap;
extern const ol_sm ol_sm_pyref;
extern const ol_sm ol_sm_tss;

static const ol_sm *const builtin[] = {
	&ol_sm_heap, &ol_sm_pyref, &ol_sm_buffer,
	&ol_sm_gil,  &ol_sm_tss,   &ol_sm_cuda,
};
#define NBUILTIN (sizeof builtin / sizeof *builtin)

// User kinds: created once, never freed (a handful per run).
#define MAX_USER_KINDS 64
static ol_sm user_kinds[MAX_USER_KINDS];
static size_t nuser;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const ol_sm *ol_sm_find(const char *kind)
{
	if (!kind)
		return NULL;
	for (size_t i = 0; i < NBUILTIN; i++)
		if (!strcmp(builtin[i]->kind, kind))
			return builtin[i];
	const ol_sm *found = NULL;
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nuser && !found; i++)
		if (!strcmp(user_kinds[i].kind, kind))
			found = &user_kinds[i];
	if (!found && nuser < MAX_USER_KINDS) {
		ol_sm *m = &user_kinds[nuser];
		m->kind = ol_xstrdup(kind);
		size_t n = strlen(kind) + sizeof " resource";
		char *noun = ol_xmalloc(n);
		snprintf(noun, n, "%s resource", kind);
		m->noun = noun;
		m->escape_on_unknown_call = false;
		found = m;
		nuser++; // published after it is complete
	}
	pthread_mutex_unlock(&lock);
	return found;
}

size_t ol_sm_count(void)
{
	pthread_mutex_lock(&lock);
	size_t n = NBUILTIN + nuser;
	pthread_mutex_unlock(&lock);
	return n;
}

const ol_sm *ol_sm_at(size_t i)
{
	if (i < NBUILTIN)
		return builtin[i];
	pthread_mutex_lock(&lock);
	const ol_sm *m = i - NBUILTIN < nuser ? &user_kinds[i - NBUILTIN]
					      : NULL;
	pthread_mutex_unlock(&lock);
	return m;
}
