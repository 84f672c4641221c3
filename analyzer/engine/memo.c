/*
 * memo.c — a later round analyzes again only the functions whose inputs
 * changed.
 *
 * run.c analyzes a file again when another file's contracts change what
 * the file's callees do (or its functions become called or registered
 * elsewhere). Most of the file's functions call none of those callees, and
 * analyzing them again gives what the round before gave, byte for byte:
 * the engine is deterministic, and what it reads of a function comes from
 *
 *   - the function's own CFG (kept, unchanged, between rounds),
 *   - the knowledge base and the options (the same in every round),
 *   - its flags other files decide (`called_elsewhere`, `registered`,
 *     `reg_teardown`: frontend/tu.c sets them before each round), and
 *     the fields Python code can assign, which the `registered` flags of
 *     all the file's functions decide (settable.c),
 *   - the contracts of the functions it calls that the file does not
 *     define (call.c's lookup: the only read of the merged contracts),
 *   - the summaries of the file's own functions it names (as a call, a
 *     function pointer, a capsule's destructor), as they stand when it is
 *     analyzed: those before it in the order done, those after it (a
 *     cycle of calls) not yet.
 *
 * So a memo kept with the file's CFGs (ol_engine_opts.memo) remembers, per
 * function, a digest of the first three that it read (its flags and the
 * contracts of the callees it names: memo_digest()) and what its analysis
 * left: its findings and notices, its owner facts, its final summary. In a
 * later round a function is analyzed again when its digest differs, or one
 * of the file's functions it names was analyzed again earlier in this
 * round (its summary may differ; one after it is in its fresh state in
 * every round). Any other function is replayed: its findings, notices and
 * facts are handed on in the order they came, its summary is copied back
 * in its place, before the next function in the order is looked at, so
 * every function analyzed sees exactly the summaries a full round shows.
 *
 * One cache breaks the argument: entries made from source annotations
 * (call.c's annotated_entry) are kept by callee name for the whole file,
 * made from what is known when the first caller is analyzed. A file with
 * annotated calls is therefore always analyzed whole.
 *
 * The memo owns copies of everything it keeps: the contracts of a round
 * are freed before the next one, so the strings a summary or a fact took
 * from them are copied when the round ends, packed with the summaries
 * and facts into one block per file (pack()): memos live as long as the
 * CFGs, and on CPython's Modules/ (4,322 functions, 18,043 facts) they
 * cost 5 MB, where pieces scattered over libclang's heap cost 13 MB of
 * peak memory.
 *
 * What it buys (CPython 3.11 Modules/, 95 files): the second round
 * analyzes 319 functions instead of 2,934 (2,615 replayed), about 7 % of
 * the run's CPU time.
 */
#include "engine_int.h"

#include "contracts.h"
#include "../base/serial.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// What the memo knows of the function at one index of the file's list.
typedef struct memo_func {
	uint64_t digest;  // of what its last analysis read from other files
	size_t d0, d1;    // its findings in the memo's sink
	size_t n0, n1;    // its notices
	size_t f0, f1;    // its facts
	size_t names, nnames; // the file's functions it names (in `names`)
	size_t calls, ncalls; // the callees it names that the file does not
			      // define (in `calls`; their contracts are read)
	bool redone;          // analyzed again in the current round
} memo_func;

struct ol_engine_memo {
	bool valid;        // holds the results of a round
	bool whole;        // annotated calls: always analyze the file whole
	size_t nfuncs;
	memo_func *funcs;
	size_t *names;     // indexes into the file's functions
	const char **calls;
	// The last round's results, packed in one block (memo_end): the
	// summaries (what callers read of them), the facts, their strings.
	void *block;
	summary *sums;
	ol_owner_fact *facts;
	ol_diag_sink *sink; // the last round's findings and notices
	size_t replayed, analyzed; // functions, over the memo's life
};

ol_engine_memo *ol_engine_memo_new(void)
{
	return ol_xcalloc(1, sizeof(ol_engine_memo));
}

