/*
 * run.c — worker threads over the list of inputs, in rounds.
 *
 * The first round parses every file, lowers its functions and analyzes
 * them with what the file itself says (its summaries, the knowledge base).
 * Each file exports the contracts of the functions it defines and the
 * registrations of its tables (engine/contracts.h). Later rounds run the
 * engine again, on the CFGs kept from the first round (no second parse),
 * for the files whose callees got a contract from another file or whose
 * functions another file registers, until nothing changes or
 * OL_RUN_ROUNDS rounds ran. A file's findings are those of its last
 * round.
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

#include "diag/suppress.h"
#include "engine/contracts.h"
#include "ol.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct slot {
	ol_diag_sink *sink;     // the frontend's notices
	ol_diag_sink *findings; // the engine's, replaced by later rounds
	ol_strbuf dump;
	ol_tu_result res;
	ol_graph *graph;   // this TU's owners and call graph, or NULL
	ol_graph *facts;   // the engine's owner facts (replaced), or NULL
	ol_contracts *exports; // the TU's contracts (replaced)
	ol_contracts *tables;  // the registrations of its tables
	ol_tu_unit *unit;  // its CFGs, kept for later rounds, or NULL
	uint64_t sig;      // what the contracts said of it when it last ran
	bool redo;         // analyze again in this round
} slot;

typedef struct shared {
	const ol_inputs *in;
	const ol_run_opts *o;
	slot *slots;
	size_t next;
	pthread_mutex_t lock;
	// Later rounds: the run's merged contracts (read only while the
	// workers run).
	const ol_contracts *all;
	bool again;
	size_t kept_bytes; // memory the kept units hold
} shared;

unsigned ol_run_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

static ol_diag_sink *new_sink(const ol_run_opts *o)
{
	ol_diag_sink *s = ol_diag_sink_new();
	if (o->checks)
		ol_diag_sink_set_checks(s, o->checks);
	return s;
}

// A later round: the engine again, with the other files' contracts.
static void later_round(shared *sh, size_t i)
{
	slot *s = &sh->slots[i];
	ol_diag_sink_free(s->findings);
	s->findings = new_sink(sh->o);
	if (s->facts) {
		ol_graph_free(s->facts);
		s->facts = ol_graph_new();
	}
	ol_contracts_free(s->exports);
	s->exports = ol_contracts_new();
	ol_tu_out out = {
		.sink = s->sink, .findings = s->findings,
		.facts = s->facts, .exports = s->exports,
	};
	ol_tu_reanalyze(s->unit, &sh->o->tu, sh->all, (unsigned)i, &out);
}

static void *worker(void *payload)
{
	shared *sh = payload;
	ol_tu_worker *w = sh->again ? NULL : ol_tu_worker_new();

	for (;;) {
		pthread_mutex_lock(&sh->lock);
		size_t i = sh->next++;
		pthread_mutex_unlock(&sh->lock);
		if (i >= sh->in->v.len)
			break;
		slot *s = &sh->slots[i];
		if (sh->again) {
			if (s->redo)
				later_round(sh, i);
			continue;
		}
		ol_tu_out out = {
			.sink = s->sink, .findings = s->findings,
			.dump = &s->dump, .graph = s->graph, .facts = s->facts,
			.exports = s->exports, .tables = s->tables,
			.keep = sh->o->cross_file ? &s->unit : NULL,
		};
		ol_tu_analyze(&s->res, w, &sh->in->v.items[i], &sh->o->tu,
			      NULL, &out);
		// Past the memory set aside for them, units are not kept: their
		// files keep the findings of the first round.
		pthread_mutex_lock(&sh->lock);
		sh->kept_bytes += ol_tu_unit_bytes(s->unit);
		if (sh->kept_bytes > OL_RUN_KEPT_BYTES) {
			sh->kept_bytes -= ol_tu_unit_bytes(s->unit);
			ol_tu_unit_free(s->unit);
			s->unit = NULL;
		}
		pthread_mutex_unlock(&sh->lock);
	}
	ol_tu_worker_free(w);
	return NULL;
}

// Runs `worker` over every input on `jobs` threads.
static void run_workers(shared *sh, unsigned jobs)
{
	size_t n = sh->in->v.len;
	pthread_attr_t attr;
	unsigned started = 0;

	sh->next = 0;
	if (jobs > n)
		jobs = n ? (unsigned)n : 1;
	pthread_t *threads = ol_xcalloc(jobs, sizeof(pthread_t));
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, OL_RUN_STACK_SIZE);
	for (unsigned t = 0; t < jobs && n; t++) {
		if (pthread_create(&threads[t], &attr, worker, sh) != 0)
			break; // fewer workers; the others share the work
		started++;
	}
	pthread_attr_destroy(&attr);
	if (started == 0 && n)
		worker(sh); // no thread at all: do it here
	for (unsigned t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	free(threads);
}

// The run's contracts: every file's, merged in input order.
static ol_contracts *merge_contracts(const shared *sh)
{
	ol_contracts *all = ol_contracts_new();
	for (size_t i = 0; i < sh->in->v.len; i++) {
		ol_contracts_merge(all, sh->slots[i].exports, (unsigned)i);
		ol_contracts_merge(all, sh->slots[i].tables, (unsigned)i);
	}
	for (size_t i = 0; i < sh->in->v.len; i++) {
		const ol_tu_unit *u = sh->slots[i].unit;
		for (size_t k = 0; u && k < ol_tu_unit_ncallees(u); k++)
			ol_contracts_add_call(all, ol_tu_unit_callee(u, k),
					      (unsigned)i);
	}
	return all;
}

// Later rounds (SPEC §9): a file calling functions other files define, or
// defining functions other files' tables register, is analyzed again with
// their contracts; the callers of contracts that changed, again, for at
// most OL_RUN_ROUNDS rounds in all. Returns the final merged contracts.
static ol_contracts *later_rounds(shared *sh, unsigned jobs)
{
	size_t n = sh->in->v.len;
	ol_contracts *all = merge_contracts(sh);
	for (size_t i = 0; i < n; i++)
		if (sh->slots[i].unit)
			sh->slots[i].sig = ol_tu_unit_signature(
				sh->slots[i].unit, NULL, (unsigned)i);
	for (unsigned round = 2; round <= OL_RUN_ROUNDS; round++) {
		size_t redo = 0;
		for (size_t i = 0; i < n; i++) {
			slot *s = &sh->slots[i];
			s->redo = false;
			if (!s->unit)
				continue;
			uint64_t sig = ol_tu_unit_signature(s->unit, all,
							    (unsigned)i);
			if (sig != s->sig) {
				s->sig = sig;
				s->redo = true;
				redo++;
			}
		}
		if (!redo)
			break;
		sh->all = all;
		sh->again = true;
		run_workers(sh, jobs);
		sh->again = false;
		sh->all = NULL;
		ol_contracts_free(all);
		all = merge_contracts(sh);
	}
	return all;
}

int ol_run(ol_run_stats *out, const ol_inputs *in, const ol_run_opts *o,
	   ol_diag_sink *sink, ol_strbuf *dump)
{
	size_t n = in->v.len;
	unsigned jobs = o->jobs ? o->jobs : 1;
	shared sh = { .in = in, .o = o };

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
		slot *s = &sh.slots[i];
		s->graph = graph ? ol_graph_new() : NULL;
		s->facts = graph ? ol_graph_new() : NULL;
		s->sink = new_sink(o);
		s->findings = new_sink(o);
		s->exports = ol_contracts_new();
		s->tables = ol_contracts_new();
		ol_strbuf_init(&s->dump);
	}
	pthread_mutex_init(&sh.lock, NULL);

	run_workers(&sh, jobs);
	ol_contracts *all = o->tu.ndump ? merge_contracts(&sh)
					: later_rounds(&sh, jobs);
	pthread_mutex_destroy(&sh.lock);

	for (size_t i = 0; i < n; i++) {
		slot *s = &sh.slots[i];
		if (s->res.analyzed)
			out->analyzed++;
		else if (s->res.generated)
			out->generated++;
		else
			out->failed++;
		out->funcs += s->res.nfuncs;
		ol_diag_sink_merge(sink, s->sink);
		ol_diag_sink_free(s->sink);
		ol_diag_sink_merge(sink, s->findings);
		ol_diag_sink_free(s->findings);
		if (dump)
			ol_strbuf_add(dump, ol_strbuf_str(&s->dump));
		ol_strbuf_free(&s->dump);
		if (whole) {
			ol_graph_merge(whole, s->graph, (unsigned)i);
			ol_graph_merge(whole, s->facts, (unsigned)i);
		}
		ol_graph_free(s->graph);
		ol_graph_free(s->facts);
		ol_contracts_free(s->exports);
		ol_contracts_free(s->tables);
		ol_tu_unit_free(s->unit);
	}
	free(sh.slots);
	if (o->dump_contracts && dump)
		ol_contracts_dump_json(all, dump);
	if (o->rules_out)
		ol_contracts_write_rules(all, o->rules_out);
	ol_contracts_free(all);
	if (whole) {
		ol_graph_check(whole, sink);
		if (o->dump_graph && dump)
			ol_graph_dump(dump, whole, o->graph_format);
		ol_graph_free(whole);
	}

	ol_diag_sink_finish(sink);
	// NOLINT comments (SPEC.md §6): the inputs are scanned too, so a bad
	// comment is reported even in a file without findings.
	const char **paths = ol_xcalloc(n ? n : 1, sizeof(*paths));
	for (size_t i = 0; i < n; i++)
		paths[i] = in->v.items[i].path;
	ol_suppress_apply(sink, paths, n);
	free(paths);
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
