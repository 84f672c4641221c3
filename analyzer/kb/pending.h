/*
 * pending.h — the knowledge base, loaded on a thread of its own while the
 * first parse runs (pending.c says why).
 */
#ifndef OL_KB_PENDING_H
#define OL_KB_PENDING_H

#include "kb.h"

#include "../base/strbuf.h"

#include <stddef.h>

typedef struct ol_kb_pending ol_kb_pending;

// Loads a knowledge base: its messages (one line each, for stderr) go to
// `messages`, its errors are counted in `*nerrors`.
typedef ol_kb *(*ol_kb_loader)(void *arg, ol_strbuf *messages,
			       size_t *nerrors);

// Starts `load(arg)` on a thread of its own (in the caller's thread when
// none can be made). `arg` must live until ol_kb_pending_finish().
ol_kb_pending *ol_kb_pending_start(ol_kb_loader load, void *arg);
// The knowledge base, waiting for the load to end; the first caller writes
// its messages to stderr. Any thread may call it, any number of times.
const ol_kb *ol_kb_pending_get(ol_kb_pending *p);
// Waits for the load (its messages written as above, when no one asked
// yet), adds its errors to `*nerrors`, frees `p` and hands over the
// knowledge base.
ol_kb *ol_kb_pending_finish(ol_kb_pending *p, size_t *nerrors);

#endif