void ol_engine_memo_free(ol_engine_memo *m)
{
	if (!m)
		return;
	free(m->funcs);
	free(m->names);
	free(m->calls);
	free(m->block);
	ol_diag_sink_free(m->sink);
	free(m);
}

void ol_engine_memo_counts(const ol_engine_memo *m, size_t *replayed,
			   size_t *analyzed)
{
	*replayed = m ? m->replayed : 0;
	*analyzed = m ? m->analyzed : 0;
}

/* --- what each function names (once, from the CFGs) ------------------- */

typedef OL_VEC(size_t) index_vec;
typedef OL_VEC(const char *) name_vec;

typedef struct names_walk {
	const tu_ctx *tu;
	index_vec local;  // every function's, one after another
	name_vec calls;
	size_t local0, calls0; // where the current function's start
	bool annotated;
} names_walk;

static void walk_names(names_walk *w, const ol_expr *e)
{
	if (!e)
		return;
	if (e->kind == OL_E_CALL && e->attrs)
		w->annotated = true;
	if (e->text) {
		// Any name of one of the file's functions (a summary read
		// through it), whatever the expression; a call's or function
		// reference's other names are looked up in the contracts.
		size_t k, n = summaries_named(w->tu, e->text, &k), i;
		for (size_t j = 0; j < n; j++) {
			size_t x = w->tu->by_name[k + j].index;
			for (i = w->local0; i < w->local.len; i++)
				if (w->local.items[i] == x)
					break;
			if (i == w->local.len)
				OL_VEC_PUSH(&w->local, x);
		}
		// (C++: a call of another overload of a name the file
		// defines, another file's `int find_max(p, ..)` beside this
		// file's static `find_max(self, args)`, reads the contracts)
		bool elsewhere = !n;
		if (n && e->kind == OL_E_CALL && e->callee_sig) {
			elsewhere = true;
			for (size_t j = 0; j < n; j++)
				if (sig_may_match(e, w->tu->sums[
					w->tu->by_name[k + j].index].fn))
					elsewhere = false;
		}
		if (elsewhere &&
		    (e->kind == OL_E_CALL || e->kind == OL_E_FUNCREF)) {
			for (i = w->calls0; i < w->calls.len; i++)
				if (!strcmp(w->calls.items[i], e->text))
					break;
			if (i == w->calls.len)
				OL_VEC_PUSH(&w->calls, e->text);
		}
	}
	walk_names(w, e->sub[0]);
	walk_names(w, e->sub[1]);
	walk_names(w, e->fn);
	for (unsigned k = 0; k < e->nargs; k++)
		walk_names(w, e->args[k]);
}

static void learn_names(ol_engine_memo *m, const tu_ctx *tu)
{
	m->nfuncs = tu->nsums;
	m->funcs = ol_xcalloc(tu->nsums + 1, sizeof *m->funcs);
	names_walk w = {.tu = tu};
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = tu->sums[i].fn;
		w.local0 = w.local.len;
		w.calls0 = w.calls.len;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				walk_names(&w, blk->ops[k].expr);
			walk_names(&w, blk->cond);
		}
		memo_func *f = &m->funcs[i];
		f->names = w.local0;
		f->nnames = w.local.len - w.local0;
		f->calls = w.calls0;
		f->ncalls = w.calls.len - w.calls0;
	}
	m->whole = w.annotated;
	// (exactly as long as they are: a memo lives as long as the CFGs)
	m->names = ol_xrealloc(w.local.items,
			       sizeof(size_t) * (w.local.len + 1));
	m->calls = ol_xrealloc(w.calls.items,
			       sizeof(char *) * (w.calls.len + 1));
}

