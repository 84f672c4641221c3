/*
 * run.c — worker threads over the list of inputs.
 *
 * Workers take inputs from a shared counter (a mutex; a TU costs
 * milliseconds, the lock nanoseconds), so a slow file does not hold up the
 * others. Each TU writes into its own sink, which nobody else touches
 * until the workers are joined; merging them in input order and sorting
 * afterwards is what makes -j N print exactly what -j 1 prints.
 *
 * Workers always run on threads of their own, even with -j 1: the main
 * thread's stack (8 MiB by default) is too small for deeply nested code.
 */
#include "run.h"

#include "diag/group.h"
#include "diag/suppress.h"
#include "frontend/crash.h"
#include "ol.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct slot {
	ol_diag_sink *sink;
	ol_strbuf dump;
	ol_tu_result res;
	ol_graph *graph; // this TU's part of the ownership graph, or NULL
} slot;

typedef struct shared {
	const ol_inputs *in;
	const ol_run_opts *o;
	slot *slots;
	size_t next;
	pthread_mutex_t lock;
} shared;

unsigned ol_run_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

static void *worker(void *payload)
{
	shared *sh = payload;
	ol_tu_worker *w;

	ol_crash_thread_begin();
	w = ol_tu_worker_new();
	for (;;) {
		pthread_mutex_lock(&sh->lock);
		size_t i = sh->next++;
		pthread_mutex_unlock(&sh->lock);
		if (i >= sh->in->v.len)
			break;
		slot *s = &sh->slots[i];
		const ol_input *in = &sh->in->v.items[i];
		ol_crash_enter(in->path);
		ol_tu_analyze(&s->res, w, in, &sh->o->tu, s->sink, &s->dump,
			      s->graph);
		ol_crash_leave();
	}
	ol_tu_worker_free(w);
	ol_crash_thread_end();
	return NULL;
}

int ol_run(ol_run_stats *out, const ol_inputs *in, const ol_run_opts *o,
	   ol_diag_sink *sink, ol_strbuf *dump)
{
	size_t n = in->v.len;
	unsigned jobs = o->jobs ? o->jobs : 1;
	shared sh = { .in = in, .o = o };
	pthread_t *threads;
	pthread_attr_t attr;
	unsigned started = 0;

	// The ownership graph is built when a check needs it or it is
	// dumped; never with --dump-cfg (nothing is analyzed then).
	bool graph = !o->tu.ndump &&
		     (o->dump_graph ||
		      ol_diag_sink_enabled(sink, OL_CHECK_OWN_CYCLE) ||
		      ol_diag_sink_enabled(sink, OL_CHECK_OWN_TEARDOWN));
	ol_graph *whole = graph ? ol_graph_new() : NULL;

	memset(out, 0, sizeof *out);
	out->files = n;
	sh.slots = ol_xcalloc(n ? n : 1, sizeof(slot));
	for (size_t i = 0; i < n; i++) {
		sh.slots[i].graph = graph ? ol_graph_new() : NULL;
		sh.slots[i].sink = ol_diag_sink_new();
		// --checks, else the checks of the file's configuration.
		const char *checks = o->checks ? o->checks
				   : in->v.items[i].cfg_checks;
		if (checks)
			ol_diag_sink_set_checks(sh.slots[i].sink, checks);
		ol_strbuf_init(&sh.slots[i].dump);
	}
	pthread_mutex_init(&sh.lock, NULL);

	if (jobs > n)
		jobs = n ? (unsigned)n : 1;
	threads = ol_xcalloc(jobs, sizeof(pthread_t));
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, OL_RUN_STACK_SIZE);
	for (unsigned t = 0; t < jobs && n; t++) {
		if (pthread_create(&threads[t], &attr, worker, &sh) != 0)
			break; // fewer workers; the others share the work
		started++;
	}
	pthread_attr_destroy(&attr);
	if (started == 0 && n)
		worker(&sh); // no thread at all: do it here
	for (unsigned t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	free(threads);
	pthread_mutex_destroy(&sh.lock);

	for (size_t i = 0; i < n; i++) {
		slot *s = &sh.slots[i];
		if (s->res.analyzed && s->res.partial)
			out->partial++;
		else if (s->res.analyzed)
			out->analyzed++;
		else if (s->res.generated)
			out->generated++;
		else
			out->failed++;
		out->funcs += s->res.nfuncs;
		ol_diag_sink_merge(sink, s->sink);
		ol_diag_sink_free(s->sink);
		if (dump)
			ol_strbuf_add(dump, ol_strbuf_str(&s->dump));
		ol_strbuf_free(&s->dump);
		if (whole)
			ol_graph_merge(whole, s->graph, (unsigned)i);
		ol_graph_free(s->graph);
	}
	free(sh.slots);
	if (whole) {
		ol_graph_check(whole, sink);
		if (o->dump_graph && dump)
			ol_graph_dump(dump, whole, o->graph_format);
		ol_graph_free(whole);
	}

	ol_diag_sink_finish(sink);
	// NOLINT comments: the inputs are scanned too, so a bad
	// comment is reported even in a file without findings.
	const char **paths = ol_xcalloc(n ? n : 1, sizeof(*paths));
	for (size_t i = 0; i < n; i++)
		paths[i] = in->v.items[i].path;
	ol_suppress_apply(sink, paths, n);
	free(paths);
	// One finding per bug (diag/group.h), after NOLINT: a suppressed
	// site stays on its own.
	ol_diag_group(sink, o->group);
	for (size_t i = 0; i < ol_diag_sink_count(sink); i++) {
		const ol_diag *d = ol_diag_sink_get(sink, i);
		if (d->suppressed)
			out->suppressed++;
		else if (d->level >= OL_LEVEL_WARNING)
			out->findings++;
	}
	return 0;
}

void ol_run_print_notices(FILE *f, const ol_diag_sink *s)
{
	for (size_t i = 0; i < ol_diag_sink_notice_count(s); i++) {
		const ol_notice *n = ol_diag_sink_notice_get(s, i);
		const char *lvl = ol_level_name(n->level);

		if (n->loc.file && n->loc.line && n->loc.col)
			fprintf(f, "%s:%u:%u: %s: %s [%s]\n", n->loc.file,
				n->loc.line, n->loc.col, lvl, n->msg, n->kind);
		else if (n->loc.file && n->loc.line)
			fprintf(f, "%s:%u: %s: %s [%s]\n", n->loc.file,
				n->loc.line, lvl, n->msg, n->kind);
		else
			fprintf(f, "mojo-ownlint: %s: %s [%s]\n", lvl, n->msg,
				n->kind);
	}
}
