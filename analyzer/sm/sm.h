/*
 * sm.h — one state machine per resource kind (STYLE.md §3.7).
 *
 * The engine (engine/explore.c) owns the generic life cycle every kind
 * shares and takes the effects of calls from the knowledge base:
 *
 *                 acquire (KB ret/out-param)
 *     (untracked) --------------------------> owned
 *     owned    --release (KB arg effect)-->   released
 *     owned    --stored into non-local / handed to unknown code-->  escaped
 *     released --release-->  [MOJO-OWN-104]    released --use--> [MOJO-OWN-103]
 *     owned    --path ends / last handle lost--> [MOJO-OWN-101 / 105]
 *
 * A kind's state machine says what differs: how its resources are named in
 * messages and how it treats a handle passed to a function the knowledge
 * base does not know.
 */
#ifndef OL_SM_H
#define OL_SM_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ol_sm {
	const char *kind; // the resource kind as written in rules files
	const char *noun; // "heap memory", "new reference", ...
	// An unknown callee receiving a handle may keep it (a container's
	// append); stop tracking rather than risk a false leak.
	bool escape_on_unknown_call;
	// Releasing the same handle again is a no-op: PyBuffer_Release sets
	// view->obj = NULL. A copy of the handle released too is MOJO-OWN-104.
	bool rerelease_noop;
} ol_sm;

// Returns the state machine for `kind`, or NULL when the kind has none.
const ol_sm *ol_sm_find(const char *kind);
// All registered state machines, for iteration (index = kind id).
size_t ol_sm_count(void);
const ol_sm *ol_sm_at(size_t i);

#endif