/* --- digests ----------------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t v)
{
	return ol_hash_bytes(h, &v, sizeof v);
}

static uint64_t mix_str(uint64_t h, const char *s)
{
	return ol_hash_str(mix(h, s != NULL), s);
}

// What function `i` reads from other files now: its flags and the
// contracts of its callees (ol_contracts_digest: all a caller reads).
// Which fields Python code can assign (settable.c): the registrations of
// all the file's functions decide it, so every function reads it. Once
// per round.
static uint64_t settable_digest(const tu_ctx *tu)
{
	uint64_t h = OL_HASH_INIT;
	for (size_t k = 0; k < tu->settable.len; k++) {
		const settable_field *sf = &tu->settable.items[k];
		h = mix_str(h, sf->type);
		h = mix_str(h, sf->field);
		h = mix_str(h, sf->assigner);
		h = mix_str(h, sf->via);
		h = mix(h, sf->by_setter);
		h = mix(h, sf->integer);
	}
	return h;
}

static uint64_t memo_digest(const memo_round *r, size_t i)
{
	const ol_engine_memo *m = r->m;
	const tu_ctx *tu = r->tu;
	const ol_func *fn = tu->sums[i].fn;
	const memo_func *f = &m->funcs[i];
	uint64_t h = mix(OL_HASH_INIT, r->settable_digest);
	h = mix(h, fn->called_elsewhere);
	h = mix(h, fn->immortal_statics);
	h = mix(h, fn->reg_teardown);
	h = mix_str(h, fn->registered);
	for (size_t k = 0; k < f->ncalls; k++)
		h = mix(h, tu->opts->contracts
				   ? ol_contracts_digest_name(
					     tu->opts->contracts,
					     m->calls[f->calls + k])
				   : 0);
	return h;
}

/* --- copies ------------------------------------------------------------ */

// `s` kept once in the round's arena (facts repeat their strings: the
// function, the owner type, the field, the API).
static const char *intern(memo_round *r, const char *s)
{
	size_t copy;
	if (!s)
		return NULL;
	if (!ol_strmap_get(&r->strings, s, &copy)) {
		copy = (size_t)(uintptr_t)ol_arena_strdup(r->tu->a, s);
		ol_strmap_add(&r->strings, (const char *)(uintptr_t)copy,
			      copy);
	}
	return (const char *)(uintptr_t)copy;
}

// The strings of a fact, or of what callers read of a summary, one by one
// (to intern them, to pack them).
#define SUMMARY_STRINGS(sm, DO)                                             \
	do {                                                                \
		DO((sm)->cap_rel_api); DO((sm)->cap_rel_kind);              \
		DO((sm)->cap_rel_name); DO((sm)->entry.name);               \
		DO((sm)->entry.family); DO((sm)->entry.resource);           \
		DO((sm)->entry.file);                                       \
		for (size_t fs_ = 0; fs_ < NULLFLAG_MAX; fs_++) {           \
			DO((sm)->flag_set[fs_].field);                      \
			DO((sm)->flag_spoiled[fs_].field);                  \
		}                                                           \
	} while (0)

static void log_fact(memo_round *r, const ol_owner_fact *f)
{
	ol_owner_fact x = *f;
#define INTERN(field) ((field) = intern(r, (field)))
	FACT_STRINGS(&x, INTERN);
#undef INTERN
	OL_VEC_PUSH(&r->facts, x);
}

// Packs the round's summaries (what callers read: the entry, its
// arguments, the scalars; not the per-parameter tallies only the
// function's own analysis reads), facts and their strings into one block:
// a memo lives as long as its file's CFGs, and small pieces scattered over
// a heap libclang keeps reusing would cost more than their size.
typedef struct packer {
	ol_strmap at;   // string -> its offset in the block's strings
	size_t bytes;   // of the strings
	char *strings;
} packer;

static void pack_size(packer *p, const char *s)
{
	if (s && ol_strmap_add(&p->at, s, p->bytes))
		p->bytes += strlen(s) + 1;
}

static const char *pack_str(packer *p, const char *s)
{
	size_t off;
	if (!s || !ol_strmap_get(&p->at, s, &off))
		return NULL;
	if (!p->strings[off])
		memcpy(p->strings + off, s, strlen(s) + 1);
	return p->strings + off;
}

