/*
 * heap.c — the `heap` kind: malloc family, PyMem_*, PyObject_Malloc.
 *
 *   (untracked) --malloc/calloc/strdup/PyMem_Malloc...--> owned (maybe NULL)
 *   owned --if (p == NULL)--> null (nothing to release on that path)
 *   owned --free/PyMem_Free/...--> released
 *   owned --realloc(p) succeeds--> released (the new block is owned)
 *   owned --released with a function of another family--> [MOJO-OWN-111]
 *   released --free--> [MOJO-OWN-104];  released --*p, f(p)--> [MOJO-OWN-103]
 *   owned --return NULL/-1--> [MOJO-OWN-105];  --other exit--> [MOJO-OWN-101]
 *
 * Which function acquires and which releases is data (rules/heap.json).
 * A heap pointer handed to a function the knowledge base does not know may
 * be kept by it (a list append, a struct constructor): tracking stops.
 * A block the function owns is its own memory: what it stores there (a
 * vectorcall argument array too big for the stack) stays its to manage.
 */
#include "sm.h"

const ol_sm ol_sm_heap = {
	.kind = "heap",
	.noun = "heap memory",
	.escape_on_unknown_call = true,
	.owned_memory_is_local = true,
};
