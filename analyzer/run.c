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
 *
 * Memory: the first round keeps every file's CFGs for the later rounds, so
 * what the process holds grows as it goes, and the peak is the largest
 * parse on top of all that. The first round therefore takes the largest
 * files first (input_order(), by the size of the file and of the headers
 * next to it that it includes: their parse meets an almost empty heap;
 * large to small is also the order that balances -j N best), and before
 * each parse but a worker's first hands the memory that libclang freed
 * back to the system (release_freed(): not after each parse, which costs
 * a run of one file, or an edit loop served by the cache but for one
 * file, some 20 ms for nothing). The order of the work changes nothing else: every
 * result lands in its input's slot. A worker's heap grows in large steps
 * (ol_run_grow_heaps_in_large_steps()): glibc grows a thread's heap by the page
 * otherwise, one mprotect() per step (some 1,400 for one parse of
 * CPython's `_json.c`, 28 with the setting), and gives back its top at
 * once on a large free, to fault it in again moments later. main.c sets
 * it before any thread starts: the thread that loads the knowledge base
 * makes a heap, which a worker may take over when it ends.
 *
 * The cache (cache.h): a file's entry is written by the worker that
 * finished its first round, so a run killed part way keeps the files it
 * did; the files a later round analyzed again are written again at the
 * end, once the rounds have settled (cache.c says why this gives a rerun
 * the uninterrupted run's report). Then the cache is pruned to its cap.
 */
#include "run.h"

#include "base/serial.h"
#include "base/strmap.h"
#include "base/strbuf.h"
#include "diag/group.h"
#include "diag/suppress.h"
#include "engine/contracts.h"
#include "frontend/args.h"
#include "frontend/crash.h"
#include "frontend/pch.h"
#include "ol.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

typedef ol_tu_paths name_vec; // malloc'd strings

typedef struct slot {
	ol_diag_sink *sink;     // the frontend's notices
	ol_diag_sink *findings; // the engine's, replaced by later rounds
	ol_strbuf dump;
	ol_tu_result res;
	ol_graph *graph;   // this TU's owners and call graph, or NULL
	ol_graph *facts;   // the engine's owner facts (replaced), or NULL
	// The two as a cache entry or a shard's facts gave them, not decoded
	// yet (malloc'd, or NULL): only the whole-program check reads them,
	// and a run whose graphs are all as before takes that check's
	// findings from the cache instead (whole_check_key()).
	char *graph_text;
	size_t graph_len;
	ol_contracts *exports; // the TU's contracts (replaced)
	ol_contracts *tables;  // the registrations of its tables
	ol_tu_unit *unit;  // its CFGs, kept for later rounds, or NULL
	name_vec callees;  // functions it calls and does not define
	name_vec exported; // functions it defines with external linkage
	ol_tu_paths includes; // files it read (the cache checks them)
	uint64_t sig;      // what the contracts said of it when it last ran
	uint64_t key;      // its cache key, when `keyed`
	bool keyed;
	bool cached;       // restored from the cache, not analyzed
	bool restored;     // merge: restored from a shard's facts
	bool analyzed_now; // parsed or analyzed by this run
	bool redo;         // analyze again in this round
	bool stored;       // its cache entry holds what it holds now
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
	size_t *order;     // the first round's order of the inputs
	// A file suspected of going over its memory in an earlier execution
	// (base/limits.h) runs alone: it holds `alone` for writing, the
	// others for reading. Only when there are suspects.
	bool suspects;
	pthread_rwlock_t alone;
} shared;

unsigned ol_run_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

// A sink for input `in`'s results: --checks, else the checks of the
// file's configuration.
static ol_diag_sink *new_sink(const ol_run_opts *o, const ol_input *in)
{
	ol_diag_sink *s = ol_diag_sink_new();
	const char *checks = o->checks ? o->checks : in->cfg_checks;
	if (checks)
		ol_diag_sink_set_checks(s, checks);
	return s;
}

static void free_names(name_vec *v)
{
	for (size_t i = 0; i < v->len; i++)
		free(v->items[i]);
	OL_VEC_FREE(v);
}

// Frees what a slot holds (its dump aside).
static void slot_free(slot *s)
{
	ol_diag_sink_free(s->sink);
	ol_diag_sink_free(s->findings);
	ol_graph_free(s->graph);
	ol_graph_free(s->facts);
	ol_contracts_free(s->exports);
	ol_contracts_free(s->tables);
	ol_tu_unit_free(s->unit);
	free_names(&s->callees);
	free_names(&s->exported);
	free_names(&s->includes);
	free(s->graph_text);
	s->graph_text = NULL;
	s->graph_len = 0;
}

// Empties a slot's outputs and makes fresh ones (a miss after a damaged
// entry, or a cached file analyzed again).
static void slot_reset(const shared *sh, slot *s)
{
	bool graph = s->graph != NULL;
	const ol_input *in = &sh->in->v.items[s - sh->slots];
	slot_free(s);
	s->sink = new_sink(sh->o, in);
	s->findings = new_sink(sh->o, in);
	s->graph = graph ? ol_graph_new() : NULL;
	s->facts = graph ? ol_graph_new() : NULL;
	s->exports = ol_contracts_new();
	s->tables = ol_contracts_new();
	s->unit = NULL;
	s->cached = false;
	memset(&s->res, 0, sizeof s->res);
}

/* --- the cache's entries (cache.h) ----------------------------------- */

static void write_names(ol_strbuf *b, const name_vec *v)
{
	ol_ser_int(b, (long long)v->len);
	for (size_t i = 0; i < v->len; i++)
		ol_ser_str(b, v->items[i]);
}

static void read_names(ol_deser *r, name_vec *v)
{
	size_t n = ol_deser_count(r, (size_t)1 << 22);
	for (size_t i = 0; i < n && !r->bad; i++) {
		char *s = ol_deser_str(r);
		if (!s)
			r->bad = true;
		else
			OL_VEC_PUSH(v, s);
	}
}

// A slot's graphs as their records: the text it was given, else written.
static void graph_text(const slot *s, ol_strbuf *b)
{
	if (s->graph_text) {
		ol_strbuf_addn(b, s->graph_text, s->graph_len);
		return;
	}
	ol_graph_write(s->graph, b);
	ol_graph_write(s->facts, b);
}

// Decodes the graphs a slot was given as text; false when the text is
// damaged (the graphs then hold what was read of it).
static bool graph_decode(slot *s)
{
	if (!s->graph_text)
		return true;
	ol_deser r;
	ol_deser_init(&r, s->graph_text, s->graph_len);
	ol_graph_read(s->graph, &r);
	ol_graph_read(s->facts, &r);
	bool ok = !r.bad && r.p == r.end;
	free(s->graph_text);
	s->graph_text = NULL;
	s->graph_len = 0;
	return ok;
}

static void entry_write(const slot *s, ol_strbuf *b)
{
	ol_ser_int(b, s->res.analyzed);
	ol_ser_int(b, s->res.partial);
	ol_ser_int(b, s->res.had_errors);
	ol_ser_int(b, s->res.generated);
	ol_ser_int(b, (long long)s->res.nfuncs);
	ol_ser_int(b, (long long)s->sig);
	write_names(b, &s->callees);
	write_names(b, &s->exported);
	ol_diag_sink_write(s->sink, b);
	ol_diag_sink_write(s->findings, b);
	ol_ser_int(b, s->graph != NULL);
	if (s->graph) {
		ol_strbuf g;
		ol_strbuf_init(&g);
		graph_text(s, &g);
		ol_ser_bytes(b, ol_strbuf_str(&g), g.len);
		ol_strbuf_free(&g);
	}
	ol_contracts_write(s->exports, b);
	ol_contracts_write(s->tables, b);
}

// Restores a slot from an entry's body; false when it is damaged (the
// slot then holds a partial state to reset).
static bool entry_read(slot *s, const ol_strbuf *body)
{
	ol_deser r;
	ol_deser_init(&r, ol_strbuf_str(body), body->len);
	s->res.analyzed = ol_deser_int(&r) != 0;
	s->res.partial = ol_deser_int(&r) != 0;
	s->res.had_errors = ol_deser_int(&r) != 0;
	s->res.generated = ol_deser_int(&r) != 0;
	s->res.nfuncs = ol_deser_count(&r, (size_t)1 << 30);
	s->sig = (uint64_t)ol_deser_int(&r);
	read_names(&r, &s->callees);
	read_names(&r, &s->exported);
	ol_diag_sink_read(s->sink, &r);
	ol_diag_sink_read(s->findings, &r);
	bool graph = ol_deser_int(&r) != 0;
	if (graph != (s->graph != NULL))
		r.bad = true; // cached with another set of checks
	if (graph && !r.bad) {
		size_t n = 0;
		const char *g = ol_deser_bytes(&r, &n);
		if (g) {
			free(s->graph_text);
			s->graph_text = ol_xmalloc(n + 1);
			memcpy(s->graph_text, g, n);
			s->graph_len = n;
		}
	}
	ol_contracts_read(s->exports, &r);
	ol_contracts_read(s->tables, &r);
	return !r.bad && r.p == r.end;
}

// Takes the names a unit keeps into the slot (so they outlive it).
static void copy_names(slot *s)
{
	for (size_t k = 0; s->unit && k < ol_tu_unit_ncallees(s->unit); k++)
		OL_VEC_PUSH(&s->callees,
			    ol_xstrdup(ol_tu_unit_callee(s->unit, k)));
	for (size_t k = 0; s->unit && k < ol_tu_unit_nexported(s->unit); k++)
		OL_VEC_PUSH(&s->exported,
			    ol_xstrdup(ol_tu_unit_exported(s->unit, k)));
}

static uint64_t signature(const slot *s, const ol_contracts *all, size_t i)
{
	return ol_contracts_signature(all, (const char *const *)s->callees.items,
				      s->callees.len,
				      (const char *const *)s->exported.items,
				      s->exported.len, (unsigned)i);
}

// Writes the cache entry of a file this run analyzed (not of a crash: it
// is this run's, not the file's).
static void store_entry(const shared *sh, slot *s)
{
	if (!s->keyed || !s->analyzed_now || s->res.crashed)
		return;
	ol_strbuf body;
	ol_strbuf_init(&body);
	entry_write(s, &body);
	ol_cache_store(sh->o->cache, s->key,
		       (const char *const *)s->includes.items, s->includes.len,
		       &body);
	ol_strbuf_free(&body);
	s->stored = true;
}

/* --- rounds ----------------------------------------------------------- */

// Parses and analyzes input `i` (with `contracts`, NULL in the first
// round), keeping its CFGs for later rounds while memory allows.
static void analyze_file(shared *sh, ol_tu_worker *w, size_t i,
			 const ol_contracts *contracts)
{
	slot *s = &sh->slots[i];
	ol_tu_out out = {
		.sink = s->sink, .findings = s->findings, .dump = &s->dump,
		.graph = s->graph, .facts = s->facts,
		.exports = s->exports, .tables = s->tables,
		.keep = sh->o->cross_file ? &s->unit : NULL,
		// (what it read: only a cache entry or a shard's facts keep it)
		.includes = sh->o->cache || sh->o->facts_out ? &s->includes
							   : NULL,
	};
	const ol_input *in = &sh->in->v.items[i];
	ol_crash_enter(in->path);
	ol_limits_enter(in->path);
	ol_tu_analyze(&s->res, w, in, &sh->o->tu, contracts, &out);
	ol_limits_leave();
	ol_crash_leave();
	s->analyzed_now = true;
	copy_names(s);
	// Past the memory set aside for them, units are not kept: their
	// files keep the findings of the round that parsed them.
	pthread_mutex_lock(&sh->lock);
	sh->kept_bytes += ol_tu_unit_bytes(s->unit);
	if (sh->kept_bytes > OL_RUN_KEPT_BYTES) {
		sh->kept_bytes -= ol_tu_unit_bytes(s->unit);
		ol_tu_unit_free(s->unit);
		s->unit = NULL;
	}
	pthread_mutex_unlock(&sh->lock);
}

// Hands the heap's free pages back to the system (glibc keeps them, and
// a parse frees tens of megabytes in pieces).
static void release_freed(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

// The first round for input `i`: from the cache when it has the file's
// entry, else parsed and analyzed. `parsed`: whether this worker parsed
// a file before (then the memory it freed is released first).
static void first_round(shared *sh, ol_tu_worker *w, size_t i, bool *parsed)
{
	slot *s = &sh->slots[i];
	ol_cache *cache = sh->o->cache;
	const ol_strbuf *facts = sh->o->restore
		? ol_shard_facts_body(sh->o->restore, i) : NULL;
	if (facts) {
		// Like a cache entry: its findings go with the signature the
		// shard gave it, so a later round redoes it only when the
		// whole run's contracts give another.
		if (entry_read(s, facts)) {
			s->cached = s->restored = true;
			return;
		}
		slot_reset(sh, s); // (the shard's checksum held: not seen)
	}
	if (cache && !sh->o->tu.ndump &&
	    ol_cache_key(cache, &sh->in->v.items[i], sh->o->tu.extra_args,
			 sh->o->tu.nextra, &s->key)) {
		s->keyed = true;
		ol_strbuf body;
		ol_strbuf_init(&body);
		if (ol_cache_load(cache, s->key, &body)) {
			if (entry_read(s, &body)) {
				s->cached = true;
				ol_strbuf_free(&body);
				return;
			}
			ol_cache_corrupt(cache, s->key);
			slot_reset(sh, s);
		}
		ol_strbuf_free(&body);
	}
	if (*parsed)
		release_freed();
	*parsed = true;
	analyze_file(sh, w, i, NULL);
	// What the file alone says of its callees (later rounds compare the
	// whole run's contracts with it); its entry, now.
	s->sig = signature(s, NULL, i);
	store_entry(sh, s);
}

// A later round for input `i`: the engine again on its kept CFGs, with
// the other files' contracts; a file restored from the cache is parsed.
static void later_round(shared *sh, ol_tu_worker **w, size_t i)
{
	slot *s = &sh->slots[i];
	s->stored = false; // (its entry is written at the end of the run)
	if (!s->unit) {
		// Parsed as in the first round, then analyzed again on the
		// unit as a kept file is: ol_tu_analyze() with contracts
		// would not mark the functions other files call or register
		// (ol_tu_reanalyze does), and the findings would differ from
		// a run that kept the unit.
		slot_reset(sh, s);
		if (!*w)
			*w = ol_tu_worker_new();
		analyze_file(sh, *w, i, NULL);
		if (!s->unit)
			return; // not kept (memory): its first-round findings
	}
	ol_diag_sink_free(s->findings);
	s->findings = new_sink(sh->o, &sh->in->v.items[i]);
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
	ol_crash_enter(sh->in->v.items[i].path);
	ol_limits_enter(sh->in->v.items[i].path);
	ol_tu_reanalyze(s->unit, &sh->o->tu, sh->all, (unsigned)i, &out);
	ol_limits_leave();
	ol_crash_leave();
	s->analyzed_now = true;
}

static void *worker(void *payload)
{
	shared *sh = payload;
	ol_tu_worker *w;
	bool parsed = false;

	ol_crash_thread_begin();
	w = sh->again ? NULL : ol_tu_worker_new();

	for (;;) {
		pthread_mutex_lock(&sh->lock);
		size_t i = sh->next++;
		pthread_mutex_unlock(&sh->lock);
		if (i >= sh->in->v.len)
			break;
		if (!sh->again && sh->order)
			i = sh->order[i];
		// (a merge round restores every input, analyzes its own)
		if (sh->o->take && !sh->o->take[i] &&
		    (sh->again || !sh->o->restore))
			continue;
		if (sh->again && !sh->slots[i].redo)
			continue;
		const char *path = sh->in->v.items[i].path;
		ol_progress *progress = !sh->o->take || sh->o->take[i]
			? sh->o->progress : NULL;
		if (progress)
			ol_progress_start(progress, path);
		bool alone = sh->suspects && ol_crash_is_suspect(path);
		if (sh->suspects) {
			if (alone)
				pthread_rwlock_wrlock(&sh->alone);
			else
				pthread_rwlock_rdlock(&sh->alone);
		}
		if (!sh->again)
			first_round(sh, w, i, &parsed);
		else
			later_round(sh, &w, i);
		if (sh->suspects)
			pthread_rwlock_unlock(&sh->alone);
		if (progress)
			ol_progress_done(progress, path, sh->again ? 0
					 : ol_diag_sink_count(sh->slots[i].findings));
	}
	ol_tu_worker_free(w);
	ol_crash_thread_end();
	return NULL;
}

// What parsing `path` reads, roughly: its size and that of the files it
// includes by a quoted name found next to it (`#include "unicodename_db.h"`,
// a generated table of megabytes), one level deep.
static off_t source_size(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return 0;
	off_t size = st.st_size;
	FILE *f = fopen(path, "r");
	if (!f)
		return size;
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	char line[1024];
	while (fgets(line, sizeof line, f)) {
		size_t n;
		const char *name = ol_quoted_include(line, &n);
		if (!name || dirlen + n + 1 >= sizeof line)
			continue;
		char inc[1024];
		memcpy(inc, path, dirlen);
		memcpy(inc + dirlen, name, n);
		inc[dirlen + n] = 0;
		if (stat(inc, &st) == 0)
			size += st.st_size;
	}
	fclose(f);
	return size;
}

// The inputs by decreasing source_size() (ties, and files that cannot be
// read, in input order).
typedef struct sized {
	off_t size;
	size_t index;
} sized;

static int by_size_desc(const void *a, const void *b)
{
	const sized *x = a, *y = b;
	if (x->size != y->size)
		return x->size < y->size ? 1 : -1;
	return x->index < y->index ? -1 : x->index > y->index;
}

static size_t *input_order(const ol_inputs *in)
{
	size_t n = in->v.len;
	sized *v = ol_xcalloc(n ? n : 1, sizeof(sized));
	for (size_t i = 0; i < n; i++) {
		v[i].index = i;
		v[i].size = source_size(in->v.items[i].path);
	}
	qsort(v, n, sizeof(sized), by_size_desc);
	size_t *order = ol_xcalloc(n ? n : 1, sizeof(size_t));
	for (size_t i = 0; i < n; i++)
		order[i] = v[i].index;
	free(v);
	return order;
}

// A heap (the main one, and each thread's, made when the thread first
// allocates) grows by this much beyond a request and keeps as much free
// at its top; release_freed() still gives back everything free.
#define HEAP_GROWTH_PAD ((size_t)16 << 20)

void ol_run_grow_heaps_in_large_steps(void)
{
#ifdef __GLIBC__
	mallopt(M_TOP_PAD, (int)HEAP_GROWTH_PAD);
#endif
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
	ol_run_grow_heaps_in_large_steps();
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

// --header-filter (frontend/headers.h): every file that reaches a header
// function analyzes it, each in its own context (the specializations of a
// template it instantiates, the macros in force), and may find something
// else there. A site of a header (its file is not the input's), for one
// rule, reports the finding of the first file in input order that has
// one there; the other files' are dropped (the sink drops exact
// duplicates anyway: these differ in their paths), so that a run reports
// the same whatever the number of workers and whichever got there first.
// `owner`: "file\nline\ncheck" -> input index; `keys` owns the strings.
static void keep_first_header_findings(ol_diag_sink *findings,
				       const char *input, size_t i,
				       ol_strmap *owner, ol_tu_paths *keys)
{
	size_t n = findings ? ol_diag_sink_count(findings) : 0;
	bool *keep = n ? ol_xcalloc(n, sizeof *keep) : NULL;
	bool dropped = false;
	for (size_t k = 0; k < n; k++) {
		const ol_diag *d = ol_diag_sink_get(findings, k);
		keep[k] = true;
		if (!d->loc.file || !strcmp(d->loc.file, input))
			continue;
		ol_strbuf key;
		ol_strbuf_init(&key);
		ol_strbuf_printf(&key, "%s\n%u\n%d", d->loc.file, d->loc.line,
				 (int)d->check);
		size_t first;
		if (ol_strmap_get(owner, ol_strbuf_str(&key), &first)) {
			keep[k] = first == i;
			dropped |= first != i;
			ol_strbuf_free(&key);
		} else {
			char *owned = ol_strbuf_detach(&key);
			OL_VEC_PUSH(keys, owned);
			ol_strmap_add(owner, owned, i);
		}
	}
	if (dropped)
		ol_diag_sink_keep(findings, keep);
	free(keep);
}

// The run's contracts: every file's, merged in input order, and who calls
// what.
static ol_contracts *merge_contracts(const shared *sh)
{
	ol_contracts *all = ol_contracts_new();
	for (size_t i = 0; i < sh->in->v.len; i++) {
		ol_contracts_merge(all, sh->slots[i].exports, (unsigned)i);
		ol_contracts_merge(all, sh->slots[i].tables, (unsigned)i);
	}
	for (size_t i = 0; i < sh->in->v.len; i++) {
		const name_vec *v = &sh->slots[i].callees;
		for (size_t k = 0; k < v->len; k++)
			ol_contracts_add_call(all, v->items[k], (unsigned)i);
	}
	return all;
}

// Later rounds (rules/README.md): a file calling functions other files
// define, or
// defining functions other files' tables register or call, is analyzed
// again with their contracts; the callers of contracts that changed,
// again, for at most OL_RUN_ROUNDS rounds in all. A file restored from
// the cache was analyzed with a signature: it is analyzed again only when
// the contracts now give it another. Returns the final merged contracts.
// Restored facts (a merge) go on after the rounds they already hold; a
// merge round of one shard (facts_out) runs one round, for its inputs.
static ol_contracts *later_rounds(shared *sh, unsigned jobs)
{
	size_t n = sh->in->v.len;
	const ol_run_opts *o = sh->o;
	ol_contracts *all = merge_contracts(sh);
	unsigned first = o->restore && o->rounds_done > 1 ? o->rounds_done + 1
							  : 2;
	unsigned last = o->facts_out ? first : OL_RUN_ROUNDS;
	if (last > OL_RUN_ROUNDS)
		last = OL_RUN_ROUNDS;
	for (unsigned round = first; round <= last; round++) {
		size_t redo = 0;
		for (size_t i = 0; i < n; i++) {
			slot *s = &sh->slots[i];
			s->redo = false;
			if (o->take && !o->take[i])
				continue; // another shard's
			if (!s->unit && !s->cached)
				continue; // not kept: first-round findings
			uint64_t sig = signature(s, all, i);
			if (sig != s->sig) {
				s->sig = sig;
				s->redo = true;
				redo++;
			}
		}
		if (!redo)
			break;
		if (sh->o->progress)
			ol_progress_phase(sh->o->progress, round, redo);
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

// --shard: each selected input's facts, as the cache would keep them,
// with the signature of what the file alone says of its callees (the
// merge compares it with the whole run's contracts, run as later rounds).
static void shard_facts(const shared *sh)
{
	for (size_t i = 0; i < sh->in->v.len; i++) {
		const slot *s = &sh->slots[i];
		if (sh->o->take && !sh->o->take[i])
			continue;
		ol_strbuf body;
		ol_strbuf_init(&body);
		entry_write(s, &body);
		ol_shard_facts_add(sh->o->facts_out, i, sh->in->v.items[i].path,
				   &body, (const char *const *)s->includes.items,
				   s->includes.len);
		ol_strbuf_free(&body);
	}
}

// Writes the entries of the files the later rounds analyzed again (the
// first round wrote the others'), then keeps the cache to its cap.
static void store_entries(const shared *sh)
{
	for (size_t i = 0; i < sh->in->v.len; i++)
		if (!sh->slots[i].stored)
			store_entry(sh, &sh->slots[i]);
	ol_cache_prune(sh->o->cache);
}

// How many of the inputs the first round will parse share each prefix
// (it then builds a prefix's PCH for the first of them). Those the cache
// or a shard's facts will give are left out: a re-run that parses one
// file does not build a PCH for it.
static ol_pch_counts *count_prefixes(const shared *sh)
{
	const ol_run_opts *o = sh->o;
	ol_pch_counts *c = ol_pch_counts_new();
	for (size_t i = 0; i < sh->in->v.len; i++) {
		const ol_input *in = &sh->in->v.items[i];
		uint64_t key;
		if ((o->take && !o->take[i]) ||
		    (o->restore && ol_shard_facts_body(o->restore, i)))
			continue;
		if (o->cache && !o->tu.ndump &&
		    ol_cache_key(o->cache, in, o->tu.extra_args, o->tu.nextra,
				 &key) &&
		    ol_cache_has(o->cache, key))
			continue;
		ol_tu_count_prefix(c, in, &o->tu);
	}
	return c;
}

/* --- the whole-program check ----------------------------------------- */

// The ownership graph's checks (MOJO-OWN-108/110) see every file's graph
// at once, so a run that took all but one file from the cache would still
// decode, merge and check them all: some fifth of an edit loop's cost.
// Their findings are a function of the files' graphs, in input order, and
// of the configuration: they are kept in the cache under a key made of
// those, and a run whose graphs all write as before takes them from
// there. A file analyzed again that gives the same graph (an edit inside
// a function body that changes no ownership fact) keeps the key.

// The key of the check's findings, or 0 when they are not cached (no
// cache; --dump-graph, which needs the graph itself; a run of one file,
// whose one graph costs little to check).
static uint64_t whole_check_key(const shared *sh)
{
	const ol_run_opts *o = sh->o;
	size_t taken = 0;
	for (size_t i = 0; i < sh->in->v.len; i++)
		taken += !o->take || o->take[i];
	if (!o->cache || o->dump_graph || taken < 2)
		return 0;
	uint64_t h = OL_HASH_INIT;
	for (size_t i = 0; i < sh->in->v.len; i++) {
		const slot *s = &sh->slots[i];
		uint64_t sum = 0;
		if (!o->take || o->take[i]) {
			ol_strbuf g;
			ol_strbuf_init(&g);
			graph_text(s, &g);
			sum = ol_checksum_bytes(ol_strbuf_str(&g), g.len) | 1;
			ol_strbuf_free(&g);
		}
		h = ol_hash_bytes(h, &sum, sizeof sum);
	}
	return ol_cache_run_key(o->cache, "whole-program check", h);
}

// The check's findings from the cache (a new sink like `sink`), or NULL.
static ol_diag_sink *whole_check_cached(const shared *sh, uint64_t key,
					const ol_diag_sink *sink)
{
	ol_strbuf body;
	ol_strbuf_init(&body);
	ol_diag_sink *found = NULL;
	if (ol_cache_load(sh->o->cache, key, &body)) {
		ol_deser r;
		ol_deser_init(&r, ol_strbuf_str(&body), body.len);
		found = ol_diag_sink_new_like(sink);
		if (!ol_diag_sink_read(found, &r) || r.bad || r.p != r.end) {
			ol_diag_sink_free(found);
			found = NULL;
			ol_cache_corrupt(sh->o->cache, key);
		}
	}
	ol_strbuf_free(&body);
	return found;
}

static void whole_check_store(const shared *sh, uint64_t key,
			      const ol_diag_sink *found)
{
	ol_strbuf body;
	ol_strbuf_init(&body);
	ol_diag_sink_write(found, &body);
	ol_cache_store(sh->o->cache, key, NULL, 0, &body);
	ol_strbuf_free(&body);
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
		     (o->dump_graph || o->facts_out ||
		      ol_diag_sink_enabled(sink, OL_CHECK_OWN_CYCLE) ||
		      ol_diag_sink_enabled(sink, OL_CHECK_OWN_TEARDOWN));
	// A shard keeps its files' graphs for the merge, which checks them.
	ol_graph *whole = graph && !o->facts_out ? ol_graph_new() : NULL;

	memset(out, 0, sizeof *out);
	sh.slots = ol_xcalloc(n ? n : 1, sizeof(slot));
	for (size_t i = 0; i < n; i++) {
		slot *s = &sh.slots[i];
		s->graph = graph ? ol_graph_new() : NULL;
		s->facts = graph ? ol_graph_new() : NULL;
		s->sink = new_sink(o, &in->v.items[i]);
		s->findings = new_sink(o, &in->v.items[i]);
		s->exports = ol_contracts_new();
		s->tables = ol_contracts_new();
		ol_strbuf_init(&s->dump);
	}
	pthread_mutex_init(&sh.lock, NULL);
	sh.suspects = ol_crash_has_suspects();
	if (sh.suspects) {
		// A suspect waits for the files in flight, and holds the
		// next ones back (the writer goes first).
		pthread_rwlockattr_t ra;
		pthread_rwlockattr_init(&ra);
#ifdef __GLIBC__
		pthread_rwlockattr_setkind_np(
			&ra, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
		pthread_rwlock_init(&sh.alone, &ra);
		pthread_rwlockattr_destroy(&ra);
	}
	ol_limits_start(&o->tu.limits, jobs, ol_crash_restart);
	size_t taken = n;
	for (size_t i = 0; o->take && i < n; i++)
		taken -= !o->take[i];
	out->files = taken;
	if (o->progress)
		ol_progress_phase(o->progress, 1, taken);

	// The prefixes the files share, counted first (frontend/pch.h).
	ol_run_opts counted = *o;
	counted.tu.prefixes = count_prefixes(&sh);
	sh.o = &counted;
	sh.order = input_order(in);
	run_workers(&sh, jobs);
	ol_pch_counts_free((ol_pch_counts *)counted.tu.prefixes);
	counted.tu.prefixes = NULL;
	free(sh.order);
	sh.order = NULL;
	ol_contracts *all = NULL;
	if (!o->facts_out || o->restore)
		all = o->tu.ndump ? merge_contracts(&sh)
				  : later_rounds(&sh, jobs);
	ol_limits_stop();
	pthread_mutex_destroy(&sh.lock);
	if (sh.suspects)
		pthread_rwlock_destroy(&sh.alone);
	// (before the entries are written: pruning may drop the check's)
	uint64_t check_key = whole ? whole_check_key(&sh) : 0;
	ol_diag_sink *checked =
		check_key ? whole_check_cached(&sh, check_key, sink) : NULL;
	if (o->cache)
		store_entries(&sh);
	if (o->facts_out)
		shard_facts(&sh);

	ol_strmap header_owner = {0};
	ol_tu_paths header_keys = {0};
	for (size_t i = 0; i < n; i++) {
		slot *s = &sh.slots[i];
		if (o->take && !o->take[i]) {
			ol_strbuf_free(&s->dump);
			slot_free(s);
			continue;
		}
		if (o->tu.headers)
			keep_first_header_findings(s->findings,
						   in->v.items[i].path, i,
						   &header_owner, &header_keys);
		if (s->res.analyzed && s->res.partial)
			out->partial++;
		else if (s->res.analyzed)
			out->analyzed++;
		else if (s->res.generated)
			out->generated++;
		else
			out->failed++;
		out->funcs += s->res.nfuncs;
		if (s->cached && !s->analyzed_now && !s->restored)
			out->from_cache++;
		out->restored += s->restored;
		out->reanalyzed += s->restored && s->analyzed_now;
		ol_diag_sink_merge(sink, s->sink);
		ol_diag_sink_merge(sink, s->findings);
		if (dump)
			ol_strbuf_add(dump, ol_strbuf_str(&s->dump));
		ol_strbuf_free(&s->dump);
		if (whole && !checked) {
			// (the entry's checksum held: its text is as written)
			graph_decode(s);
			ol_graph_merge(whole, s->graph, (unsigned)i);
			ol_graph_merge(whole, s->facts, (unsigned)i);
		}
		slot_free(s);
	}
	free(sh.slots);
	ol_strmap_free(&header_owner);
	for (size_t k = 0; k < header_keys.len; k++)
		free(header_keys.items[k]);
	OL_VEC_FREE(&header_keys);
	if (all && o->dump_contracts && dump)
		ol_contracts_dump_json(all, dump);
	if (all && o->rules_out)
		ol_contracts_write_rules(all, o->rules_out);
	if (all)
		ol_contracts_free(all);
	if (whole && !checked) {
		checked = ol_diag_sink_new_like(sink);
		ol_graph_check(whole, checked);
		if (check_key)
			whole_check_store(&sh, check_key, checked);
	}
	if (checked) {
		ol_diag_sink_merge(sink, checked);
		ol_diag_sink_free(checked);
	}
	if (whole) {
		if (o->dump_graph && dump)
			ol_graph_dump(dump, whole, o->graph_format);
		ol_graph_free(whole);
	}

	// One notice for the arguments clang rejected, not one per file.
	ol_args_merge_notices(sink);
	ol_diag_sink_finish(sink);
	// NOLINT comments: the inputs are scanned too, so a bad
	// comment is reported even in a file without findings.
	const char **paths = ol_xcalloc(n ? n : 1, sizeof(*paths));
	size_t npaths = 0;
	for (size_t i = 0; i < n; i++)
		if (!o->take || o->take[i])
			paths[npaths++] = in->v.items[i].path;
	ol_suppress_apply(sink, paths, npaths);
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