static void pack(ol_engine_memo *m, const tu_ctx *tu, const fact_log *facts)
{
	packer p = {0};
	size_t nargs = 0;
#define SIZE(field) pack_size(&p, (field))
	for (size_t i = 0; i < tu->nsums; i++) {
		const summary *sm = &tu->sums[i];
		SUMMARY_STRINGS(sm, SIZE);
		for (size_t k = 0; sm->args && k < sm->entry.nargs; k++)
			SIZE(sm->args[k].resource);
		nargs += sm->args ? sm->fn->nparams + 1 : 0;
	}
	for (size_t i = 0; i < facts->len; i++)
		FACT_STRINGS(&facts->items[i], SIZE);
#undef SIZE
	size_t sums_size = sizeof(summary) * tu->nsums;
	size_t args_size = sizeof(ol_kb_arg) * nargs;
	size_t facts_size = sizeof(ol_owner_fact) * facts->len;
	char *block = ol_xcalloc(1, sums_size + args_size + facts_size +
					    p.bytes + 1);
	summary *sums = (summary *)(void *)block;
	ol_kb_arg *args = (ol_kb_arg *)(void *)(block + sums_size);
	ol_owner_fact *fs = (ol_owner_fact *)(void *)(block + sums_size +
						      args_size);
	p.strings = block + sums_size + args_size + facts_size;
#define PACK(field) ((field) = pack_str(&p, (field)))
	for (size_t i = 0; i < tu->nsums; i++) {
		summary *sm = &sums[i];
		*sm = tu->sums[i];
		sm->consumed_ok = sm->consumed_err = sm->released = NULL;
		sm->increfed_ok = sm->increfed_err = sm->held = NULL;
		sm->into_ret = sm->dropped = NULL;
		sm->writes = sm->steal_in = sm->lenient_in = NULL;
		sm->flag_taken = NULL;
		sm->null_in = NULL;
		sm->quiet_args = NULL;
		SUMMARY_STRINGS(sm, PACK);
		if (sm->args) {
			size_t n = sm->fn->nparams + 1;
			memcpy(args, sm->args, sizeof *args * n);
			sm->args = args;
			args += n;
			for (size_t k = 0; k < sm->entry.nargs; k++)
				PACK(sm->args[k].resource);
		}
		sm->entry.args = sm->args;
	}
	for (size_t i = 0; i < facts->len; i++) {
		fs[i] = facts->items[i];
		FACT_STRINGS(&fs[i], PACK);
	}
#undef PACK
	ol_strmap_free(&p.at);
	free(m->block);
	m->block = block;
	m->sums = sums;
	m->facts = fs;
}

// Copies findings [d0, d1) and notices [n0, n1) of `from` into `to`.
static void copy_results(ol_diag_sink *to, const ol_diag_sink *from,
			 size_t d0, size_t d1, size_t n0, size_t n1)
{
	for (size_t k = d0; k < d1; k++)
		ol_diag_sink_add(to, ol_diag_sink_get(from, k));
	for (size_t k = n0; k < n1; k++) {
		const ol_notice *n = ol_diag_sink_notice_get(from, k);
		ol_diag_sink_notice(to, n->level, n->loc, n->kind, "%s",
				    n->msg);
	}
}

/* --- a round ----------------------------------------------------------- */

// The engine's facts go through here: logged for the memo, then on.
static void on_fact(const ol_owner_fact *f, void *payload)
{
	memo_round *r = payload;
	log_fact(r, f);
	if (r->on_fact)
		r->on_fact(f, r->fact_payload);
}

