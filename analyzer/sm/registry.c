/*
 * registry.c — the list of state machines. Adding a kind with behaviour of
 * its own is one line here (and its index in sm.h's ol_sm_builtin) plus its
 * sm/<kind>.c file; a kind that only a rules file names (a user kind such as
 * `mojo_tensor`) gets a generic machine on first use: no hooks, the
 * engine's life cycle alone.
 */
#include "sm.h"
#include "../base/arena.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern const ol_sm ol_sm_buffer;
extern const ol_sm ol_sm_capsule;
extern const ol_sm ol_sm_cuda;
extern const ol_sm ol_sm_dlpack;
extern const ol_sm ol_sm_gil;
extern const ol_sm ol_sm_heap;
extern const ol_sm ol_sm_pyref;
extern const ol_sm ol_sm_tss;

// A built-in kind's index is its ol_sm_builtin value.
static const ol_sm *const builtin[] = {
	[OL_SM_HEAP] = &ol_sm_heap,     [OL_SM_PYREF] = &ol_sm_pyref,
	[OL_SM_BUFFER] = &ol_sm_buffer, [OL_SM_GIL] = &ol_sm_gil,
	[OL_SM_TSS] = &ol_sm_tss,       [OL_SM_CUDA] = &ol_sm_cuda,
	[OL_SM_CAPSULE] = &ol_sm_capsule, [OL_SM_DLPACK] = &ol_sm_dlpack,
};
#define NBUILTIN (sizeof builtin / sizeof *builtin)
_Static_assert(NBUILTIN == OL_SM__NBUILTIN, "one machine per built-in kind");

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
