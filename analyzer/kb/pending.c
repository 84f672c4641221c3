/*
 * pending.c — the knowledge base, loaded on a thread of its own while the
 * first parse runs.
 *
 * A run reads its knowledge base before anything uses it: the compiled
 * form (compiled.c) when it is fresh, some 5 ms, else the JSON rules
 * files. Nothing needs it until a parse is done (the lowering and the
 * engine are its users; a file the facts cache answers needs none), and
 * a one-file run's parse is some 120 ms during which the other core
 * waits. So main.c starts the load here and hands the run a pending
 * knowledge base; the first worker that needs it waits for the load to
 * end, which it nearly always has (issue 29: the fixed cost of a run).
 *
 * The load's messages (a rules file that does not load) are kept and
 * written to stderr by whichever thread first asks for the knowledge base,
 * or by ol_kb_pending_finish() when no file needed it: the same lines as a
 * load in place, written later in the run. Its errors count as before:
 * ol_kb_pending_finish() hands them to the run's total.
 */
#include "pending.h"

#include "../base/arena.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

struct ol_kb_pending {
	ol_kb_loader load;
	void *arg;
	ol_kb *kb;
	ol_strbuf messages;
	size_t nerrors;
	pthread_t thread;
	bool threaded;
	pthread_mutex_t lock;
	bool joined;  // (under `lock`) the thread is joined
	bool written; // (under `lock`) the messages were written
};

static void *loader(void *arg)
{
	ol_kb_pending *p = arg;
	p->kb = p->load(p->arg, &p->messages, &p->nerrors);
	return NULL;
}

ol_kb_pending *ol_kb_pending_start(ol_kb_loader load, void *arg)
{
	ol_kb_pending *p = ol_xcalloc(1, sizeof *p);
	p->load = load;
	p->arg = arg;
	ol_strbuf_init(&p->messages);
	pthread_mutex_init(&p->lock, NULL);
	p->threaded = pthread_create(&p->thread, NULL, loader, p) == 0;
	if (!p->threaded) {
		loader(p);
		p->joined = true;
	}
	return p;
}

const ol_kb *ol_kb_pending_get(ol_kb_pending *p)
{
	pthread_mutex_lock(&p->lock);
	if (!p->joined) {
		pthread_join(p->thread, NULL);
		p->joined = true;
	}
	if (!p->written) {
		p->written = true;
		fputs(ol_strbuf_str(&p->messages), stderr);
	}
	pthread_mutex_unlock(&p->lock);
	return p->kb;
}

ol_kb *ol_kb_pending_finish(ol_kb_pending *p, size_t *nerrors)
{
	ol_kb_pending_get(p);
	ol_kb *kb = p->kb;
	*nerrors += p->nerrors;
	ol_strbuf_free(&p->messages);
	pthread_mutex_destroy(&p->lock);
	free(p);
	return kb;
}