void memo_begin(memo_round *r, tu_ctx *tu)
{
	memset(r, 0, sizeof *r);
	r->m = tu->opts->memo;
	if (!r->m)
		return;
	r->tu = tu;
	r->settable_digest = settable_digest(tu);
	if (!r->m->funcs)
		learn_names(r->m, tu);
	// (a file of other functions: not this memo's; analyzed whole)
	r->reuse = r->m->valid && !r->m->whole && r->m->nfuncs == tu->nsums;
	for (size_t i = 0; i < r->m->nfuncs; i++)
		r->m->funcs[i].redone = false;
	r->opts = *tu->opts;
	r->on_fact = r->opts.on_fact;
	r->fact_payload = r->opts.fact_payload;
	if (r->on_fact) {
		r->opts.on_fact = on_fact;
		r->opts.fact_payload = r;
	}
	tu->opts = &r->opts;
	r->d_base = ol_diag_sink_count(tu->sink);
	r->n_base = ol_diag_sink_notice_count(tu->sink);
}

bool memo_replays(memo_round *r, size_t i)
{
	if (!r->m)
		return false;
	ol_engine_memo *m = r->m;
	memo_func *f = &m->funcs[i];
	uint64_t digest = memo_digest(r, i);
	bool same = r->reuse && digest == f->digest;
	for (size_t k = 0; same && k < f->nnames; k++)
		if (m->funcs[m->names[f->names + k]].redone)
			same = false;
	f->digest = digest;
	// Where its results start in this round's sink and log.
	r->d0 = ol_diag_sink_count(r->tu->sink) - r->d_base;
	r->n0 = ol_diag_sink_notice_count(r->tu->sink) - r->n_base;
	r->f0 = r->facts.len;
	if (same) {
		m->replayed++;
		return true;
	}
	f->redone = true;
	if (m->valid)
		m->analyzed++;
	return false;
}

void memo_replay(memo_round *r, size_t i)
{
	ol_engine_memo *m = r->m;
	const memo_func *f = &m->funcs[i];
	tu_ctx *tu = r->tu;
	copy_results(tu->sink, m->sink, f->d0, f->d1, f->n0, f->n1);
	for (size_t k = f->f0; k < f->f1; k++)
		on_fact(&m->facts[k], r);
	// What callers read of its summary; the tallies its own analysis
	// would have filled stay as the round made them (nobody reads them).
	summary *sm = &tu->sums[i];
	summary fresh = *sm;
	*sm = m->sums[i];
	sm->consumed_ok = fresh.consumed_ok;
	sm->consumed_err = fresh.consumed_err;
	sm->released = fresh.released;
	sm->increfed_ok = fresh.increfed_ok;
	sm->increfed_err = fresh.increfed_err;
	sm->held = fresh.held;
	sm->into_ret = fresh.into_ret;
	sm->dropped = fresh.dropped;
	sm->writes = fresh.writes;
	sm->flag_taken = fresh.flag_taken;
	sm->null_in = fresh.null_in;
	if (sm->args)
		sm->args = ol_arena_memdup(tu->a, sm->args, sizeof *sm->args *
						 (sm->fn->nparams + 1));
	sm->entry.args = sm->args;
}

void memo_done(memo_round *r, size_t i)
{
	if (!r->m)
		return;
	memo_func *f = &r->m->funcs[i];
	f->d0 = r->d0;
	f->d1 = ol_diag_sink_count(r->tu->sink) - r->d_base;
	f->n0 = r->n0;
	f->n1 = ol_diag_sink_notice_count(r->tu->sink) - r->n_base;
	f->f0 = r->f0;
	f->f1 = r->facts.len;
}

// The round's results become the memo: its findings and notices copied,
// its summaries and facts packed.
void memo_end(memo_round *r)
{
	if (!r->m)
		return;
	ol_engine_memo *m = r->m;
	tu_ctx *tu = r->tu;
	ol_diag_sink *sink = ol_diag_sink_new();
	copy_results(sink, tu->sink, r->d_base, ol_diag_sink_count(tu->sink),
		     r->n_base, ol_diag_sink_notice_count(tu->sink));
	ol_diag_sink_free(m->sink);
	m->sink = sink;
	pack(m, tu, &r->facts);
	OL_VEC_FREE(&r->facts);
	ol_strmap_free(&r->strings);
	m->valid = true;
}
