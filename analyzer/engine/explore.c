/*
 * explore.c — the path-sensitive engine.
 *
 * Each function's CFG is walked depth-first with a symbolic state:
 *
 *   env    variable -> symbol (a value); locals, params, temporaries, and
 *          the globals the function mentions (forgotten after unknown calls);
 *   addr   variable -> the symbol of `&variable` (so `&Py_None` is one value);
 *   fields (base symbol, field name) -> symbol: what was last read from or
 *          written to `base->field`, forgotten when Python code may run;
 *   syms   what is known of each value: its sign set (negative/zero/
 *          positive; for pointers zero = NULL), an exact integer when known,
 *          and, when it is a resource, its kind, life-cycle state, owned
 *          reference count and where it was acquired.
 *
 * Ops are evaluated bottom-up, call arguments left to right. A branch
 * condition is evaluated once (with its side effects), then each outcome
 * refines the state (`p == NULL`, `!p`, `rc < 0`, `x != -1`) or is pruned
 * as infeasible. After every op, values nobody can reach any more are
 * dropped; an owned resource among them has leaked at that op (its last
 * handle was overwritten or discarded).
 *
 * Calls take their effects from, in order: the computed summary of a
 * function defined in the same translation unit, the knowledge base (by
 * callee name, then by the macro the call was written as), and the SPEC §4
 * conventions (a function returning `PyObject *` returns a new reference).
 *
 * Joins and loops: a state is reduced to a canonical hash (symbols renamed
 * in order of first use, history left out) and a block is not explored
 * twice with the same hash. A block entered with many different states is
 * widened (exact integers forgotten), so loops reach a fixpoint; the
 * per-block state count and per-function step count are bounded, and a
 * function that hits a bound is reported as a "budget" notification
 * (findings already made are kept).
 *
 * What it does not model: memory other than `p->field` slots, aliasing
 * through pointers to locals other than `&x` passed to a call, arithmetic
 * beyond constants, reference counts of objects it did not see created.
 */
#include "engine.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../kb/kb.h"
#include "../ol.h"
#include "../sm/sm.h"

#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { S_NEG = 1, S_ZERO = 2, S_POS = 4, S_ALL = 7 };

typedef enum rstate {
	R_NONE,     // not a resource
	R_OWNED,    // this function holds `refs` references it must give up
	R_BORROWED, // a reference someone else owns (pyref)
	R_RELEASED, // released on this path
	R_MOVED,    // ownership was stolen by a call (pyref)
	R_ESCAPED,  // ownership went somewhere we do not follow
	R_STOP,     // a problem was reported: stay quiet about it
} rstate;

// What a conditional link waits for: the call's result decides.
typedef enum link_kind {
	L_NONE,
	L_REALLOC, // link = old block, released when the result is non-NULL
	L_STEAL,   // link = argument stolen when the call succeeds
	L_ACQ_ON,  // on the acquired out-parameter: link = the call's result;
		   // acquired when the result says success (reverse link)
} link_kind;

// One step of a path's history, shared between paths (immutable).
typedef struct hist {
	const struct hist *prev;
	ol_loc loc;
	const char *msg;
	unsigned seq;
	bool is_branch; // a choice the path made (shown in every finding)
} hist;

typedef struct sym {
	uint8_t signs;
	bool has_val;
	bool borrowed_base; // owned refs were taken on a borrowed object
	bool weak;          // borrowed from a field or global: not certain
	bool consumed;      // (parameters) released, stolen or stored
	bool released;      // ... by a release (Py_DECREF, free)
	bool realloc_failed;
	bool static_obj;    // &_Py_NoneStruct & co.: never freed
	bool status_unchecked; // out-parameter of a call whose status was
			       // never tested (cudaMalloc(&p, n);)
	bool tested;           // a branch condition looked at this value
	bool local_mem;        // points into a local array of this function
	bool foreign_mem;      // memory from a function we know nothing of
			       // (an arena): who owns what it holds is its
			       // convention, not ours to judge (no BOR-202)
	bool closed;           // computed by this function from constants
			       // alone: a test of it is a self-check
	bool fallible;         // returned by a call that reports failure
			       // through it (tested against its sentinel)
	bool interp_alive;     // the result of Py_IsInitialized()
	bool held_elsewhere;   // another owner keeps the object alive
			       // (sys.modules, a container it was added
			       // to): our last release does not destroy it
	uint8_t owed;       // references handed over before Py_INCREF paid
	long long val;
	bool has_ne;        // known to differ from ne_val (`x == 'a'` false)
	long long ne_val;
	rstate rs;
	int kind;       // index of the state machine, -1 when none
	int refs;       // owned references (R_OWNED)
	int base;       // pointer arithmetic: derived from this sym, or -1
	int link;       // see link_kind, or -1
	link_kind lk;
	int addr_var;   // value is `&var`, or -1
	int param;      // value a parameter had on entry, or -1
	int rel_var;    // released through `&var` (a Py_buffer), or -1
	const ol_kb_entry *acq; // acquiring API (NULL for conventions)
	const char *acq_name;   // acquiring function, for messages
	const hist *acq_ev;     // where acquired
	const hist *rel_ev;     // where released or stolen
	const char *name;       // first variable that held it
	const char *from_type;  // read from from_type.from_field
	const char *from_field;
	bool from_param0;       // ... through the first parameter
	int owner;              // a borrow of this sym's object, or -1
	int eq_stat, ne_stat;   // known equal / not equal to this static
				// object's sym (`x != Py_None` tested), or -1
	int vn_from;            // this value is `vn_from & vn_k`, or -1
	long long vn_k;
	bool slot_const;        // a GET_ITEM borrow from slot `slot_val`
	long long slot_val;
	bool readonly;          // buffer requested without PyBUF_WRITABLE
	uint8_t gil_prev;       // PyGILState_Ensure token: state before it
	const hist *owe_ev;     // where a borrowed reference was handed over
	const ol_expr *owe_lhs; // ... into this lvalue (`a->v[i] = item;`)
	const hist *stale_ev;   // where its owner was mutated (MOJO-BOR-207)
	const hist *inval_ev;   // where Python code may have run (BOR-206)
	// A reference stolen into a container slot, then released by us:
	// fine if the slot is overwritten next (test_L_code's
	// `Py_DECREF(num); PyTuple_SET_ITEM(tuple, 0, other)`), else
	// MOJO-OWN-102 when the path ends.
	// A borrowed reference stored into a slot (PyTuple_SET_ITEM) of
	// container `debt_cont` is paid for by a Py_INCREF, of it or of the
	// container's items (the "borrowed slot" idiom), else MOJO-OWN-106.
	const hist *debt_ev;
	const char *debt_api;
	int debt_cont;
	// An owned value stored into a field: the STORE owner fact waits
	// for the end of the path, and is dropped if the function releases
	// the value after all (the field only borrows it).
	const char *st_type, *st_field, *st_vtype;
	ol_loc st_loc;
	bool st_param0;
} sym;

typedef struct fslot {
	int base;
	const char *field;
	int val;
	bool read; // val was read from the slot (not stored by us)
	int ix;    // "ob_item[]": the index value of the item, else -1
} fslot;

typedef struct state {
	int *env;  // nvars entries, -1 = no value yet
	int *addr; // nvars entries, -1 = `&var` not taken yet
	sym *syms;
	unsigned nsyms, cap;
	fslot *fs;
	unsigned nfs, fcap;
	uint8_t nogil; // the GIL is released on this path
	uint8_t gil_borrowed; // a thread state saved by a caller was restored
	uint8_t selfcheck; // the last real choice was an arm of a self-check
	uint8_t finalizing; // Py_IsInitialized() said no: the interpreter
			    // is shutting down (taking the GIL would hang)
} state;

// A resource whose last handle was lost on this path: reported when the
// path ends, as MOJO-OWN-105 if it ends at an error exit, else 101.
typedef struct lostnode {
	const struct lostnode *prev;
	sym y;            // the resource as it was when lost
	ol_loc loc;       // where the handle was lost
	unsigned seq;     // history position at that point
	const char *fin;  // final event text
} lostnode;

typedef struct lost_seen {
	const lostnode *ln;
	const hist *h;  // the path's history at its end
	bool err;       // that path ended at an error exit
} lost_seen;

typedef struct item {
	const ol_block *b;
	state *st;
	const hist *h;
	const lostnode *lost;
} item;

// Visited-state hashes of one block (open addressing, 0 = empty).
typedef struct seen {
	uint64_t *slots;
	unsigned cap, count;
} seen;

// What one analysis of a function learned about it, for its callers.
typedef struct summary {
	const ol_func *fn;
	ol_kb_entry entry; // synthesized: what callers see
	ol_kb_arg *args;
	bool done;
	// Accumulated over return paths:
	unsigned paths, err_paths, ret_owned, ret_borrowed, ret_null;
	unsigned ret_maybe_null; // returned values that may be NULL
	int ret_param;   // every non-NULL return returns this parameter
	bool ret_mixed;  // ... or not (-1 with ret_mixed)
	unsigned *consumed_ok, *consumed_err; // per param
	unsigned *released;                   // per param, any path
	bool *steal_in;   // the report pass treats these params as stolen
	ol_kb_effect *quiet_effect; // what the quiet pass found for them
	bool *lenient_in; // ... and these (stolen on success only) as not
			  // certainly borrowed: no 106/202 about them
} summary;

typedef struct tu_ctx {
	const ol_kb *kb;
	const ol_engine_opts *opts;
	ol_diag_sink *sink;
	ol_arena *a; // summaries, for the whole TU
	summary *sums;
	size_t nsums;
	int pyref_kind, heap_kind, buffer_kind, gil_kind;
	// Entries made from source annotations (SPEC §5), by callee name.
	OL_VEC(ol_kb_entry *) annotated;
} tu_ctx;

typedef struct ctx {
	tu_ctx *tu;
	const ol_func *fn;
	summary *sum; // of `fn`
	const ol_kb *kb;
	const ol_engine_opts *opts;
	ol_diag_sink *sink;
	ol_arena *a; // per-function scratch: history, messages
	unsigned nvars;
	unsigned seq;
	unsigned long steps;
	bool quiet;     // summary pass: no findings
	bool budget_hit;
	const hist *h;  // current path's history
	const lostnode *lost; // current path's pending lost-handle leaks
	unsigned until_seq;   // report(): ignore history after this (0: all)
	// Lost-handle leaks seen at path ends, reported once per site when
	// the function is done: 101 if some path went on to a normal exit,
	// else 105.
	OL_VEC(struct lost_seen) lost_seen;
	seen *seen;     // per block
	OL_VEC(item) work;
	// Acquisition sites already reported as leaked: one finding per
	// site and rule, as GCC's and Clang's analyzers do.
	OL_VEC(ol_loc) leaked;
	// Liveness: live_in[b * words + w], and variables whose address is
	// taken (always live).
	uint64_t *live_in;
	uint64_t *addr_taken;
	unsigned words;
	bool *loop_head; // per block: the target of a back edge
	// The call being evaluated takes only closed arguments: what it
	// returns or stores through out-parameters is closed too.
	bool closed_call;
	int rel_via; // the release being evaluated is through `&var`, or -1
	int slot_cont; // the steal being evaluated stores into a slot of this
		       // container (PyTuple_SET_ITEM), or -1
} ctx;

/* ------------------------------------------------------------------ */
/* States                                                              */

static int *ints_new(unsigned n)
{
	int *p = ol_xmalloc(sizeof(int) * (n ? n : 1));
	for (unsigned i = 0; i < n; i++)
		p[i] = -1;
	return p;
}

static state *state_new(unsigned nvars)
{
	state *s = ol_xcalloc(1, sizeof *s);
	s->env = ints_new(nvars);
	s->addr = ints_new(nvars);
	return s;
}

// malloc + memcpy that accepts n == 0 (and then a NULL source).
static void *copy_of(const void *p, size_t n)
{
	void *q = ol_xmalloc(n ? n : 1);
	if (n)
		memcpy(q, p, n);
	return q;
}

static state *state_clone(const state *s, unsigned nvars)
{
	state *c = ol_xcalloc(1, sizeof *c);
	c->env = copy_of(s->env, sizeof(int) * nvars);
	c->addr = copy_of(s->addr, sizeof(int) * nvars);
	c->cap = c->nsyms = s->nsyms;
	c->syms = copy_of(s->syms, sizeof(sym) * s->nsyms);
	c->fcap = c->nfs = s->nfs;
	c->fs = copy_of(s->fs, sizeof(fslot) * s->nfs);
	c->nogil = s->nogil;
	c->gil_borrowed = s->gil_borrowed;
	c->selfcheck = s->selfcheck;
	c->finalizing = s->finalizing;
	return c;
}

static void state_free(state *s)
{
	if (!s)
		return;
	free(s->env);
	free(s->addr);
	free(s->syms);
	free(s->fs);
	free(s);
}

static int sym_new(state *s, uint8_t signs)
{
	if (s->nsyms == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->syms = ol_xrealloc(s->syms, sizeof(sym) * s->cap);
	}
	sym *y = &s->syms[s->nsyms];
	memset(y, 0, sizeof *y);
	y->signs = signs;
	y->kind = -1;
	y->base = y->link = y->addr_var = y->param = y->owner = -1;
	y->rel_var = -1;
	y->debt_cont = -1;
	y->eq_stat = y->ne_stat = y->vn_from = -1;
	return (int)s->nsyms++;
}

static uint8_t signs_of_val(long long v)
{
	return v < 0 ? S_NEG : v == 0 ? S_ZERO : S_POS;
}

static int sym_const(state *s, long long v)
{
	int i = sym_new(s, signs_of_val(v));
	s->syms[i].has_val = true;
	s->syms[i].val = v;
	return i;
}

static uint8_t signs_for_type(const ol_type *t)
{
	switch (t->cls) {
	case OL_TY_POINTER:
		return S_ZERO | S_POS;
	case OL_TY_ARRAY:
	case OL_TY_FUNC:
		return S_POS;
	default:
		return S_ALL;
	}
}

static int sym_fresh(state *s, const ol_type *t)
{
	return sym_new(s, signs_for_type(t));
}

// The sym a derived pointer (p + n) stands for.
static int sym_root(const state *s, int i)
{
	for (unsigned guard = 0; i >= 0 && s->syms[i].base >= 0 &&
				 guard < 64; guard++)
		i = s->syms[i].base;
	return i;
}

static bool is_pyobj(const ol_type *t)
{
	return t->cls == OL_TY_POINTER && t->pointee &&
	       (!strcmp(t->pointee, "struct _object") ||
		!strcmp(t->pointee, "PyObject"));
}

/* ------------------------------------------------------------------ */
/* Canonical hash and garbage collection                               */

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static uint64_t mix_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = mix(h, (unsigned char)*s);
	return h;
}

static void visit(const state *s, int root, int *map, int *order,
		  unsigned *n)
{
	if (root < 0 || map[root] >= 0)
		return;
	unsigned start = *n;
	map[root] = (int)*n;
	order[(*n)++] = root;
	for (unsigned k = start; k < *n; k++) {
		const sym *y = &s->syms[order[k]];
		int next[4] = {y->base, y->lk == L_ACQ_ON ? -1 : y->link,
			       y->owner, y->debt_cont};
		for (int j = 0; j < 4; j++)
			if (next[j] >= 0 && map[next[j]] < 0) {
				map[next[j]] = (int)*n;
				order[(*n)++] = next[j];
			}
	}
}

// Renames syms reachable from the roots (env, addr, field slots) in
// first-use order; `map` gets the new index of each old sym or -1.
// Returns the number reachable.
static unsigned canon_order(const state *s, unsigned nvars, int *map,
			    int *order)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->nsyms; i++)
		map[i] = -1;
	for (unsigned v = 0; v < nvars; v++) {
		visit(s, s->env[v], map, order, &n);
		visit(s, s->addr[v], map, order, &n);
	}
	// Parameters' entry values stay: the summary asks what became of
	// them at every return.
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].param >= 0)
			visit(s, (int)i, map, order, &n);
	// A field slot matters while its base object is reachable; its value
	// may be the base of further slots (`a->b->c`).
	// So does a tested `x & k` while x is (the next test of the same
	// flag is decided).
	for (bool more = true; more;) {
		more = false;
		for (unsigned f = 0; f < s->nfs; f++) {
			if (map[s->fs[f].base] < 0)
				continue;
			if (map[s->fs[f].val] < 0) {
				visit(s, s->fs[f].val, map, order, &n);
				more = true;
			}
			if (s->fs[f].ix >= 0 && map[s->fs[f].ix] < 0) {
				visit(s, s->fs[f].ix, map, order, &n);
				more = true;
			}
		}
		for (unsigned i = 0; i < s->nsyms; i++)
			if (s->syms[i].vn_from >= 0 && s->syms[i].tested &&
			    map[i] < 0 && map[s->syms[i].vn_from] >= 0) {
				visit(s, (int)i, map, order, &n);
				more = true;
			}
	}
	return n;
}

static uint64_t state_hash(const state *s, unsigned nvars)
{
	int *map = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	int *order = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	unsigned n = canon_order(s, nvars, map, order);
	uint64_t h = 1469598103934665603ull ^ s->nogil ^
		     (uint64_t)s->gil_borrowed << 1 ^
		     (uint64_t)s->selfcheck << 2 ^
		     (uint64_t)s->finalizing << 3;
	for (unsigned v = 0; v < nvars; v++) {
		h = mix(h, s->env[v] < 0 ? 0xffffffffu
					 : (uint64_t)map[s->env[v]]);
		h = mix(h, s->addr[v] < 0 ? 0xffffffffu
					  : (uint64_t)map[s->addr[v]]);
	}
	for (unsigned f = 0; f < s->nfs; f++) {
		if (map[s->fs[f].base] < 0)
			continue;
		h = mix(h, (uint64_t)map[s->fs[f].base]);
		h = mix_str(h, s->fs[f].field);
		h = mix(h, (uint64_t)map[s->fs[f].val] * 2 + s->fs[f].read);
		if (s->fs[f].ix >= 0)
			h = mix(h, (uint64_t)map[s->fs[f].ix] + 7);
	}
	for (unsigned k = 0; k < n; k++) {
		const sym *y = &s->syms[order[k]];
		h = mix(h, y->signs | (uint64_t)y->rs << 8 |
				   (uint64_t)(y->kind + 1) << 16 |
				   (uint64_t)y->has_val << 24 |
				   (uint64_t)y->borrowed_base << 25 |
				   (uint64_t)y->weak << 26 |
				   (uint64_t)y->consumed << 27 |
				   (uint64_t)y->lk << 28);
		if (y->has_val)
			h = mix(h, (uint64_t)y->val);
		if (y->has_ne)
			h = mix(h, (uint64_t)y->ne_val ^ 0x5bd1e995u);
		h = mix(h, (uint64_t)y->refs | (uint64_t)y->owed << 32 |
				   (uint64_t)y->static_obj << 40);
		h = mix(h, (uint64_t)(uintptr_t)y->acq);
		h = mix(h, y->base < 0 ? 0 : (uint64_t)map[y->base] + 1);
		h = mix(h, y->link < 0 ? 0 : (uint64_t)map[y->link] + 1);
		h = mix(h, (uint64_t)(y->addr_var + 1));
		h = mix(h, (uint64_t)(y->param + 1));
		h = mix(h, y->owner < 0 ? 0 : (uint64_t)map[y->owner] + 1);
		h = mix(h, y->debt_cont < 0 ? 0 : (uint64_t)map[y->debt_cont] + 1);
		h = mix(h, (y->eq_stat < 0 ? 0 : (uint64_t)map[y->eq_stat] + 1) |
				   (y->ne_stat < 0 ? 0
						   : (uint64_t)map[y->ne_stat] + 1)
					   << 32);
		h = mix(h, (uint64_t)y->readonly | (uint64_t)y->gil_prev << 1 |
				   (uint64_t)(y->stale_ev != NULL) << 9 |
				   (uint64_t)(y->inval_ev != NULL) << 10 |
				   (uint64_t)y->closed << 11 |
				   (uint64_t)y->fallible << 12 |
				   (uint64_t)y->held_elsewhere << 13 |
				   (uint64_t)y->interp_alive << 14 |
				   (uint64_t)(y->rel_var + 1) << 15 |
				   (uint64_t)(y->debt_ev != NULL) << 47);
	}
	free(map);
	free(order);
	return h ? h : 1;
}

/* ------------------------------------------------------------------ */
/* History and diagnostics                                             */

static const hist *hist_add(ctx *c, const hist *prev, ol_loc loc,
			    const char *msg)
{
	hist *h = OL_NEW(c->a, hist);
	h->prev = prev;
	h->loc = loc;
	h->msg = msg;
	h->seq = ++c->seq;
	return h;
}

static const ol_sm *sm_of(const sym *y)
{
	return y->kind >= 0 ? ol_sm_at((size_t)y->kind) : NULL;
}

static const char *sm_noun(const sym *y)
{
	const ol_sm *m = sm_of(y);
	if (m && y->rs == R_BORROWED)
		return "borrowed reference";
	return m ? m->noun : "resource";
}

static const char *sm_kind(const sym *y)
{
	const ol_sm *m = sm_of(y);
	return m ? m->kind : "?";
}

// "new reference 'x' from 'PyLong_FromLong'" / "heap memory from 'malloc'"
static const char *describe(ctx *c, const sym *y)
{
	const char *n = y->name;
	const char *api = y->acq_name;
	if (n && api)
		return ol_arena_printf(c->a, "%s '%s' from '%s'", sm_noun(y),
				       n, api);
	if (n)
		return ol_arena_printf(c->a, "%s '%s'", sm_noun(y), n);
	if (api)
		return ol_arena_printf(c->a, "%s from '%s'", sm_noun(y), api);
	return sm_noun(y);
}

#define MAX_BRANCH_EVENTS 12

// Builds a finding about `y` with the acquisition, the branches taken since
// (at most MAX_BRANCH_EVENTS, the latest ones), the release or move, and
// a final event.
static void report(ctx *c, ol_check_id check, const sym *y, ol_loc at,
		   const char *msg, const char *final_msg)
{
	if (c->quiet || !ol_diag_sink_enabled(c->sink, check))
		return;
	if ((check == OL_CHECK_OWN_LEAK || check == OL_CHECK_OWN_LEAK_ON_ERROR) &&
	    y && y->acq_ev) {
		ol_loc site = y->acq_ev->loc;
		site.line = site.line * 2 + (check == OL_CHECK_OWN_LEAK);
		for (size_t i = 0; i < c->leaked.len; i++)
			if (c->leaked.items[i].line == site.line &&
			    c->leaked.items[i].col == site.col &&
			    c->leaked.items[i].file == site.file)
				return;
		OL_VEC_PUSH(&c->leaked, site);
	}
	OL_VEC(ol_event) evs = {0};
	unsigned since = y && y->acq_ev ? y->acq_ev->seq : 0;
	// Collect history newer than the acquisition, newest first.
	const hist *branch[MAX_BRANCH_EVENTS];
	unsigned nb = 0;
	for (const hist *h = c->h; h && h->seq > since; h = h->prev) {
		if (!h->is_branch || (c->until_seq && h->seq > c->until_seq))
			continue;
		if (nb < MAX_BRANCH_EVENTS)
			branch[nb++] = h;
	}
	if (y && y->acq_ev) {
		ol_event e = {y->acq_ev->loc,
			      y->name ? ol_arena_printf(c->a, "'%s' %s",
							y->name,
							y->acq_ev->msg)
				      : (char *)y->acq_ev->msg};
		OL_VEC_PUSH(&evs, e);
	}
	// Interleave the release event in order of sequence.
	const hist *rel = y ? y->rel_ev : NULL;
	if (rel && y->acq_ev && rel->seq < y->acq_ev->seq)
		rel = NULL;
	for (unsigned i = nb; i-- > 0;) {
		if (rel && rel->seq < branch[i]->seq) {
			ol_event e = {rel->loc, (char *)rel->msg};
			OL_VEC_PUSH(&evs, e);
			rel = NULL;
		}
		ol_event e = {branch[i]->loc, (char *)branch[i]->msg};
		OL_VEC_PUSH(&evs, e);
	}
	if (rel) {
		ol_event e = {rel->loc, (char *)rel->msg};
		OL_VEC_PUSH(&evs, e);
	}
	if (final_msg) {
		ol_event e = {at, (char *)final_msg};
		OL_VEC_PUSH(&evs, e);
	}
	ol_diag d = {
		.check = check,
		.level = ol_check_info_get(check)->level,
		.loc = at,
		.msg = (char *)msg,
		.func = (char *)c->fn->name,
		// No saved thread state in view (a caller released the
		// GIL): MOJO-BOR-203 is still about the GIL.
		.resource = y ? (char *)sm_kind(y)
			: check == OL_CHECK_BOR_NO_GIL ? (char *)"gil" : NULL,
		.subject = y ? (char *)y->name : NULL,
		.events = evs.items,
		.nevents = evs.len,
	};
	ol_diag_sink_add(c->sink, &d);
	OL_VEC_FREE(&evs);
}

/* ------------------------------------------------------------------ */
/* Resource transitions                                                */

static int kind_index(const char *kind)
{
	const ol_sm *m = ol_sm_find(kind);
	if (!m)
		return -1;
	for (size_t i = 0; i < ol_sm_count(); i++)
		if (ol_sm_at(i) == m)
			return (int)i;
	return -1;
}

// "heap memory", "buffer view": what an entry's releases are about.
static const char *kind_noun(const ol_kb_entry *ent)
{
	const ol_sm *m = ol_sm_find(ent->resource);
	return m ? m->noun : ent->resource;
}

static bool is_pyref(const ctx *c, const sym *y)
{
	return y->kind >= 0 && y->kind == c->tu->pyref_kind;
}

// Ownership goes somewhere we do not follow (a field, a global, unknown
// code that may keep it).
static void escape(state *s, int i)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->rs == R_OWNED)
		y->rs = R_ESCAPED;
}

// A parameter's value is released, stolen or stored while it is still the
// caller's reference (not one this function took with Py_INCREF): the
// function consumes its argument.
static void note_consumed(sym *y)
{
	if (y->static_obj)
		return; // Py_None & co. are never freed: nothing is owed
	if (y->rs == R_BORROWED || (y->param >= 0 && y->rs == R_NONE)) {
		y->consumed = true;
		if (y->owed < UINT8_MAX)
			y->owed++;
	}
}

// Stored somewhere that keeps it: a field, a global, an aggregate.
static void store_escape(state *s, int i)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	note_consumed(&s->syms[i]);
	escape(s, i);
}

// A use of `i` that needs the resource alive (dereference, argument).
static void use_check(ctx *c, state *s, int i, ol_loc loc, const char *how)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->signs == S_ZERO)
		return; // NULL: nothing is used (`return annotations;` when
			// the lookup found nothing)
	if (y->owner >= 0 && s->syms[y->owner].rs == R_RELEASED &&
	    !s->syms[y->owner].held_elsewhere) {
		// MOJO-BOR-201: the borrow outlived what it borrows from.
		sym *o = &s->syms[y->owner];
		const char *what = y->name
			? ol_arena_printf(c->a, "'%s'", y->name)
			: y->acq_name ? ol_arena_printf(c->a, "the result of "
							"'%s'", y->acq_name)
				      : "a borrowed pointer";
		report(c, OL_CHECK_BOR_OUTLIVES, o, loc,
		       ol_arena_printf(c->a, "%s is %s after its owner %s was "
				       "released", what, how, describe(c, o)),
		       ol_arena_printf(c->a, "%s here", how));
		y->owner = -1;
		return;
	}
	if (y->stale_ev && y->rs == R_BORROWED) {
		// MOJO-BOR-207: the container it was borrowed from changed.
		report(c, OL_CHECK_BOR_MUT_BORROW, y, loc,
		       ol_arena_printf(c->a, "%s is %s after its container "
				       "was changed (%s)", describe(c, y), how,
				       y->stale_ev->msg),
		       ol_arena_printf(c->a, "%s here", how));
		y->stale_ev = NULL;
		return;
	}
	if (y->inval_ev && y->rs == R_BORROWED) {
		// MOJO-BOR-206: a deallocation ran code that may have dropped
		// the owner's reference to it.
		report(c, OL_CHECK_BOR_INVALIDATED, y, loc,
		       ol_arena_printf(c->a, "%s is %s after a release that "
				       "may have run Python code (%s)",
				       describe(c, y), how, y->inval_ev->msg),
		       ol_arena_printf(c->a, "%s here", how));
		y->inval_ev = NULL;
		return;
	}
	if (y->rs != R_RELEASED)
		return;
	const char *msg = ol_arena_printf(c->a, "%s is %s after it was "
					  "released", describe(c, y), how);
	report(c, OL_CHECK_OWN_USE_AFTER_FREE, y, loc, msg,
	       ol_arena_printf(c->a, "%s here", how));
	y->rs = R_STOP;
}

// MOJO-OWN-109 for out-parameters: the call that filled `i` returned a
// status nobody tested (`cudaMalloc(&d, n); cudaMemset(d, ...)`), and the
// value is now used.
static void status_check(ctx *c, state *s, int i, ol_loc loc, const char *how)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (!y->status_unchecked || y->rs != R_OWNED)
		return;
	report(c, OL_CHECK_OWN_UNCHECKED, y, loc,
	       ol_arena_printf(c->a, "%s is %s but the status of the call "
			       "that acquired it was never checked",
			       describe(c, y), how),
	       ol_arena_printf(c->a, "%s here", how));
	y->status_unchecked = false;
}

// The acquisition may have failed (NULL) and nothing checked it yet.
static bool unchecked(const sym *y)
{
	// Only documented failures (the knowledge base), not computed
	// summaries or conventions: the caller may know better.
	return y->rs == R_OWNED && (y->signs & S_ZERO) &&
	       y->signs != S_ZERO && !y->borrowed_base && y->acq &&
	       strcmp(y->acq->family, "summary") &&
	       y->acq->fails_when.cmp == OL_KB_CMP_EQ &&
	       y->acq->fails_when.is_null;
}

static void report_unchecked(ctx *c, state *s, int r, ol_loc loc,
			     const char *how)
{
	sym *y = &s->syms[r];
	const char *msg = ol_arena_printf(
		c->a, "%s is %s before it is checked for NULL",
		describe(c, y), how);
	report(c, OL_CHECK_OWN_UNCHECKED, y, loc, msg,
	       ol_arena_printf(c->a, "%s here while it may be NULL", how));
	y->signs = S_POS; // say it once
}

// `*p`, `p->f`, `p[i]`: the value must be alive and known non-NULL.
static void deref_check(ctx *c, state *s, int i, ol_loc loc)
{
	use_check(c, s, i, loc, "dereferenced");
	status_check(c, s, i, loc, "dereferenced");
	int r = sym_root(s, i);
	if (r < 0)
		return;
	if (unchecked(&s->syms[r]))
		report_unchecked(c, s, r, loc, "dereferenced");
	// After a dereference the pointer is non-NULL (or the program
	// crashed).
	if (s->syms[i].signs & S_POS)
		s->syms[i].signs = S_POS;
	if (s->syms[r].signs & S_POS)
		s->syms[r].signs = S_POS;
}

static void fact(ctx *c, ol_owner_fact_kind kind, const char *owner_type,
		 const char *field, const sym *y, const char *api, ol_loc loc,
		 bool on_param0, const char *value_type)
{
	if (c->quiet || !c->opts->on_fact || !field)
		return;
	ol_owner_fact f = {
		.kind = kind,
		.owner_type = owner_type,
		.field = field,
		.value_type = value_type,
		.resource = y && y->kind >= 0 ? sm_kind(y) : NULL,
		.api = api,
		.func = c->fn->name,
		.loc = loc,
		.on_param0 = on_param0,
	};
	c->opts->on_fact(&f, c->opts->fact_payload);
}

static void mark_released(ctx *c, sym *y, const char *api, ol_loc loc)
{
	y->rs = R_RELEASED;
	y->rel_ev = c->h = hist_add(
		c, c->h, loc,
		ol_arena_printf(c->a, "released here by '%s'", api));
}

// The last reference to `gone` was dropped: its deallocation may run
// arbitrary Python code (__del__, weakref callbacks) that changes
// containers this function does not own, and drops what was borrowed
// from them. (Containers it created are private to it.)
static void invalidate_borrows(ctx *c, state *s, const sym *gone,
			       const char *api, ol_loc loc)
{
	// Only an object that may be of any type has a destructor that can
	// run code: one made by an API that itself runs Python code
	// (PyObject_Call*, GetAttr, GetItem, ...) or by an unknown function.
	// A string from PyUnicode_FromString is just freed.
	if (gone->acq && !gone->acq->runs_python &&
	    strcmp(gone->acq->family, "summary"))
		return;
	const hist *ev = NULL;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs != R_BORROWED || y->owner < 0 || y->inval_ev ||
		    y == gone || y->static_obj ||
		    (y->acq && y->acq->stable_borrow))
			continue;
		const sym *o = &s->syms[y->owner];
		if (o == gone || (o->rs == R_OWNED && !o->borrowed_base))
			continue;
		if (!ev) {
			hist *h = (hist *)hist_add(
				c, c->h, loc,
				ol_arena_printf(c->a, "'%s' releases the last "
						"reference to %s here", api,
						gone->name ? ol_arena_printf(
							c->a, "'%s'", gone->name)
							   : "an object"));
			h->is_branch = true;
			c->h = h;
			ev = h;
		}
		y->inval_ev = ev;
	}
}

// Releasing a reference (Py_DECREF & co.): one owned reference less.
// MOJO-OWN-102: `api` at `loc` releases a reference already stolen.
static void report_release_moved(ctx *c, sym *y, const char *api, ol_loc loc)
{
	report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, loc,
	       ol_arena_printf(c->a, "%s is released by '%s' after its "
			       "reference was stolen", describe(c, y), api),
	       ol_arena_printf(c->a, "released here by '%s'", api));
	y->rs = R_STOP;
}

// MOJO-OWN-106: stealing `api` at `loc` takes a borrowed reference.
static void report_steal_borrowed(ctx *c, sym *y, const char *api, ol_loc loc)
{
	report(c, OL_CHECK_OWN_REL_BORROWED, y, loc,
	       ol_arena_printf(c->a, "%s is passed to '%s', which steals a "
			       "reference this function does not own",
			       describe(c, y), api),
	       ol_arena_printf(c->a, "stolen here by '%s'", api));
	y->rs = R_STOP;
}

static void pyref_release(ctx *c, state *s, sym *y, const char *api,
			  ol_loc loc, bool null_ok)
{
	switch (y->rs) {
	case R_OWNED:
		if (!null_ok && unchecked(y))
			report_unchecked(c, s, (int)(y - s->syms), loc,
					 ol_arena_printf(c->a,
							 "passed to '%s'",
							 api));
		if (--y->refs > 0)
			return;
		if (y->borrowed_base) {
			// Back to the reference we borrowed.
			y->rs = R_BORROWED;
			y->borrowed_base = false;
			return;
		}
		mark_released(c, y, api, loc);
		if (!y->held_elsewhere)
			invalidate_borrows(c, s, y, api, loc);
		return;
	case R_BORROWED:
		if (y->static_obj)
			return; // Py_DECREF(Py_None) drops a reference we hold
		if (y->weak || c->quiet) {
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		report(c, OL_CHECK_OWN_REL_BORROWED, y, loc,
		       ol_arena_printf(c->a, "%s is released by '%s' but this "
				       "function does not own it",
				       describe(c, y), api),
		       ol_arena_printf(c->a, "released here by '%s'", api));
		y->rs = R_STOP;
		return;
	case R_MOVED:
		if (y->owner >= 0 && y->slot_const && !y->debt_ev &&
		    !c->quiet) {
			// Wait: the slot may be overwritten next.
			y->debt_ev = hist_add(c, c->h, loc,
					      ol_arena_printf(
						      c->a, "released here by "
						      "'%s'", api));
			y->debt_api = api;
			return;
		}
		report_release_moved(c, y, api, loc);
		return;
	default:
		return;
	}
}

// End of path: a reference released while its container's slot still
// held it, and the slot never overwritten (MOJO-OWN-102).
static void report_slot_debts(ctx *c, state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (!y->debt_ev)
			continue;
		if (y->rs == R_BORROWED)
			report_steal_borrowed(c, y, y->debt_api, y->debt_ev->loc);
		else if (y->rs == R_MOVED)
			report_release_moved(c, y, y->debt_api, y->debt_ev->loc);
		y->debt_ev = NULL;
	}
}

// Releasing a borrow that belongs to a resource of another kind
// (`Py_DECREF(view.obj)`, `free(view.buf)`): the owner's release function
// must do it (MOJO-OWN-111). Returns true when it reported.
static bool release_of_owned_part(ctx *c, state *s, sym *y, const char *api,
				  ol_loc loc)
{
	if (y->owner < 0)
		return false;
	sym *o = &s->syms[y->owner];
	if (o->kind < 0 || o->kind == c->tu->pyref_kind || o->rs != R_OWNED)
		return false;
	report(c, OL_CHECK_OWN_MISMATCH, o, loc,
	       ol_arena_printf(c->a, "'%s' releases part of %s; release the "
			       "whole with its own function%s%s", api,
			       describe(c, o),
			       o->acq && o->acq->nreleases_with ? ": " : "",
			       o->acq && o->acq->nreleases_with
				       ? o->acq->releases_with[0] : ""),
	       ol_arena_printf(c->a, "released by '%s'", api));
	y->owner = -1;
	return true;
}

// Forgets the field slots of `base` whose name starts with `prefix` (all
// of them when NULL).
static void drop_fields_named(state *s, int base, const char *prefix)
{
	size_t n = prefix ? strlen(prefix) : 0;
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (s->fs[f].base != base ||
		    (prefix && strncmp(s->fs[f].field, prefix, n)))
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

// Forgets the field slots whose values were only read from memory; those
// this function wrote keep what it wrote.
static void forget_reads(state *s)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (!s->fs[f].read)
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

// A call filled, emptied or released `base`: what was known of its fields is
// stale.
static void drop_fields(state *s, int base)
{
	drop_fields_named(s, base, NULL);
}

static void release(ctx *c, state *s, int i, const char *api, ol_loc loc,
		    bool null_ok)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (release_of_owned_part(c, s, y, api, loc))
		return;
	if (y->from_field)
		fact(c, OL_FACT_RELEASE, y->from_type, y->from_field, y, api,
		     loc, y->from_param0, NULL);
	if (y->st_field && y->rs == R_ESCAPED)
		y->st_field = NULL; // stored, then released: a borrowing field
	if (y->signs == S_ZERO)
		return; // releasing NULL: a no-op for the APIs that allow it
	if (y->param >= 0 && (y->rs == R_BORROWED || y->rs == R_NONE))
		y->released = true;
	note_consumed(y);
	if (y->rs == R_RELEASED && sm_of(y) && sm_of(y)->rerelease_noop &&
	    c->rel_via >= 0 && c->rel_via == y->rel_var)
		return; // PyBuffer_Release(&view) twice: view.obj is NULL
	if (y->rs == R_RELEASED) {
		report(c, OL_CHECK_OWN_DOUBLE, y, loc,
		       ol_arena_printf(c->a, "%s is released twice",
				       describe(c, y)),
		       ol_arena_printf(c->a, "released again by '%s'", api));
		y->rs = R_STOP;
		return;
	}
	if (is_pyref(c, y)) {
		pyref_release(c, s, y, api, loc, null_ok);
		return;
	}
	if (y->rs != R_OWNED)
		return;
	// `release` (not `release_null_ok`) requires a handle: one whose
	// acquisition may have failed must be tested first.
	if (!null_ok && unchecked(y))
		report_unchecked(c, s, i, loc,
				 ol_arena_printf(c->a, "passed to '%s'", api));
	if (y->acq && y->acq->nreleases_with) {
		bool ok = false;
		for (size_t k = 0; k < y->acq->nreleases_with; k++)
			if (!strcmp(y->acq->releases_with[k], api))
				ok = true;
		if (!ok) {
			const char *msg = ol_arena_printf(
				c->a, "%s is released with '%s'; use '%s'",
				describe(c, y), api, y->acq->releases_with[0]);
			report(c, OL_CHECK_OWN_MISMATCH, y, loc, msg,
			       ol_arena_printf(c->a, "released by '%s'",
					       api));
			y->rs = R_STOP;
			return;
		}
	}
	mark_released(c, y, api, loc);
	y->rel_var = c->rel_via;
	if (y->kind >= 0 && y->kind == c->tu->buffer_kind)
		drop_fields(s, i); // view.obj is NULL now
}

// A stealing parameter takes one reference (PyTuple_SetItem & co.).
static void steal(ctx *c, state *s, int i, const char *api, ol_loc loc)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	note_consumed(y);
	if (y->signs == S_ZERO)
		return;
	if (!is_pyref(c, y)) {
		escape(s, i);
		return;
	}
	switch (y->rs) {
	case R_OWNED:
		if (--y->refs > 0)
			return;
		y->rs = R_MOVED;
		y->rel_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "reference stolen here by '%s'",
					api));
		return;
	case R_BORROWED:
		if (y->static_obj)
			return; // consumed; a later Py_INCREF pays for it
		if (y->weak || c->quiet) {
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		if (c->slot_cont >= 0 && !y->debt_ev) {
			// Into a slot: a later Py_INCREF may still pay.
			y->debt_ev = hist_add(c, c->h, loc,
					      ol_arena_printf(c->a, "stolen here "
							      "by '%s'", api));
			y->debt_api = api;
			y->debt_cont = c->slot_cont;
			return;
		}
		report_steal_borrowed(c, y, api, loc);
		return;
	case R_MOVED:
		report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, loc,
		       ol_arena_printf(c->a, "%s is stolen again by '%s' after "
				       "its reference was already stolen",
				       describe(c, y), api),
		       ol_arena_printf(c->a, "stolen again by '%s'", api));
		y->rs = R_STOP;
		return;
	case R_RELEASED:
		use_check(c, s, i, loc, ol_arena_printf(c->a, "passed to '%s'",
							api));
		return;
	default:
		return;
	}
}

// Py_INCREF & co.: one more owned reference.
// An item a container held (or stole from us) is ours again: owned, but
// `weak`, since which slot it was is not always certain (no leak report).
static void own_slot_item(ctx *c, sym *y, ol_loc loc, const char *why)
{
	y->rs = R_OWNED;
	y->refs = 1;
	y->weak = true;
	y->owner = -1;
	y->borrowed_base = false;
	y->debt_ev = NULL;
	y->acq_ev = c->h = hist_add(c, c->h, loc, why);
}

// `Py_XINCREF(PyTuple_GET_ITEM(args, i))` (at any index when i is not a
// constant, as in a loop over all of them): each reference the container
// stole from us at that slot is ours again (_testbuffer's "borrowed slot"
// idiom, before `Py_DECREF(args)`).
static void retake_slots(ctx *c, state *s, int cont, bool slot_const,
			 long long slot_val, ol_loc loc)
{
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *m = &s->syms[j];
		if (m->rs == R_BORROWED && m->debt_ev && m->debt_cont == cont) {
			m->debt_ev = NULL; // the slot owns a reference now
			m->debt_cont = -1;
			continue;
		}
		if (m->rs != R_MOVED || m->owner != cont ||
		    (slot_const && m->slot_const && m->slot_val != slot_val))
			continue;
		own_slot_item(c, m, loc, "a new reference to the item is taken "
			      "from its container slot");
	}
}

static void incref(ctx *c, state *s, int i, const char *api, ol_loc loc,
		   bool null_ok)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->signs == S_ZERO)
		return;
	switch (y->rs) {
	case R_OWNED:
		if (!null_ok && unchecked(y))
			report_unchecked(c, s, i, loc,
					 ol_arena_printf(c->a,
							 "passed to '%s'",
							 api));
		y->refs++;
		return;
	case R_RELEASED:
		use_check(c, s, i, loc, ol_arena_printf(c->a, "passed to '%s'",
							api));
		return;
	case R_STOP:
		return;
	case R_NONE:
	case R_ESCAPED:
		// A value of unknown origin (an array slot, a computed
		// pointer) or one stored elsewhere: we own a reference now,
		// but it may as well be an extra one kept where the value
		// came from, so a leak of it is not reported (`weak`).
		y->weak = true;
		break;
	case R_BORROWED:
		if (y->debt_ev) {
			// `SET_ITEM(t, i, item); Py_INCREF(item);`: paid now.
			y->debt_ev = NULL;
			y->debt_cont = -1;
			return;
		}
		if (y->owed && !y->weak) {
			// `self->key = key; Py_INCREF(key);` and
			// `SET_ITEM(t, i, Py_None); Py_INCREF(Py_None);`:
			// the reference was handed over first, paid for now.
			if (--y->owed == 0)
				y->consumed = false;
			return;
		}
		if (y->owner >= 0 && y->acq && y->acq->macro)
			retake_slots(c, s, y->owner, y->slot_const, y->slot_val,
				     loc);
		break;
	default:
		break;
	}
	// Borrowed or moved into a container: we now own one reference to
	// an object someone else keeps alive. (Taken on a global's or a
	// field's value it may as well be an extra reference kept there:
	// `weak` stays, and no leak is reported for it.)
	y->kind = c->tu->pyref_kind;
	y->rs = R_OWNED;
	y->refs = 1;
	y->borrowed_base = true;
	// An item borrowed from a container slot and increfed in place
	// (`Py_XINCREF(PyTuple_GET_ITEM(t, i))`, the "borrowed slot" idiom)
	// may be the slot's own reference: no leak is reported for it.
	if (y->owner >= 0)
		y->weak = true;
	y->owner = -1; // a strong reference: no longer tied to its owner
	y->acq = NULL;
	y->acq_name = api;
	y->acq_ev = c->h = hist_add(
		c, c->h, loc,
		ol_arena_printf(c->a, "reference taken here by '%s'", api));
}

static int new_resource(ctx *c, state *s, int kind, uint8_t signs,
			const ol_kb_entry *acq, const char *api, ol_loc loc)
{
	int r = sym_new(s, signs);
	sym *y = &s->syms[r];
	y->rs = R_OWNED;
	y->refs = 1;
	y->kind = kind;
	y->acq = acq;
	y->acq_name = api;
	bool pyref = kind == c->tu->pyref_kind;
	y->acq_ev = c->h = hist_add(
		c, c->h, loc,
		pyref ? ol_arena_printf(c->a, "new reference returned by '%s'",
					api)
		      : ol_arena_printf(c->a, "acquired here from '%s' (%s)",
					api, ol_sm_at((size_t)kind)->noun));
	return r;
}

static int new_borrowed(ctx *c, state *s, uint8_t signs, const char *api,
			ol_loc loc, bool weak)
{
	int r = sym_new(s, signs);
	sym *y = &s->syms[r];
	y->rs = R_BORROWED;
	y->kind = c->tu->pyref_kind;
	y->weak = weak;
	y->acq_name = api;
	if (api)
		y->acq_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "borrowed reference returned "
					"by '%s'", api));
	return r;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */

static int eval(ctx *c, state *s, const ol_expr *e);
static int macro_container(ctx *c, state *s, const ol_expr *base);

// The field-slot name of item k of a tuple or list (constant, so nothing
// is allocated per read), or NULL past the first few.
static const char *item_slot_name(long long k)
{
	static const char *const names[] = {
		"ob_item[0]", "ob_item[1]", "ob_item[2]", "ob_item[3]",
		"ob_item[4]", "ob_item[5]", "ob_item[6]", "ob_item[7]",
	};
	return k >= 0 && k < 8 ? names[k] : NULL;
}
static void slot_takeover(ctx *c, state *s, int cont, const sym *idx,
			  ol_loc loc);
static void in_slot(state *s, int v, int cont, const sym *idx);

static bool is_local(const ol_var *v)
{
	return v->kind == OL_VAR_PARAM || v->kind == OL_VAR_LOCAL ||
	       v->kind == OL_VAR_TEMP;
}

static void bind_fact(ctx *c, state *s, const ol_var *v, int i, ol_loc loc)
{
	if (i < 0 || is_local(v))
		return;
	const sym *y = &s->syms[sym_root(s, i)];
	if (y->rs == R_OWNED)
		fact(c, OL_FACT_STORE, NULL, v->name, y, y->acq_name, loc,
		     false, v->type.pointee);
}


static void bind(state *s, const ol_var *v, int i)
{
	s->env[v->id] = i;
	if (i >= 0 && !s->syms[i].name && v->kind != OL_VAR_TEMP)
		s->syms[i].name = v->name;
	if (i >= 0 && !is_local(v))
		store_escape(s, i);
	// cleanup(fn) runs fn(&v) at the end of v's scope: what v holds is
	// the cleanup's to release (say less: it is no longer followed).
	if (i >= 0 && v->cleanup)
		escape(s, i);
}

// `annotate("mojo::steals(N)")` on the analyzed function itself.
static bool annotated_steal(const ol_func *fn, unsigned index)
{
	char want[48];
	snprintf(want, sizeof want, "mojo::steals(%u)", index + 1);
	return fn->attrs && strstr(fn->attrs, want);
}

// The definition of a function the knowledge base says steals argument
// `index` (PyException_SetCause in CPython's own sources).
static bool kb_steal(const ol_kb *kb, const ol_func *fn, unsigned index)
{
	const ol_kb_entry *e = kb && fn->name ? ol_kb_lookup(kb, fn->name)
					       : NULL;
	return e && !e->macro && index < e->nargs &&
	       ol_kb_arg_effect(e, index) == OL_KB_ARG_STEAL;
}

static int param_sym(ctx *c, state *s, const ol_var *v)
{
	int i;
	if (is_pyobj(&v->type)) {
		bool steals = (c->sum && c->sum->steal_in &&
			       c->sum->steal_in[v->param_index]) ||
			      annotated_steal(c->fn, v->param_index) ||
			      kb_steal(c->kb, c->fn, v->param_index);
		if (steals) {
			// This function's summary says it steals the
			// argument: its callers hand it one reference.
			i = sym_new(s, S_ZERO | S_POS);
			sym *y = &s->syms[i];
			y->rs = R_OWNED;
			y->refs = 1;
			y->kind = c->tu->pyref_kind;
			y->acq_name = NULL;
			y->acq_ev = c->h = hist_add(
				c, c->h, v->loc,
				"is a parameter whose reference this "
				"function steals");
		} else {
			bool lenient = c->sum && c->sum->lenient_in &&
				       c->sum->lenient_in[v->param_index];
			i = new_borrowed(c, s, S_ZERO | S_POS, NULL, v->loc,
					 lenient);
		}
	} else {
		i = sym_fresh(s, &v->type);
	}
	s->syms[i].param = (int)v->param_index;
	s->syms[i].name = v->name;
	return i;
}

static int read_var(ctx *c, state *s, const ol_var *v)
{
	if (s->env[v->id] < 0) {
		int i;
		if (v->kind == OL_VAR_PARAM) {
			i = sym_fresh(s, &v->type); // overwritten by a call
		} else if (!is_local(v) && is_pyobj(&v->type)) {
			// A module-level object: someone else's reference.
			i = new_borrowed(c, s, S_ZERO | S_POS, NULL, v->loc,
					 true);
		} else {
			i = sym_fresh(s, &v->type);
			if (v->type.cls == OL_TY_ARRAY) {
				s->syms[i].signs = S_POS;
				s->syms[i].local_mem = is_local(v);
			}
		}
		s->env[v->id] = i;
		if (v->kind != OL_VAR_TEMP && !s->syms[i].name)
			s->syms[i].name = v->name;
	}
	return s->env[v->id];
}

// Values of globals and static locals, and fields, may change in any call
// that runs code we do not see; forget them.
static void forget_memory(ctx *c, state *s)
{
	for (unsigned v = 0; v < c->nvars; v++) {
		if (is_local(c->fn->vars[v]) || s->env[v] < 0)
			continue;
		// A reference we hold through a global stays ours whatever
		// the call does to the variable.
		rstate rs = s->syms[s->env[v]].rs;
		if (rs == R_OWNED || rs == R_RELEASED || rs == R_MOVED ||
		    rs == R_STOP)
			continue;
		s->env[v] = -1;
	}
	// Fields this function wrote keep what it wrote (a freshly made
	// object nobody else knows yet); values it only read are forgotten.
	forget_reads(s);
}

static fslot *field_slot(state *s, int base, const char *field)
{
	for (unsigned i = 0; i < s->nfs; i++)
		if (s->fs[i].base == base && !strcmp(s->fs[i].field, field))
			return &s->fs[i];
	return NULL;
}

static fslot *field_add(state *s, int base, const char *field, int val,
			bool read)
{
	if (s->nfs == s->fcap) {
		s->fcap = s->fcap ? s->fcap * 2 : 8;
		s->fs = ol_xrealloc(s->fs, sizeof(fslot) * s->fcap);
	}
	fslot *f = &s->fs[s->nfs++];
	f->base = base;
	f->field = field;
	f->val = val;
	f->read = read;
	f->ix = -1;
	return f;
}

// An out-parameter's fields keep their values until the call is known to
// have succeeded (`view.len = -1` marks a Py_buffer not acquired yet).
static void keep_fields(state *s, int from, int to)
{
	unsigned n = s->nfs;
	for (unsigned i = 0; i < n; i++)
		if (s->fs[i].base == from)
			field_add(s, to, s->fs[i].field, s->fs[i].val,
				  s->fs[i].read);
}

static long long fold(ol_opcode op, long long a, long long b, bool *ok)
{
	*ok = true;
	switch (op) {
	case OL_OP_ADD: return (long long)((unsigned long long)a + (unsigned long long)b);
	case OL_OP_SUB: return (long long)((unsigned long long)a - (unsigned long long)b);
	case OL_OP_MUL: return (long long)((unsigned long long)a * (unsigned long long)b);
	case OL_OP_AND: return a & b;
	case OL_OP_OR: return a | b;
	case OL_OP_XOR: return a ^ b;
	case OL_OP_EQ: return a == b;
	case OL_OP_NE: return a != b;
	case OL_OP_LT: return a < b;
	case OL_OP_LE: return a <= b;
	case OL_OP_GT: return a > b;
	case OL_OP_GE: return a >= b;
	case OL_OP_DIV:
		if (b == 0 || (b == -1 && a == LLONG_MIN))
			break;
		return a / b;
	case OL_OP_MOD:
		if (b == 0 || (b == -1 && a == LLONG_MIN))
			break;
		return a % b;
	default:
		break;
	}
	*ok = false;
	return 0;
}

static bool is_pointer(const ol_type *t)
{
	return t->cls == OL_TY_POINTER || t->cls == OL_TY_ARRAY;
}

static int eval_binary(state *s, ol_opcode op, int l, int r,
		       const ol_type *lt, const ol_type *rt,
		       const ol_type *res)
{
	const sym *a = &s->syms[l], *b = &s->syms[r];
	if (a->has_val && b->has_val) {
		bool ok;
		long long v = fold(op, a->val, b->val, &ok);
		if (ok)
			return sym_const(s, v);
	}
	if ((op == OL_OP_ADD || op == OL_OP_SUB) && is_pointer(res)) {
		// p + n, n + p, p - n: a pointer into the same block.
		int base = is_pointer(lt) ? l : is_pointer(rt) ? r : -1;
		int i = sym_new(s, S_ZERO | S_POS);
		if (base >= 0 && s->syms[sym_root(s, base)].rs != R_NONE)
			s->syms[i].base = sym_root(s, base);
		if (base >= 0 && !(s->syms[base].signs & S_ZERO))
			s->syms[i].signs = S_POS;
		if (base >= 0)
			s->syms[i].local_mem = s->syms[base].local_mem;
		return i;
	}
	if (op >= OL_OP_EQ && op <= OL_OP_GE)
		return sym_new(s, S_ZERO | S_POS);
	// Integer sums keep what the signs say: `2 + nmemb` with nmemb >= 1
	// is positive (a loop `for (i = 0; i < 2 + nmemb; i++)` runs).
	if (op == OL_OP_ADD && !is_pointer(res) &&
	    !((a->signs | b->signs) & S_NEG) && ((a->signs | b->signs) & S_POS) &&
	    a->signs && b->signs) {
		bool pos = !(a->signs & S_ZERO) || !(b->signs & S_ZERO);
		return sym_new(s, pos ? S_POS : (S_ZERO | S_POS));
	}
	// A tagged pointer, `(uintptr_t)p | 1` (elementtree's JOIN_SET) or
	// `p & ~mask`: still the same resource wherever it is stored.
	// `p & 1` reads a tag bit: an integer, not the pointer.
	if (op == OL_OP_AND && ((a->has_val && a->val >= 0 && a->val < 4096) ||
				(b->has_val && b->val >= 0 && b->val < 4096))) {
		// The same flag test twice is the same value: `if ((flags &
		// 4) == 0)` around both the acquire and the release.
		int from = a->has_val ? r : l;
		long long k = a->has_val ? a->val : b->val;
		for (unsigned i = 0; i < s->nsyms; i++)
			if (s->syms[i].vn_from == from && s->syms[i].vn_k == k)
				return (int)i;
		int i = sym_fresh(s, res);
		s->syms[i].vn_from = from;
		s->syms[i].vn_k = k;
		return i;
	}
	if (op == OL_OP_OR || op == OL_OP_AND || op == OL_OP_XOR ||
	    op == OL_OP_ADD || op == OL_OP_SUB) {
		int ra = sym_root(s, l), rb = sym_root(s, r);
		bool ta = s->syms[ra].rs != R_NONE && !a->has_val;
		bool tb = s->syms[rb].rs != R_NONE && !b->has_val;
		if (ta != tb) {
			int i = sym_fresh(s, res);
			s->syms[i].base = ta ? ra : rb;
			return i;
		}
	}
	return sym_fresh(s, res);
}

static summary *summary_of(ctx *c, const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < c->tu->nsums; i++)
		if (c->tu->sums[i].done &&
		    !strcmp(c->tu->sums[i].fn->name, name))
			return &c->tu->sums[i];
	return NULL;
}

// Reads "name(N)" at `p` for attribute `name`; returns N or -1.
static int attr_index(const char *p, const char *name)
{
	size_t n = strlen(name);
	if (strncmp(p, name, n) || p[n] != '(')
		return -1;
	return atoi(p + n + 1);
}

// The knowledge-base entry that source annotations of the callee describe
// (SPEC §5), made once per callee and kept for the translation unit:
//   ownership_returns(K)      returns an owned resource of kind K
//   ownership_takes(K, N)     releases argument N (1-based)
//   ownership_holds(K, N)     keeps argument N (ownership moves)
//   annotate("mojo::new_ref") / ("mojo::borrowed_ref")
//   annotate("mojo::steals(N)"), annotate("mojo::interior(N)")
static const ol_kb_entry *annotated_entry(ctx *c, const ol_expr *call)
{
	tu_ctx *tu = c->tu;
	for (size_t i = 0; i < tu->annotated.len; i++)
		if (!strcmp(tu->annotated.items[i]->name, call->text))
			return tu->annotated.items[i];
	ol_kb_entry *e = OL_NEW(tu->a, ol_kb_entry);
	size_t nargs = call->nargs;
	ol_kb_arg *args = OL_NEW_ARRAY(tu->a, ol_kb_arg, nargs + 1);
	for (size_t k = 0; k < nargs; k++)
		args[k].effect = OL_KB_ARG_BORROW;
	e->name = ol_arena_strdup(tu->a, call->text);
	e->family = "annotations";
	e->resource = "pyref";
	e->file = call->loc.file;
	e->ret = OL_KB_RET_NONE;
	e->borrowed_from = e->returns_arg = e->format_arg = -1;
	e->small_int_arg = e->queries_arg = -1;
	e->nargs = nargs;
	e->args = args;
	e->fails_when.cmp = OL_KB_CMP_NEVER;
	e->acquired_when.cmp = OL_KB_CMP_UNKNOWN;
	char *spec = ol_arena_strdup(tu->a, call->attrs);
	for (char *p = spec; p && *p;) {
		char *end = strchr(p, ';');
		if (end)
			*end = 0;
		char kind[64] = "";
		int n = -1;
		const char *own = NULL;
		if (!strncmp(p, "ownership_", 10)) {
			own = p + 10;
			const char *open = strchr(p, '(');
			if (open) {
				size_t len = strcspn(open + 1, ",)");
				if (len >= sizeof kind)
					len = sizeof kind - 1;
				memcpy(kind, open + 1, len);
				kind[len] = 0;
				const char *comma = strchr(open, ',');
				if (comma)
					n = atoi(comma + 1);
			}
		}
		const char *res = kind[0] ? ol_arena_strdup(tu->a, kind) : NULL;
		if (own && !strncmp(own, "returns", 7) && res) {
			e->ret = OL_KB_RET_ACQUIRE;
			e->resource = res;
			e->fails_when.cmp = OL_KB_CMP_EQ;
			e->fails_when.is_null = true;
		} else if (own && !strncmp(own, "takes", 5) && res && n >= 1 &&
			   (size_t)n <= nargs) {
			args[n - 1].effect = OL_KB_ARG_RELEASE_NULL_OK;
			args[n - 1].resource = res;
			if (e->ret == OL_KB_RET_NONE)
				e->resource = res;
		} else if (own && !strncmp(own, "holds", 5) && res && n >= 1 &&
			   (size_t)n <= nargs) {
			args[n - 1].effect = OL_KB_ARG_STEAL;
			args[n - 1].resource = res;
		} else if (!strcmp(p, "annotate(mojo::new_ref)")) {
			e->ret = OL_KB_RET_NEW;
			e->fails_when.cmp = OL_KB_CMP_EQ;
			e->fails_when.is_null = true;
		} else if (!strcmp(p, "annotate(mojo::borrowed_ref)")) {
			e->ret = OL_KB_RET_BORROWED;
		} else if ((n = attr_index(p, "annotate(mojo::steals")) >= 1 &&
			   (size_t)n <= nargs) {
			args[n - 1].effect = OL_KB_ARG_STEAL;
			args[n - 1].resource = "pyref";
		} else if ((n = attr_index(p, "annotate(mojo::interior")) >= 1 &&
			   (size_t)n <= nargs) {
			e->ret = OL_KB_RET_INTERIOR;
			e->borrowed_from = n - 1;
		}
		p = end ? end + 1 : NULL;
	}
	OL_VEC_PUSH(&tu->annotated, e);
	return e;
}

// The struct type `e` (a member access) reads from: "struct Foo".
static const char *owner_type_of(const ol_expr *e)
{
	const ol_type *t = &e->sub[0]->type;
	return e->arrow ? t->pointee : t->spelling;
}

// A call through a function-pointer field, `t->deleter(t)`: the entry
// named "<struct>.<field>" ("DLManagedTensor.deleter"), if any.
static const ol_kb_entry *member_call_entry(ctx *c, const ol_expr *fn)
{
	const char *type = owner_type_of(fn);
	if (!type || !fn->text)
		return NULL;
	if (!strncmp(type, "struct ", 7))
		type += 7;
	char key[256];
	snprintf(key, sizeof key, "%s.%s", type, fn->text);
	return ol_kb_lookup(c->kb, key);
}

// What the callee does: its summary, its source annotations, its
// knowledge-base entry by name or by the macro it was written as.
static const ol_kb_entry *lookup(ctx *c, const ol_expr *call)
{
	summary *sm = summary_of(c, call->text);
	// A documented CPython API defined in this file (CPython's own
	// sources) keeps its contract: PyFloat_FromDouble returns a new
	// reference even when its code takes the object from a free list.
	const ol_kb_entry *doc = sm && c->kb && call->text
		? ol_kb_lookup(c->kb, call->text) : NULL;
	if (doc && !strcmp(doc->family, "cpython") &&
	    doc->ret == OL_KB_RET_NEW && sm->entry.ret == OL_KB_RET_BORROWED)
		return doc;
	if (sm)
		return &sm->entry;
	if (call->attrs && call->text)
		return annotated_entry(c, call);
	if (!call->text && call->fn && call->fn->kind == OL_E_MEMBER && c->kb)
		return member_call_entry(c, call->fn);
	if (!c->kb)
		return NULL;
	const ol_kb_entry *e = NULL;
	if (call->text)
		e = ol_kb_lookup(c->kb, call->text);
	// The macro the user wrote, when the call is that macro renamed
	// (PY_SSIZE_T_CLEAN turns Py_BuildValue into _Py_BuildValue_SizeT),
	// not another call somewhere inside its expansion (Py_TYPE inside
	// Py_XINCREF(PyTuple_GET_ITEM(...))).
	if (!e && call->macro && call->text &&
	    strstr(call->text, call->macro)) {
		const ol_kb_entry *m = ol_kb_lookup(c->kb, call->macro);
		if (m && (m->nargs == call->nargs ||
			  (m->format_arg >= 0 && call->nargs >= m->nargs)))
			e = m;
	}
	return e;
}

static bool effect_applies(const ctx *c, const state *s, int a,
			   const ol_kb_entry *ent, size_t k)
{
	const sym *y = &s->syms[sym_root(s, a)];
	if (y->kind < 0)
		return true;
	const char *res = k < ent->nargs && ent->args[k].resource
				  ? ent->args[k].resource
				  : ent->resource;
	if (!strcmp(res, "*"))
		return true; // any kind (PyCapsule_New keeps any pointer)
	int want = kind_index(res);
	(void)c;
	return want == y->kind;
}

static const char *sym_state_text(ctx *c, const state *s, int i)
{
	static const char *rsn[] = {"untracked", "owned", "borrowed",
				    "released", "moved", "escaped",
				    "reported"};
	const sym *y = &s->syms[sym_root(s, i)];
	const char *null = y->signs == S_ZERO ? "null"
			 : (y->signs & S_ZERO) ? "maybe-null" : "non-null";
	if (y->rs == R_NONE)
		return ol_arena_printf(c->a, "untracked, %s", null);
	if (y->rs == R_OWNED && y->refs > 1)
		return ol_arena_printf(c->a, "%s: owned x%d, %s", sm_kind(y),
				       y->refs, null);
	return ol_arena_printf(c->a, "%s: %s, %s", sm_kind(y), rsn[y->rs],
			       null);
}

static uint8_t signs_on_return(const ol_kb_entry *ent)
{
	if (ent && ent->fails_when.cmp == OL_KB_CMP_EQ &&
	    ent->fails_when.is_null)
		return S_ZERO | S_POS;
	if (ent && (ent->fails_when.cmp == OL_KB_CMP_NEVER ||
		    ent->fails_when.cmp == OL_KB_CMP_UNKNOWN))
		return S_POS;
	return S_ZERO | S_POS;
}

// `&var` passed as an out-parameter: the variable's new value.
static void set_out(ctx *c, state *s, int a, int val)
{
	// (sym_fresh() may move s->syms: keep the index, not a pointer.)
	int var = s->syms[a].addr_var;
	if (var < 0)
		return;
	if (c->closed_call) {
		if (val < 0)
			val = sym_fresh(s, &c->fn->vars[var]->type);
		s->syms[val].closed = true;
	}
	s->env[var] = val;
	if (val >= 0 && !s->syms[val].name)
		s->syms[val].name = c->fn->vars[var]->name;
}

static int out_var_old(const state *s, int a)
{
	const sym *y = &s->syms[a];
	return y->addr_var >= 0 ? s->env[y->addr_var] : -1;
}

// PyArg_Parse* ("O" gives a borrowed reference) and Py_BuildValue ("N"
// steals, "O" borrows): walks the format units over the variadic
// arguments starting at `first`.
// Returns how many buffer views ("y*", "s*", "z*", "w*") it stored into
// `acq` (at most `max`): they are acquired only when the call succeeds.
static unsigned apply_format(ctx *c, state *s, const ol_expr *e,
			     const int *args, const ol_kb_entry *ent, int *acq,
			     unsigned max)
{
	unsigned nacq = 0;
	if (ent->format_arg < 0 || (unsigned)ent->format_arg >= e->nargs)
		return 0;
	const ol_expr *fe = e->args[ent->format_arg];
	if (fe->kind != OL_E_STRING || !fe->text) {
		// A format chosen at run time: which arguments are stolen
		// ("N") or filled is unknown; stop tracking them.
		for (unsigned k = (unsigned)ent->nargs; k < e->nargs; k++) {
			escape(s, args[k]);
			set_out(c, s, args[k], -1);
		}
		return 0;
	}
	unsigned k = (unsigned)ent->nargs; // first variadic argument
	bool parse = ent->format_kind == OL_KB_FORMAT_PARSE;
	bool build = ent->format_kind == OL_KB_FORMAT_BUILD;
	bool optional = false; // past '|' or '$': the unit may be left alone
	for (const char *p = fe->text; *p && k <= e->nargs; p++) {
		char u = *p;
		if (u == '|' || u == '$')
			optional = true;
		if (strchr("()[]{},| $!*#&:;", u) && !(u == ':' || u == ';'))
			continue;
		if (u == ':' || u == ';')
			break;
		if (u == 'e' && (p[1] == 's' || p[1] == 't')) {
			p++;
			k += 2; // encoding, char **
			if (p[1] == '#') {
				p++;
				k++;
			}
			continue;
		}
		if (u == 'O' || u == 'S' || u == 'U' || u == 'Y' || u == 'N') {
			if (p[1] == '!') { // type object, then the object
				p++;
				k++;
			}
			if (p[1] == '&') { // converter, then its target
				p++;
				if (k + 1 < e->nargs && parse) {
					int old = out_var_old(s, args[k + 1]);
					if (old >= 0)
						escape(s, old);
					set_out(c, s, args[k + 1], -1);
				}
				k += 2;
				continue;
			}
			if (k >= e->nargs)
				break;
			if (parse) {
				int v = new_borrowed(c, s, S_POS, NULL,
						     e->loc, false);
				s->syms[v].acq_name = ent->name;
				s->syms[v].acq_ev = c->h = hist_add(
					c, c->h, e->loc,
					ol_arena_printf(
						c->a, "borrowed reference "
						"parsed by '%s' (\"%c\")",
						ent->name, u));
				set_out(c, s, args[k], v);
			} else if (build && u == 'N') {
				steal(c, s, args[k], ent->name, e->loc);
			} else if (build) {
				use_check(c, s, args[k], e->loc,
					  ol_arena_printf(c->a,
							  "passed to '%s'",
							  ent->name));
			}
			k++;
			continue;
		}
		if (p[1] == '*') { // Py_buffer filled on success
			if (parse && k < e->nargs &&
			    s->syms[args[k]].addr_var >= 0 &&
			    c->tu->buffer_kind >= 0 && nacq < max) {
				int v = new_resource(c, s, c->tu->buffer_kind,
						     S_POS, ent, ent->name,
						     e->loc);
				s->syms[v].acq = NULL; // released by PyBuffer_Release
				set_out(c, s, args[k], v);
				acq[nacq++] = v;
			} else if (parse && k < e->nargs) {
				set_out(c, s, args[k], -1);
			}
			p++;
			k++;
			continue;
		}
		// "s", "y", "u" (and their "#" forms) store a pointer into
		// the object: never NULL once the call succeeded ("z" may).
		if (parse && k < e->nargs)
			set_out(c, s, args[k],
				strchr("syu", u) && !optional ? sym_new(s, S_POS)
							      : -1);
		k++;
		if (p[1] == '#') {
			p++;
			k++;
		}
	}
	return nacq;
}

/* Self-checks. A test module checks the C API on values it built from
 * constants: `if (PyLong_AsLong(num) != 42) return raiseTestError(..)`.
 * Such a value is closed (computed by this function from constants
 * alone), and the failing arm of a test of it runs only if the API is
 * broken. A leak on an error exit reached through such an arm is not
 * reported: the path is not one the code can take (say less when
 * unsure). Failure tests of fallible calls stay real choices: memory
 * can run out whatever the arguments. */

static bool is_closed(const ctx *c, const state *s, int i)
{
	int r = sym_root(s, i);
	if (r < 0)
		return false;
	const sym *y = &s->syms[r];
	if (y->has_val || y->closed || y->static_obj)
		return true;
	// &local: an out-parameter, not data.
	return y->addr_var >= 0 && is_local(c->fn->vars[y->addr_var]);
}

static bool closed_args(const ctx *c, const state *s, const int *args,
			unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (!is_closed(c, s, args[k]))
			return false;
	return true;
}

// A call mixing closed objects with data from elsewhere may store that
// data into them: they are no longer closed.
static void open_args(state *s, const int *args, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		int r = sym_root(s, args[k]);
		if (r >= 0 && !s->syms[r].has_val)
			s->syms[r].closed = false;
	}
}

// Is the test `l OP r` (r < 0: a truth test of l) a self-check? Both
// sides closed, and not a failure test: a resource or a fallible call's
// result compared with a constant (`if (!num)`, `if (rc < 0)`).
static bool selfcheck_test(const ctx *c, const state *s, int l, int r)
{
	if (!is_closed(c, s, l) || (r >= 0 && !is_closed(c, s, r)))
		return false;
	int a = sym_root(s, l), b = r >= 0 ? sym_root(s, r) : -1;
	const sym *ya = &s->syms[a];
	const sym *yb = b >= 0 ? &s->syms[b] : NULL;
	if (yb && ya->has_val && yb->has_val)
		return false; // decided anyway
	if (yb && ya->has_val) {
		const sym *t = ya;
		ya = yb;
		yb = t;
	}
	if (!yb || yb->has_val)
		return ya->kind < 0 && !ya->fallible && !ya->static_obj;
	return true; // two closed values: `res != arg`
}

// Py_BuildValue with a literal format of one object unit, "N" or "O"
// (blanks aside): the unit, else 0. With one unit Py_BuildValue returns
// the object itself rather than a tuple (the calls taking a build format,
// PyObject_CallMethod, still pack it into their argument tuple).
static int build_single_unit(const ol_kb_entry *ent, const ol_expr *e)
{
	if (!ent || strcmp(ent->name, "Py_BuildValue") ||
	    ent->format_arg < 0 || (unsigned)ent->format_arg >= e->nargs ||
	    (unsigned)ent->nargs >= e->nargs)
		return 0;
	const ol_expr *fe = e->args[ent->format_arg];
	if (fe->kind != OL_E_STRING || !fe->text)
		return 0;
	int unit = 0;
	for (const char *p = fe->text; *p; p++) {
		if (*p == ' ' || *p == '\t')
			continue;
		if (unit || (*p != 'N' && *p != 'O'))
			return 0;
		unit = *p;
	}
	return unit;
}

// A CPython API whose first argument, an object it borrows, must not be
// NULL. The C API does not accept NULL unless documented; these few are.
static bool first_arg_nonnull(const ol_kb_entry *ent)
{
	static const char *const null_ok[] = {
		"PyObject_Repr", "PyObject_Str", "PyObject_ASCII",
		"PyObject_Bytes", "PyObject_Print",
		"PyErr_GivenExceptionMatches",
	};
	if (strcmp(ent->family, "cpython") || ent->nargs == 0 ||
	    ol_kb_arg_effect(ent, 0) != OL_KB_ARG_BORROW)
		return false;
	for (size_t i = 0; i < sizeof null_ok / sizeof null_ok[0]; i++)
		if (!strcmp(ent->name, null_ok[i]))
			return false;
	return true;
}

// The conventional summary of a callee the knowledge base does not know:
// SPEC §4, a function returning `PyObject *` returns a new reference.
// Names of CPython's own (undocumented) API are left alone.
static bool internal_api(const ol_expr *e)
{
	return e->text && !strncmp(e->text, "_Py", 3);
}

static bool conventional_new(const ol_expr *e)
{
	return is_pyobj(&e->type) && e->text && strncmp(e->text, "_Py", 3) &&
	       strncmp(e->text, "Py", 2);
}

// `&view` where the variable holds a resource (a Py_buffer): the
// resource, else the address itself.
static int through_addr(const ctx *c, const state *s, int a)
{
	const sym *y = &s->syms[a];
	if (y->addr_var < 0)
		return a;
	// Only a struct variable holds its resource in place; `&ptr` is an
	// out-parameter that receives a new value.
	if (c->fn->vars[y->addr_var]->type.cls != OL_TY_RECORD)
		return a;
	int v = s->env[y->addr_var];
	if (v >= 0 && s->syms[sym_root(s, v)].kind >= 0)
		return v;
	return a;
}

// The answer of a query call (`queries_arg`) from the resource's state:
// a constant 1 or 0, or -1 when the state does not tell.
static int query_result(ctx *c, state *s, const ol_kb_entry *ent, int a)
{
	int r = sym_root(s, through_addr(c, s, a));
	if (r < 0)
		return -1;
	const sym *y = &s->syms[r];
	if (y->kind < 0 || y->kind != kind_index(ent->resource))
		return -1;
	if (y->rs == R_OWNED && y->link < 0)
		return sym_const(s, 1);
	if (y->rs == R_RELEASED)
		return sym_const(s, 0);
	return -1;
}

// A borrowed reference or interior pointer lives as long as its owner.
static void set_owner(const ctx *c, state *s, int r, const ol_kb_entry *ent,
		      const int *args, unsigned nargs)
{
	if (ent->borrowed_from < 0 || (unsigned)ent->borrowed_from >= nargs)
		return;
	int o = sym_root(s, through_addr(c, s, args[ent->borrowed_from]));
	if (o >= 0 && o != r && s->syms[o].kind >= 0)
		s->syms[r].owner = o;
}

// PyObject_GetBuffer(obj, &view, flags): remember a view requested
// without PyBUF_WRITABLE (0x0001), for MOJO-BOR-205.
static void buffer_flags(state *s, const int *args, unsigned nargs,
			 const int *acq, unsigned nacq)
{
	if (nargs < 3 || !nacq)
		return;
	const sym *f = &s->syms[args[2]];
	if (f->has_val && !(f->val & 1))
		for (unsigned k = 0; k < nacq; k++)
			s->syms[acq[k]].readonly = true;
}

// MOJO-BOR-203: a Python C-API call while this path released the GIL.
static void gil_check(ctx *c, state *s, const ol_expr *e,
		      const ol_kb_entry *ent)
{
	if (!s->nogil || !ent || ent->gil_free || ent->gil != OL_KB_GIL_NONE)
		return;
	// CPython's API and its allocators (PyMem_Malloc, PyObject_Malloc;
	// the Raw ones are GIL-free in the rules).
	if ((strcmp(ent->family, "cpython") && strcmp(ent->family, "heap")) ||
	    ent->noreturn)
		return;
	// The saved thread state tells where the GIL was released.
	const sym *tok = NULL;
	for (unsigned i = 0; i < s->nsyms && !tok; i++)
		if (s->syms[i].kind == c->tu->gil_kind &&
		    s->syms[i].rs == R_OWNED && s->syms[i].acq &&
		    s->syms[i].acq->gil == OL_KB_GIL_RELEASE)
			tok = &s->syms[i];
	report(c, OL_CHECK_BOR_NO_GIL, tok, e->loc,
	       ol_arena_printf(c->a, "'%s' is called while the GIL is "
			       "released", ent->name),
	       ol_arena_printf(c->a, "'%s' needs the GIL", ent->name));
}

static void gil_transition(ctx *c, state *s, const ol_kb_entry *ent,
			   const int *args, unsigned nargs, int ret)
{
	(void)c;
	switch (ent->gil) {
	case OL_KB_GIL_RELEASE: // PyEval_SaveThread
		s->nogil = 1;
		if (s->gil_borrowed && ret >= 0) {
			// Hands the GIL back to whoever held it on entry: the
			// saved state is theirs, not a leak of this function.
			s->syms[ret].weak = true;
			s->gil_borrowed = 0;
		}
		break;
	case OL_KB_GIL_ACQUIRE: // PyEval_RestoreThread, PyGILState_Ensure
		if (ret >= 0 && ent->ret == OL_KB_RET_ACQUIRE)
			s->syms[ret].gil_prev = s->nogil;
		if (ent->ret != OL_KB_RET_ACQUIRE && nargs >= 1 &&
		    s->syms[sym_root(s, args[0])].kind != c->tu->gil_kind)
			// Restoring a thread state saved elsewhere (a callback
			// entered without the GIL, readline's hook): the
			// function must release it again before returning.
			s->gil_borrowed = 1;
		s->nogil = 0;
		break;
	case OL_KB_GIL_RESTORE: // PyGILState_Release(token)
		if (nargs >= 1) {
			const sym *t = &s->syms[sym_root(s, args[0])];
			s->nogil = t->kind == c->tu->gil_kind ? t->gil_prev : 0;
		}
		break;
	default:
		break;
	}
}

// A release function of one kind given a resource of another
// (`free(h)` on cudaMallocHost memory, `Py_DECREF` on a buffer view):
// MOJO-OWN-111. Returns true when it reported.
static bool cross_kind_release(ctx *c, state *s, int a, const ol_kb_entry *ent,
			       const char *api, ol_loc loc)
{
	int r = sym_root(s, a);
	if (r < 0)
		return false;
	sym *y = &s->syms[r];
	if (y->rs != R_OWNED || y->kind < 0 || y->signs == S_ZERO)
		return false;
	// Within one API family the kinds are related by design (a TSS key
	// lives in PyThread_tss_alloc's storage): only across families is
	// it a mismatch.
	if (y->acq && !strcmp(y->acq->family, ent->family))
		return false;
	const char *want = y->acq && y->acq->nreleases_with
				   ? y->acq->releases_with[0]
				   : NULL;
	report(c, OL_CHECK_OWN_MISMATCH, y, loc,
	       want ? ol_arena_printf(c->a, "%s is released with '%s', which "
				      "releases %s; use '%s'", describe(c, y),
				      api, kind_noun(ent), want)
		    : ol_arena_printf(c->a, "%s is released with '%s', which "
				      "releases %s", describe(c, y), api,
				      kind_noun(ent)),
	       ol_arena_printf(c->a, "released by '%s'", api));
	y->rs = R_STOP;
	return true;
}

// `api` changed container `cont`: borrows from it may have been dropped.
static void mutated(ctx *c, state *s, int cont, const char *api, ol_loc loc)
{
	if (cont < 0)
		return;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->owner != cont || y->rs != R_BORROWED || y->stale_ev)
			continue;
		if (!c->h || c->h->loc.line != loc.line ||
		    c->h->loc.col != loc.col || !c->h->is_branch) {
			hist *h = (hist *)hist_add(
				c, c->h, loc,
				ol_arena_printf(c->a, "container changed "
						"here by '%s'", api));
			h->is_branch = true; // shown in the path
			c->h = h;
		}
		y->stale_ev = c->h;
	}
}

static bool paid_through_lvalue(state *s, const ol_expr *arg);

static int eval_call(ctx *c, state *s, const ol_expr *e)
{
	if (e->fn)
		eval(c, s, e->fn);
	int stack_args[8];
	int *args = e->nargs <= 8 ? stack_args
				  : ol_xmalloc(sizeof(int) * e->nargs);
	for (unsigned k = 0; k < e->nargs; k++)
		args[k] = eval(c, s, e->args[k]);

	// Test probes (testdata/include/ownlint-test.h).
	if (e->text && !strcmp(e->text, "__ownlint_state") && e->nargs == 1) {
		if (c->opts->probes && !c->quiet)
			ol_diag_sink_notice(c->sink, OL_LEVEL_NOTE, e->loc,
					    "probe", "%s",
					    sym_state_text(c, s, args[0]));
		if (args != stack_args)
			free(args);
		return sym_new(s, S_ALL);
	}

	const ol_kb_entry *ent = lookup(c, e);
	const char *api = ent ? ent->name : e->text ? e->text : "?";
	int kind = ent ? kind_index(ent->resource) : -1;
	c->closed_call = ent && closed_args(c, s, args, e->nargs);
	int pending = -1; // argument stolen on success
	int acq_out[4];   // out-parameters acquired on success
	unsigned nacq = 0;

	gil_check(c, s, e, ent);
	for (unsigned k = 0; k < e->nargs; k++) {
		ol_kb_effect eff = ent ? ol_kb_arg_effect(ent, k)
				       : OL_KB_ARG_BORROW;
		int a = args[k];
		if (eff != OL_KB_ARG_ACQUIRE_OUT && eff != OL_KB_ARG_BORROW_OUT &&
		    eff != OL_KB_ARG_REPLACE && eff != OL_KB_ARG_REPLACE_NULL_OK)
			a = through_addr(c, s, a); // PyBuffer_Release(&view)
		const sym *ya = &s->syms[sym_root(s, a)];
		if (ya->from_field && eff != OL_KB_ARG_RELEASE &&
		    eff != OL_KB_ARG_RELEASE_NULL_OK && eff != OL_KB_ARG_CLEAR)
			fact(c, OL_FACT_PASS, ya->from_type, ya->from_field, ya,
			     e->text ? e->text : "(indirect call)", e->loc,
			     ya->from_param0, NULL);
		// An effect speaks of one resource kind: a heap block passed
		// where a CPython API expects an untracked `void *` (a capsule
		// pointer) is, for the heap, a call to unknown code.
		bool applies = ent && effect_applies(c, s, a, ent, k);
		const char *how = ol_arena_printf(c->a, "passed to '%s'", api);
		switch (applies ? eff : OL_KB_ARG_BORROW) {
		case OL_KB_ARG_RELEASE:
		case OL_KB_ARG_RELEASE_NULL_OK:
		case OL_KB_ARG_CLEAR:
			c->rel_via = s->syms[args[k]].addr_var;
			release(c, s, a, api, e->loc,
				eff != OL_KB_ARG_RELEASE);
			c->rel_via = -1;
			break;
		case OL_KB_ARG_RELEASE_ON_SUCCESS:
			// Resolved when the result is tested (realloc).
			use_check(c, s, a, e->loc, how);
			break;
		case OL_KB_ARG_NONE:
			// Not a resource for this API, but a borrow of a released
			// owner is dangling whatever the callee does with it
			// (PyBytes_FromStringAndSize(view.buf, n) after the
			// release).
			if (s->syms[sym_root(s, a)].owner >= 0)
				use_check(c, s, a, e->loc, how);
			break;
		case OL_KB_ARG_MUTATE:
			use_check(c, s, a, e->loc, how);
			mutated(c, s, sym_root(s, a), api, e->loc);
			break;
		case OL_KB_ARG_KEEP:
			use_check(c, s, a, e->loc, how);
			if (sym_root(s, a) >= 0)
				s->syms[sym_root(s, a)].held_elsewhere = true;
			break;
		case OL_KB_ARG_STEAL:
			if (ent->macro && k == 2 && ent->nargs >= 3)
				c->slot_cont = sym_root(s, args[0]);
			steal(c, s, a, api, e->loc);
			c->slot_cont = -1;
			break;
		case OL_KB_ARG_STEAL_ON_SUCCESS:
			use_check(c, s, a, e->loc, how);
			pending = sym_root(s, a);
			break;
		case OL_KB_ARG_INCREF:
		case OL_KB_ARG_INCREF_NULL_OK:
			if (paid_through_lvalue(s, e->args[k]))
				break;
			incref(c, s, a, api, e->loc,
			       eff == OL_KB_ARG_INCREF_NULL_OK);
			break;
		case OL_KB_ARG_REPLACE:
		case OL_KB_ARG_REPLACE_NULL_OK: {
			int old = out_var_old(s, a);
			if (old >= 0)
				release(c, s, old, api, e->loc, true);
			// Only a local's new value is followed; `&p->field`
			// keeps its value in the field.
			int nv = kind >= 0 && s->syms[a].addr_var >= 0
				? new_resource(c, s, kind, S_ZERO | S_POS,
					       ent, api, e->loc)
				: -1;
			set_out(c, s, a, nv);
			if (nv >= 0 && nacq < 4)
				acq_out[nacq++] = nv;
			break;
		}
		case OL_KB_ARG_ACQUIRE_OUT: {
			int old = out_var_old(s, a);
			if (old >= 0)
				escape(s, old);
			int nv = kind >= 0 && s->syms[a].addr_var >= 0
				? new_resource(c, s, kind, S_ZERO | S_POS,
					       ent, api, e->loc)
				: -1;
			set_out(c, s, a, nv);
			if (nv >= 0 && old >= 0)
				keep_fields(s, old, nv);
			if (nv >= 0 && nacq < 4)
				acq_out[nacq++] = nv;
			if (nv >= 0 &&
			    !is_local(c->fn->vars[s->syms[a].addr_var])) {
				// Created in a global or static (a module's
				// TSS key): owned by it, as `g = key;` is.
				const ol_var *g = c->fn->vars[s->syms[a].addr_var];
				bind_fact(c, s, g, nv, e->loc);
				escape(s, nv);
			}
			break;
		}
		case OL_KB_ARG_BORROW_OUT:
			set_out(c, s, a, kind == c->tu->pyref_kind
					      ? new_borrowed(c, s, S_ZERO | S_POS,
							     api, e->loc, false)
					      : -1);
			break;
		default:
			use_check(c, s, a, e->loc, how);
			status_check(c, s, a, e->loc, how);
			break;
		}
		if (!applies && ent &&
		    (eff == OL_KB_ARG_RELEASE || eff == OL_KB_ARG_RELEASE_NULL_OK) &&
		    cross_kind_release(c, s, a, ent, api, e->loc))
			continue;
		if (!applies) {
			int r = sym_root(s, a);
			const sym *y = &s->syms[r];
			const ol_sm *m = sm_of(y);
			// A reference handed to a C library's `void *` slot
			// (set_panel_userptr, a callback's user data) is kept
			// there as an opaque pointer.
			bool opaque = !ent && k < 32 && (e->void_params >> k & 1) &&
				      is_pyref(c, y);
			if (m && (m->escape_on_unknown_call || opaque ||
				  (!ent && internal_api(e))))
				escape(s, r);
			if (!ent && y->addr_var >= 0 &&
			    c->fn->vars[y->addr_var]->type.cls != OL_TY_RECORD) {
				// f(&x): the callee may store into x (a struct
				// such as a Py_buffer keeps its identity).
				int old = s->env[y->addr_var];
				if (old >= 0)
					escape(s, old);
				s->env[y->addr_var] = -1;
			}
		}
	}
	if (ent && e->nargs > 0 && first_arg_nonnull(ent) &&
	    is_pyobj(&e->args[0]->type)) {
		// PyObject_GetBuffer(obj, ...), PyList_Append(list, ...): the
		// object the API works on is not NULL (or the call crashed),
		// so a later `if (obj != NULL)` is decided. A result whose
		// documented failure is NULL keeps its doubt: some APIs test
		// for NULL themselves (PyLong_AsLong raises SystemError), and
		// MOJO-OWN-109 speaks at the dereference or release that
		// cannot.
		int r = sym_root(s, args[0]);
		if (r >= 0 && (s->syms[r].signs & S_POS) &&
		    !unchecked(&s->syms[r]))
			s->syms[r].signs = S_POS;
	}
	if (ent && ent->macro && e->nargs >= 3 && ent->nargs >= 3 &&
	    ent->args[2].effect == OL_KB_ARG_STEAL) {
		// PyTuple_SET_ITEM(t, i, v) (a static inline function in
		// 3.11): the slot's previous item becomes the caller's.
		sym ixv = s->syms[args[1]];
		int cont = sym_root(s, args[0]);
		slot_takeover(c, s, cont, &ixv, e->loc);
		in_slot(s, sym_root(s, args[2]), cont, &ixv);
	}
	int single = build_single_unit(ent, e);
	if (ent && ent->format_kind != OL_KB_FORMAT_NONE && !single)
		nacq += apply_format(c, s, e, args, ent, acq_out + nacq,
				     4 - nacq);
	if (!ent || ent->runs_python)
		forget_memory(c, s);

	int ret;
	if (single) {
		// Py_BuildValue("N", x) is x itself; ("O", x) is x with one
		// more reference. Neither fails unless x is NULL.
		ret = args[ent->nargs];
		if (single == 'O')
			incref(c, s, ret, api, e->loc, true);
	} else if (ent && ent->returns_arg >= 0 &&
	    (unsigned)ent->returns_arg < e->nargs) {
		ret = args[ent->returns_arg];
		if (ent->ret == OL_KB_RET_NEW) // Py_NewRef
			incref(c, s, ret, api, e->loc, true);
	} else if (ent && (ent->ret == OL_KB_RET_ACQUIRE ||
			   ent->ret == OL_KB_RET_NEW) && kind >= 0) {
		uint8_t signs = signs_on_return(ent);
		if (ent->small_int_arg >= 0 &&
		    (unsigned)ent->small_int_arg < e->nargs) {
			// PyLong_FromLong(0): a cached small int, never NULL.
			const sym *v = &s->syms[args[ent->small_int_arg]];
			if (v->has_val && v->val >= -5 && v->val <= 256)
				signs = S_POS;
		}
		ret = new_resource(c, s, kind, signs, ent, api, e->loc);
		// realloc-style: the old block is released when this succeeds.
		for (unsigned k = 0; k < e->nargs; k++)
			if (ol_kb_arg_effect(ent, k) ==
				    OL_KB_ARG_RELEASE_ON_SUCCESS) {
				int old = sym_root(s, args[k]);
				if (old >= 0 && s->syms[old].rs == R_OWNED &&
				    s->syms[old].signs != S_ZERO) {
					s->syms[ret].link = old;
					s->syms[ret].lk = L_REALLOC;
				}
			}
	} else if (ent && ent->ret == OL_KB_RET_BORROWED) {
		ret = new_borrowed(c, s, signs_on_return(ent), api, e->loc,
				   false);
		s->syms[ret].acq = ent;
		set_owner(c, s, ret, ent, args, e->nargs);
	} else if (ent && ent->ret == OL_KB_RET_INTERIOR) {
		ret = sym_new(s, signs_on_return(ent));
		s->syms[ret].acq_name = api;
		set_owner(c, s, ret, ent, args, e->nargs);
	} else if (ent && ent->queries_arg >= 0 &&
		   (unsigned)ent->queries_arg < e->nargs &&
		   (ret = query_result(c, s, ent, args[ent->queries_arg])) >= 0) {
		// PyThread_tss_is_created(&key): known from the key's state.
	} else if (ent && ent->ret == OL_KB_RET_NULL) {
		ret = sym_const(s, 0);
	} else if (ent && e->type.cls == OL_TY_POINTER &&
		   ent->fails_when.cmp == OL_KB_CMP_NEVER &&
		   (!strcmp(ent->family, "cpython") ||
		    !strcmp(ent->family, "summary"))) {
		// A CPython accessor documented never to fail (for libc
		// functions "never fails" does not mean "never NULL": strchr).
		ret = sym_new(s, S_POS);
	} else if (!ent && conventional_new(e)) {
		ret = new_resource(c, s, c->tu->pyref_kind, S_ZERO | S_POS,
				   NULL, api, e->loc);
	} else {
		ret = sym_fresh(s, &e->type);
		s->syms[ret].foreign_mem = !ent && is_pointer(&e->type) &&
					   !is_pyobj(&e->type);
	}
	// Conditional effects wait for the result to be tested.
	if (pending >= 0 && ret >= 0 && s->syms[ret].link < 0 &&
	    s->syms[pending].rs == R_OWNED) {
		s->syms[ret].link = pending;
		s->syms[ret].lk = L_STEAL;
		s->syms[ret].acq = ent;
	} else if (pending >= 0) {
		steal(c, s, pending, api, e->loc);
	}
	// Out-parameters are acquired only when the call succeeds: each
	// waits (reverse link) for the result to be tested.
	for (unsigned k = 0; k < nacq && ret >= 0 && ent; k++) {
		if (ent->acquired_when.cmp == OL_KB_CMP_UNKNOWN ||
		    ent->acquired_when.cmp == OL_KB_CMP_ALWAYS)
			break;
		s->syms[acq_out[k]].link = ret;
		s->syms[acq_out[k]].lk = L_ACQ_ON;
		s->syms[ret].acq = ent;
	}
	if (ret >= 0 && ent && c->closed_call)
		s->syms[ret].closed = true;
	if (ret >= 0 && ent && ent->held_elsewhere)
		s->syms[ret].held_elsewhere = true;
	if (ret >= 0 && ent && ent->nnonnull_from && e->nargs > 0) {
		int a0 = sym_root(s, args[0]);
		const char *from = a0 >= 0 ? s->syms[a0].acq_name : NULL;
		for (size_t k = 0; from && k < ent->nnonnull_from; k++)
			if (!strcmp(from, ent->nonnull_from[k]))
				s->syms[ret].signs = S_POS;
	}
	if (ret >= 0 && !strcmp(api, "Py_IsInitialized"))
		s->syms[ret].interp_alive = true;
	// A pure call on closed arguments fails or not whatever happens
	// around it: a test of its result is a self-check.
	if (ret >= 0 && ent && ent->fails_when.cmp != OL_KB_CMP_NEVER &&
	    ent->fails_when.cmp != OL_KB_CMP_UNKNOWN &&
	    !(ent->pure && c->closed_call))
		s->syms[ret].fallible = true;
	if (!c->closed_call)
		open_args(s, args, e->nargs);
	c->closed_call = false;
	if (ent && ent->gil != OL_KB_GIL_NONE)
		gil_transition(c, s, ent, args, e->nargs, ret);
	if (ent && kind == c->tu->buffer_kind && ent->nargs > 2)
		buffer_flags(s, args, e->nargs, acq_out, nacq);
	if (args != stack_args)
		free(args);
	return ret;
}

static bool is_param0(const ctx *c, const state *s, int base)
{
	return base >= 0 && s->syms[base].param == 0 && c->fn->nparams > 0;
}

// A borrowed reference was just handed over (stored): remember where, for
// MOJO-BOR-202 if no Py_INCREF pays for it.
static void owe_here(ctx *c, state *s, int val, ol_loc loc,
		     const ol_expr *lhs)
{
	sym *y = &s->syms[sym_root(s, val)];
	if (y->rs == R_BORROWED && y->owed && !y->owe_ev &&
	    y->signs != S_ZERO) {
		y->owe_ev = hist_add(c, c->h, loc, "stored here without "
				     "a new reference");
		y->owe_lhs = lhs;
	}
}

// The same lvalue written the same way (`tdo->values[i]` twice).
static bool same_lvalue(const ol_expr *a, const ol_expr *b, int depth)
{
	if (!a || !b || depth > 8)
		return a == b;
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case OL_E_VAR:
		return a->var == b->var;
	case OL_E_INT:
		return a->ival == b->ival;
	case OL_E_MEMBER:
		return a->arrow == b->arrow && a->text && b->text &&
		       !strcmp(a->text, b->text) &&
		       same_lvalue(a->sub[0], b->sub[0], depth + 1);
	case OL_E_INDEX:
		return same_lvalue(a->sub[1], b->sub[1], depth + 1) &&
		       same_lvalue(a->sub[0], b->sub[0], depth + 1);
	case OL_E_DEREF:
		return same_lvalue(a->sub[0], b->sub[0], depth + 1);
	default:
		return false;
	}
}

// `a->v[i] = item; Py_INCREF(a->v[i]);`: the reference handed over is
// paid for through the lvalue it went to (which reads as a new value).
static bool paid_through_lvalue(state *s, const ol_expr *arg)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs != R_BORROWED || !y->owed || !y->owe_lhs ||
		    !same_lvalue(y->owe_lhs, arg, 0))
			continue;
		if (--y->owed == 0) {
			y->consumed = false;
			y->owe_ev = NULL;
			y->owe_lhs = NULL;
		}
		return true;
	}
	return false;
}

// MOJO-BOR-202 at the end of a path: borrowed references stored where they
// outlive the borrow, never paid for with Py_INCREF.
static void borrow_escapes(ctx *c, state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs != R_BORROWED || !y->owed || !y->owe_ev || y->weak ||
		    y->static_obj || c->quiet || y->signs == S_ZERO)
			continue;
		ol_loc at = y->owe_ev->loc;
		report(c, OL_CHECK_BOR_ESCAPES, y, at,
		       ol_arena_printf(c->a, "%s is stored without taking a "
				       "reference (missing Py_INCREF or "
				       "Py_NewRef)", describe(c, y)),
		       "stored here; the owner may release it first");
		y->owed = 0;
	}
}

static void bind_global(ctx *c, state *s, const ol_var *v, int i, ol_loc loc)
{
	bind_fact(c, s, v, i, loc);
	bind(s, v, i);
	// A single-phase module's init keeps borrows from its module (the
	// module dict) in globals: CPython keeps such a module, and what it
	// holds, until the process exits.
	if (i >= 0 && !is_local(v) && strncmp(c->fn->name, "PyInit_", 7))
		owe_here(c, s, i, loc, NULL);
}

// `arr[i]` or `st.f` where arr/st is a local array or struct of this
// function (not reached through a pointer).
static bool local_aggregate(const ol_expr *lhs)
{
	while (lhs && (lhs->kind == OL_E_INDEX ||
		       (lhs->kind == OL_E_MEMBER && !lhs->arrow))) {
		const ol_expr *b = lhs->sub[0];
		if (lhs->kind == OL_E_INDEX && b->type.cls == OL_TY_POINTER)
			return false;
		if (b->kind == OL_E_VAR)
			return is_local(b->var) &&
			       (b->type.cls == OL_TY_ARRAY ||
				b->type.cls == OL_TY_RECORD);
		lhs = b;
	}
	return false;
}

// Stores `val` into the lvalue `lhs`.
static void store(ctx *c, state *s, const ol_expr *lhs, int val)
{
	bool into_local = false; // `p[0] = v` with p into a local array
	bool into_foreign = false;
	switch (lhs->kind) {
	case OL_E_VAR:
		bind_global(c, s, lhs->var, val, lhs->loc);
		return;
	case OL_E_MEMBER: {
		int b = eval(c, s, lhs->sub[0]);
		if (lhs->arrow)
			deref_check(c, s, b, lhs->loc);
		int rb = sym_root(s, b);
		into_foreign = rb >= 0 && s->syms[rb].foreign_mem;
		fslot *f = lhs->text ? field_slot(s, rb, lhs->text) : NULL;
		bool elsewhere = false;
		for (unsigned k = 0; f && k < s->nfs; k++)
			if (&s->fs[k] != f && s->fs[k].val == f->val &&
			    !s->fs[k].read)
				elsewhere = true; // moved to another field
		if (f && f->read && f->val != val && !elsewhere) {
			// The field's own reference, read before, is now
			// ours: `tmp = self->x; self->x = NULL;`.
			sym *old = &s->syms[f->val];
			if (is_pyref(c, old) && old->rs == R_BORROWED) {
				old->rs = R_OWNED;
				old->refs = 1;
				old->weak = false;
				old->acq_name = NULL;
				old->acq_ev = c->h = hist_add(
					c, c->h, lhs->loc,
					ol_arena_printf(
						c->a, "takes over the reference "
						"held by field '%s'",
						lhs->text));
			}
		}
		if (lhs->text) {
			if (f) {
				f->val = val;
				f->read = false;
			} else {
				field_add(s, rb, lhs->text, val, false);
			}
		}
		sym *v = &s->syms[sym_root(s, val)];
		if (v->rs == R_OWNED && lhs->text && !v->st_field) {
			v->st_type = owner_type_of(lhs);
			v->st_field = lhs->text;
			v->st_vtype = lhs->type.pointee;
			v->st_loc = lhs->loc;
			v->st_param0 = is_param0(c, s, rb);
		}
		break;
	}
	case OL_E_DEREF:
	case OL_E_INDEX: {
		int b = eval(c, s, lhs->sub[0]);
		int ix = lhs->kind == OL_E_INDEX ? eval(c, s, lhs->sub[1]) : -1;
		if (is_pointer(&lhs->sub[0]->type))
			deref_check(c, s, b, lhs->loc);
		if (ix >= 0 && is_pyobj(&lhs->type) &&
		    lhs->sub[0]->kind == OL_E_MEMBER && lhs->sub[0]->text &&
		    !strcmp(lhs->sub[0]->text, "ob_item")) {
			// `t->ob_item[i] = v` (Py_XSETREF of a tuple item): the
			// slot's previous item is the caller's now.
			int cont = macro_container(c, s, lhs->sub[0]);
			sym ixv = s->syms[ix];
			slot_takeover(c, s, cont, &ixv, lhs->loc);
		}
		sym *w = &s->syms[b];
		// A local array, or a heap block this function owns (a
		// vectorcall argument vector too big for the stack): it
		// holds borrowed references while the borrows last.
		int rw = sym_root(s, b);
		// alloca'd or arena memory: cffi's `unique_key[i] = item`.
		into_foreign = rw >= 0 && s->syms[rw].foreign_mem;
		into_local = w->local_mem ||
			     (rw >= 0 && s->syms[rw].rs == R_OWNED &&
			      s->syms[rw].kind >= 0 &&
			      s->syms[rw].kind == c->tu->heap_kind);
		if (w->readonly) {
			// MOJO-BOR-205: the view was requested read-only.
			report(c, OL_CHECK_BOR_WRITE_RO,
			       w->owner >= 0 ? &s->syms[w->owner] : NULL,
			       lhs->loc,
			       ol_arena_printf(c->a, "write through %s, a buffer "
					       "requested without "
					       "PyBUF_WRITABLE",
					       w->acq_name ? w->acq_name
							   : "a read-only view"),
			       "written here");
			w->readonly = false;
		}
		break;
	}
	default:
		break;
	}
	if (local_aggregate(lhs) || into_local) {
		// `stack[0] = func` into a local array: still this
		// function's to manage; an owned value stops being tracked.
		escape(s, val);
		return;
	}
	store_escape(s, val);
	// `*out = borrowed` hands the value back to the caller, like a
	// return: no borrow escapes through an out-parameter.
	if (lhs->kind != OL_E_DEREF && !into_foreign)
		owe_here(c, s, val, lhs->loc, lhs);
}

static int eval_member(ctx *c, state *s, const ol_expr *e)
{
	int b = eval(c, s, e->sub[0]);
	if (e->arrow)
		deref_check(c, s, b, e->loc);
	int rb = sym_root(s, b);
	if (e->text) {
		fslot *f = field_slot(s, rb, e->text);
		if (f)
			return f->val;
	}
	int r;
	if (is_pyobj(&e->type)) {
		// Someone else's reference, unless we take it out of the
		// field (see store()).
		r = new_borrowed(c, s, S_ZERO | S_POS, NULL, e->loc, true);
		s->syms[r].name = NULL;
	} else {
		r = sym_fresh(s, &e->type);
		if (e->type.cls == OL_TY_ARRAY)
			s->syms[r].signs = S_POS;
	}
	s->syms[r].from_type = owner_type_of(e);
	s->syms[r].from_field = e->text;
	s->syms[r].from_param0 = is_param0(c, s, rb);
	// view.buf, view.shape, view.obj: borrows of the buffer view (its
	// pointer fields; a copied view.len is just a number). A view that
	// was acquired has its buffer: buf is not NULL.
	if (rb >= 0 && s->syms[rb].kind >= 0 &&
	    s->syms[rb].kind == c->tu->buffer_kind &&
	    is_pointer(&e->type)) {
		// PyObject_GetBuffer sets buf and obj; PyBuffer_Release
		// clears obj (`if (view.obj) PyBuffer_Release(&view)`).
		if ((!strcmp(e->text, "buf") || !strcmp(e->text, "obj")) &&
		    s->syms[rb].rs == R_OWNED)
			s->syms[r].signs = S_POS;
		if (!strcmp(e->text, "obj") && s->syms[rb].rs == R_RELEASED)
			s->syms[r].signs = S_ZERO;
		s->syms[r].owner = rb;
		s->syms[r].readonly = s->syms[rb].readonly;
		s->syms[r].acq_name = ol_arena_printf(c->a, "%s.%s",
			s->syms[rb].name ? s->syms[rb].name : "view", e->text);
		s->syms[r].name = NULL;
	} else if (rb >= 0 && s->syms[rb].kind >= 0 &&
		   s->syms[rb].kind == c->tu->buffer_kind &&
		   s->syms[rb].rs == R_OWNED && e->text &&
		   !strcmp(e->text, "len")) {
		s->syms[r].signs = S_ZERO | S_POS; // an acquired view's length
	}
	// `p->v.Name`: an embedded struct lives in p's memory.
	if (rb >= 0 && (e->type.cls == OL_TY_RECORD ||
			e->type.cls == OL_TY_ARRAY))
		s->syms[r].foreign_mem = s->syms[rb].foreign_mem;
	if (e->text)
		field_add(s, rb, e->text, r, true);
	return r;
}

// CPython's statically allocated singletons: Py_None (&_Py_NoneStruct),
// Py_True/Py_False (&_Py_TrueStruct, a PyLongObject), Py_NotImplemented,
// Py_Ellipsis (&_Py_EllipsisObject), and any other global object struct.
static bool static_object(const ol_var *v)
{
	if (is_local(v) || v->type.cls != OL_TY_RECORD || !v->type.spelling)
		return false;
	return !strcmp(v->type.spelling, "struct _object") ||
	       !strncmp(v->name, "_Py_", 4);
}

// The knowledge-base entry of the macro an index or assignment expression
// was written as (PyTuple_GET_ITEM, PyList_SET_ITEM), or NULL.
static const ol_kb_entry *macro_entry(const ctx *c, const ol_expr *e)
{
	if (!e->macro || !c->kb)
		return NULL;
	const ol_kb_entry *m = ol_kb_lookup(c->kb, e->macro);
	return m && m->macro ? m : NULL;
}

// For `t->ob_item` (the base of a GET_ITEM expansion), the value of `t`
// when it is a plain variable (reading it again has no effect).
static int macro_container(ctx *c, state *s, const ol_expr *base)
{
	if (!base || base->kind != OL_E_MEMBER || !base->sub[0])
		return -1;
	// `t` or `self->lst`: reading it again gives the same value (field
	// slots) and has no effect.
	const ol_expr *x = base->sub[0];
	for (const ol_expr *p = x; p; p = p->sub[0]) {
		if (p->kind == OL_E_VAR)
			return sym_root(s, eval(c, s, x));
		if (p->kind != OL_E_MEMBER)
			return -1;
	}
	return -1;
}

// `old = PyList_GET_ITEM(l, i); PyList_SET_ITEM(l, i, new);`: the list's
// reference to `old` is now the caller's (slot replacement). Borrows from
// container `cont` at that slot (or an unknown one) become owned; `weak`,
// since the slot may have been another: no leak is reported for them.
// Records that moved value `v` now sits in slot `idx` of container `cont`.
static void in_slot(state *s, int v, int cont, const sym *idx)
{
	if (v < 0 || cont < 0 || s->syms[v].rs != R_MOVED)
		return;
	s->syms[v].owner = cont;
	s->syms[v].slot_const = idx->has_val;
	s->syms[v].slot_val = idx->val;
}

static void slot_takeover(ctx *c, state *s, int cont, const sym *idx,
			  ol_loc loc)
{
	// What was read from the container's items is stale now.
	drop_fields_named(s, cont, "ob_item[");
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		// A borrow read from the slot, or a reference the container
		// stole into it earlier (`SET_ITEM(t, j, NULL)` hands it
		// back: the "borrowed slot" idiom).
		if ((y->rs != R_BORROWED && y->rs != R_MOVED) ||
		    y->owner != cont || y->static_obj)
			continue;
		if (y->slot_const && idx->has_val && idx->val != y->slot_val)
			continue;
		if (y->debt_ev) {
			// We released the slot's reference; now the slot is
			// overwritten and the debt is settled.
			y->debt_ev = NULL;
			y->rs = R_RELEASED;
			y->owner = -1;
			continue;
		}
		own_slot_item(c, y, loc, "takes over the container's reference "
			      "when its slot is overwritten");
	}
}

static int eval(ctx *c, state *s, const ol_expr *e)
{
	if (!e)
		return sym_new(s, S_ALL);
	switch (e->kind) {
	case OL_E_VAR:
		return read_var(c, s, e->var);
	case OL_E_INT:
		return sym_const(s, e->ival);
	case OL_E_NULL:
		return sym_const(s, 0);
	case OL_E_STRING: {
		int v = sym_new(s, S_POS);
		s->syms[v].closed = true;
		return v;
	}
	case OL_E_FUNCREF:
		return sym_new(s, S_POS);
	case OL_E_FLOAT:
	case OL_E_SIZEOF:
		return sym_fresh(s, &e->type);
	case OL_E_CALL:
		return eval_call(c, s, e);
	case OL_E_MEMBER:
		return eval_member(c, s, e);
	case OL_E_DEREF:
	case OL_E_INDEX: {
		int b = eval(c, s, e->sub[0]);
		if (e->kind == OL_E_INDEX)
			eval(c, s, e->sub[1]);
		if (is_pointer(&e->sub[0]->type))
			deref_check(c, s, b, e->loc);
		const ol_kb_entry *m = macro_entry(c, e);
		if ((!m || m->ret != OL_KB_RET_BORROWED) && is_pyobj(&e->type) &&
		    e->sub[0]->kind == OL_E_MEMBER &&
		    e->sub[0]->text && !strcmp(e->sub[0]->text, "ob_item") &&
		    c->kb) {
			// `t->ob_item[i]`: a GET_ITEM written inside another
			// macro (Py_XINCREF(PyTuple_GET_ITEM(t, i))), whose
			// expansion hides the inner macro's name.
			const char *ot = owner_type_of(e->sub[0]);
			m = ol_kb_lookup(c->kb, ot && strstr(ot, "List")
							? "PyList_GET_ITEM"
							: "PyTuple_GET_ITEM");
		}
		if (m && m->ret == OL_KB_RET_BORROWED && is_pyobj(&e->type)) {
			// PyTuple_GET_ITEM(t, i): a borrow from the container.
			int o = macro_container(c, s, e->sub[0]);
			// (eval() may grow s->syms: take the index first.)
			int ixs = sym_root(s, eval(c, s, e->sub[1]));
			const sym *ix = &s->syms[ixs];
			bool kc = ix->has_val;
			long long kv = ix->val;
			// An item of the object a `void f(PyObject *self)`
			// works on (a tuple subclass's dealloc releasing its
			// items): the container's references are its to drop.
			bool dealloc_like = c->fn->nparams == 1 &&
					    c->fn->ret.cls == OL_TY_VOID &&
					    is_param0(c, s, o);
			// `t->ob_item[0]` read twice is one value
			// (`Py_INCREF(GET_ITEM(a, 0)); x = GET_ITEM(a, 0);`).
			// `Py_INCREF(a->ob_item[i]); return a->ob_item[i];`
			// with the same i: one value too.
			const char *slot = o < 0 ? NULL
				: kc ? item_slot_name(kv) : "ob_item[]";
			fslot *f = NULL;
			for (unsigned k = 0; slot && k < s->nfs && !f; k++)
				if (s->fs[k].base == o &&
				    !strcmp(s->fs[k].field, slot) &&
				    (kc || s->fs[k].ix == ixs))
					f = &s->fs[k];
			if (f)
				return f->val;
			int r = new_borrowed(c, s, S_ZERO | S_POS, m->name,
					     e->loc, dealloc_like);
			s->syms[r].acq = m;
			if (o >= 0)
				s->syms[r].owner = o;
			s->syms[r].slot_const = kc;
			s->syms[r].slot_val = kv;
			// Only the last read at an unknown index is kept (a
			// loop would otherwise pile them up).
			if (slot && !kc)
				drop_fields_named(s, o, slot);
			if (slot)
				field_add(s, o, slot, r, true)->ix = kc ? -1 : ixs;
			return r;
		}
		int r = sym_fresh(s, &e->type);
		// `iov[i]`, a struct element: it lives in the pointed-to
		// memory (a local array, alloca, an arena), as `p->v` does.
		if (e->type.cls == OL_TY_RECORD || e->type.cls == OL_TY_ARRAY) {
			int rb = sym_root(s, b);
			s->syms[r].local_mem = s->syms[b].local_mem;
			s->syms[r].foreign_mem = rb >= 0 &&
						 s->syms[rb].foreign_mem;
		}
		return r;
	}
	case OL_E_ADDR: {
		const ol_expr *o = e->sub[0];
		if (o && o->kind == OL_E_VAR) {
			unsigned v = o->var->id;
			if (s->addr[v] < 0) {
				int i;
				// &_Py_NoneStruct and other static objects:
				// nobody hands us a reference to them.
				if (static_object(o->var)) {
					i = new_borrowed(c, s, S_POS, NULL,
							 e->loc, false);
					s->syms[i].static_obj = true;
				} else
					i = sym_new(s, S_POS);
				s->syms[i].addr_var = (int)v;
				s->syms[i].name = o->var->name;
				s->addr[v] = i;
			}
			return s->addr[v];
		}
		// &p->field, &a[i]: evaluate the operands, no access.
		if (o && (o->kind == OL_E_MEMBER || o->kind == OL_E_INDEX ||
			  o->kind == OL_E_DEREF)) {
			eval(c, s, o->sub[0]);
			if (o->kind == OL_E_INDEX)
				eval(c, s, o->sub[1]);
		} else if (o) {
			eval(c, s, o);
		}
		return sym_new(s, S_POS);
	}
	case OL_E_UNARY: {
		const ol_expr *o = e->sub[0];
		if (e->op >= OL_OP_PREINC && e->op <= OL_OP_POSTDEC) {
			int old = eval(c, s, o);
			long long d = (e->op == OL_OP_PREINC ||
				       e->op == OL_OP_POSTINC) ? 1 : -1;
			int one = sym_const(s, d);
			int nv = eval_binary(s, OL_OP_ADD, old, one, &o->type,
					     &e->type, &o->type);
			if (o->kind == OL_E_VAR)
				bind(s, o->var, nv);
			else
				store(c, s, o, nv);
			return (e->op == OL_OP_PREINC ||
				e->op == OL_OP_PREDEC) ? nv : old;
		}
		int v = eval(c, s, o);
		const sym *y = &s->syms[v];
		if (y->has_val) {
			switch (e->op) {
			case OL_OP_NOT: return sym_const(s, !y->val);
			case OL_OP_NEG: return sym_const(s, (long long)(0ull - (unsigned long long)y->val));
			case OL_OP_BITNOT: return sym_const(s, ~y->val);
			case OL_OP_PLUS: return v;
			default: break;
			}
		}
		if (e->op == OL_OP_NOT) {
			if (y->signs == S_ZERO)
				return sym_const(s, 1);
			if (!(y->signs & S_ZERO))
				return sym_const(s, 0);
			return sym_new(s, S_ZERO | S_POS);
		}
		if (e->op == OL_OP_PLUS)
			return v;
		return sym_fresh(s, &e->type);
	}
	case OL_E_BINARY: {
		int l = eval(c, s, e->sub[0]);
		int r = eval(c, s, e->sub[1]);
		return eval_binary(s, e->op, l, r, &e->sub[0]->type,
				   &e->sub[1]->type, &e->type);
	}
	case OL_E_ASSIGN: {
		int r = eval(c, s, e->sub[1]);
		const ol_kb_entry *m = macro_entry(c, e);
		if (m && e->op == OL_OP_NONE && e->sub[0]->kind == OL_E_INDEX &&
		    m->nargs >= 3 && m->args[2].effect == OL_KB_ARG_STEAL) {
			// PyTuple_SET_ITEM(t, i, v) as `t->ob_item[i] = v`: the
			// container steals v.
			const ol_expr *slot = e->sub[0];
			int b = eval(c, s, slot->sub[0]);
			int ix = eval(c, s, slot->sub[1]);
			deref_check(c, s, b, e->loc);
			int o = macro_container(c, s, slot->sub[0]);
			sym ixv = s->syms[ix];
			if (o >= 0)
				slot_takeover(c, s, o, &ixv, e->loc);
			steal(c, s, r, m->name, e->loc);
			if (o >= 0)
				in_slot(s, sym_root(s, r), o, &ixv);
			return r;
		}
		if (e->op != OL_OP_NONE) {
			int l = eval(c, s, e->sub[0]);
			r = eval_binary(s, e->op, l, r, &e->sub[0]->type,
					&e->sub[1]->type, &e->sub[0]->type);
		}
		store(c, s, e->sub[0], r);
		return r;
	}
	case OL_E_INITLIST:
	case OL_E_UNKNOWN:
	default:
		// Values placed into an aggregate are stored somewhere we do
		// not follow.
		for (unsigned k = 0; k < e->nargs; k++)
			store_escape(s, eval(c, s, e->args[k]));
		for (int k = 0; k < 2; k++)
			if (e->sub[k])
				store_escape(s, eval(c, s, e->sub[k]));
		return sym_fresh(s, &e->type);
	}
}

/* ------------------------------------------------------------------ */
/* Conditions                                                          */

// A condition reduced to "sym OP constant" (or "sym != 0").
typedef struct cond {
	int sym;      // -1: not refinable
	ol_opcode op; // OL_OP_EQ .. OL_OP_GE
	long long k;
	int known;    // 1 true, 0 false, -1 unknown
	int stat;     // `sym == <static object stat>`, or -1
	bool selfcheck; // a test of closed values (see is_closed)
} cond;

static ol_opcode swap_cmp(ol_opcode op)
{
	switch (op) {
	case OL_OP_LT: return OL_OP_GT;
	case OL_OP_LE: return OL_OP_GE;
	case OL_OP_GT: return OL_OP_LT;
	case OL_OP_GE: return OL_OP_LE;
	default: return op;
	}
}

static ol_opcode negate_cmp(ol_opcode op)
{
	switch (op) {
	case OL_OP_EQ: return OL_OP_NE;
	case OL_OP_NE: return OL_OP_EQ;
	case OL_OP_LT: return OL_OP_GE;
	case OL_OP_LE: return OL_OP_GT;
	case OL_OP_GT: return OL_OP_LE;
	case OL_OP_GE: return OL_OP_LT;
	default: return op;
	}
}

// `p == q` for two non-constant values: the same value is equal to itself,
// and a live block this function allocated (known non-NULL) is distinct
// from every pointer not derived from it. -1 when unknown.
// A new object from a constructor of the C API (PyList_New,
// PyUnicode_FromString, PyTuple_Pack): never Py_None or another static
// object. PyBool_FromLong returns the static Py_True/Py_False.
static bool constructed(const ctx *c, const sym *y)
{
	const ol_kb_entry *e = y->acq;
	if (!e || !is_pyref(c, y) || e->ret != OL_KB_RET_NEW ||
	    e->returns_arg >= 0 || e->runs_python ||
	    strcmp(e->family, "cpython") || !strncmp(e->name, "PyBool_", 7))
		return false;
	return strstr(e->name, "_New") || strstr(e->name, "_From") ||
	       strstr(e->name, "_Pack") || strstr(e->name, "_AsTuple");
}

static int same_or_distinct(const ctx *c, const state *s, int l, int r,
			    ol_opcode op)
{
	int a = sym_root(s, l), b = sym_root(s, r);
	int eq = -1;
	const sym *ya = &s->syms[a], *yb = &s->syms[b];
	bool fresh_a = ya->rs == R_OWNED && !(ya->signs & S_ZERO) &&
		       !ya->borrowed_base && !is_pyref(c, ya);
	bool fresh_b = yb->rs == R_OWNED && !(yb->signs & S_ZERO) &&
		       !yb->borrowed_base && !is_pyref(c, yb);
	if (l == r || a == b || ya->eq_stat == b || yb->eq_stat == a)
		eq = 1;
	else if (fresh_a || fresh_b || ya->ne_stat == b || yb->ne_stat == a)
		eq = 0;
	else if ((yb->static_obj && !(ya->signs & S_ZERO) &&
		  constructed(c, ya)) ||
		 (ya->static_obj && !(yb->signs & S_ZERO) &&
		  constructed(c, yb)))
		eq = 0;
	if (eq < 0)
		return -1;
	return op == OL_OP_EQ ? eq : !eq;
}

static cond eval_cond(ctx *c, state *s, const ol_expr *e)
{
	cond r = {-1, OL_OP_NE, 0, -1, -1, false};
	bool negate = false;
	while (e && e->kind == OL_E_UNARY && e->op == OL_OP_NOT) {
		negate = !negate;
		e = e->sub[0];
	}
	if (e && e->kind == OL_E_BINARY && e->op >= OL_OP_EQ &&
	    e->op <= OL_OP_GE) {
		int l = eval(c, s, e->sub[0]);
		int rr = eval(c, s, e->sub[1]);
		r.selfcheck = selfcheck_test(c, s, l, rr);
		const sym *a = &s->syms[l], *b = &s->syms[rr];
		if (a->has_val && b->has_val) {
			bool ok;
			r.known = fold(e->op, a->val, b->val, &ok) != 0;
		} else if (b->has_val) {
			r.sym = l;
			r.op = e->op;
			r.k = b->val;
		} else if (a->has_val) {
			r.sym = rr;
			r.op = swap_cmp(e->op);
			r.k = a->val;
		} else if (e->op == OL_OP_EQ || e->op == OL_OP_NE) {
			r.known = same_or_distinct(c, s, l, rr, e->op);
			int a0 = sym_root(s, l), b0 = sym_root(s, rr);
			if (r.known < 0 && s->syms[b0].static_obj &&
			    !s->syms[a0].static_obj) {
				r.sym = a0;
				r.stat = b0;
				r.op = e->op;
			} else if (r.known < 0 && s->syms[a0].static_obj &&
				   !s->syms[b0].static_obj) {
				r.sym = b0;
				r.stat = a0;
				r.op = e->op;
			}
		}
	} else {
		int v = eval(c, s, e);
		r.selfcheck = selfcheck_test(c, s, v, -1);
		const sym *y = &s->syms[v];
		if (y->has_val)
			r.known = y->val != 0;
		else if (y->signs == S_ZERO)
			r.known = 0;
		else if (!(y->signs & S_ZERO))
			r.known = 1;
		else
			r.sym = v;
	}
	if (negate) {
		if (r.known >= 0)
			r.known = !r.known;
		r.op = negate_cmp(r.op);
	}
	return r;
}

// Signs a value can have for "x OP k" to hold. Precise for k in -1..1.
static uint8_t allowed_signs(ol_opcode op, long long k)
{
	switch (op) {
	case OL_OP_EQ: return signs_of_val(k);
	case OL_OP_NE: return k == 0 ? (S_NEG | S_POS) : S_ALL;
	case OL_OP_LT: return k <= 0 ? S_NEG : k == 1 ? (S_NEG | S_ZERO) : S_ALL;
	case OL_OP_LE: return k < 0 ? S_NEG : k == 0 ? (S_NEG | S_ZERO) : S_ALL;
	case OL_OP_GT: return k >= 0 ? S_POS : k == -1 ? (S_ZERO | S_POS) : S_ALL;
	case OL_OP_GE: return k > 0 ? S_POS : k == 0 ? (S_ZERO | S_POS) : S_ALL;
	default: return S_ALL;
	}
}

static ol_opcode cmp_to_op(ol_kb_cmp c)
{
	switch (c) {
	case OL_KB_CMP_EQ: return OL_OP_EQ;
	case OL_KB_CMP_NE: return OL_OP_NE;
	case OL_KB_CMP_LT: return OL_OP_LT;
	case OL_KB_CMP_LE: return OL_OP_LE;
	case OL_KB_CMP_GT: return OL_OP_GT;
	case OL_KB_CMP_GE: return OL_OP_GE;
	default: return OL_OP_NONE;
	}
}

// Does the value's sign set decide the KB condition? 1 holds, 0 does not,
// -1 undecided.
static int cond_decided(const sym *y, const ol_kb_cond *kc)
{
	ol_opcode op = cmp_to_op(kc->cmp);
	if (op == OL_OP_NONE)
		return kc->cmp == OL_KB_CMP_ALWAYS ? 1
		     : kc->cmp == OL_KB_CMP_NEVER ? 0 : -1;
	if (y->has_val) {
		bool ok;
		return fold(op, y->val, kc->value, &ok) != 0;
	}
	uint8_t yes = allowed_signs(op, kc->value);
	uint8_t no = allowed_signs(negate_cmp(op), kc->value);
	if (!(y->signs & no) && (y->signs & yes))
		return 1;
	if (!(y->signs & yes) && (y->signs & no))
		return 0;
	return -1;
}

// Settles conditional links once the call's result is known well enough.
static void settle_links(ctx *c, state *s, int i, ol_loc loc)
{
	sym *y = &s->syms[i];
	if (y->link < 0)
		return;
	int old = y->link;
	switch (y->lk) {
	case L_REALLOC:
		if ((y->signs & S_ZERO) && y->signs != S_ZERO)
			return;
		y->link = -1;
		if (y->signs == S_ZERO) {
			s->syms[old].realloc_failed = true;
		} else if (s->syms[old].rs == R_OWNED) {
			mark_released(c, &s->syms[old],
				      y->acq_name ? y->acq_name : "?", loc);
		}
		return;
	case L_STEAL: {
		int failed = y->acq ? cond_decided(y, &y->acq->fails_when) : -1;
		// Status APIs that steal on success return 0 or -1: a result
		// known to be non-zero is the failure, zero the success.
		if (failed < 0 && y->acq && y->acq->fails_when.cmp == OL_KB_CMP_LT &&
		    y->acq->fails_when.value == 0)
			failed = !(y->signs & S_ZERO) ? 1
			       : y->signs == S_ZERO ? 0 : -1;
		if (failed < 0)
			return;
		y->link = -1;
		if (!failed)
			steal(c, s, old, y->acq->name, loc);
		return;
	}
	default:
		return;
	}
}

// Did the call whose result is `r` acquire its out-parameters? 1, 0, or
// -1 when the result is not known well enough.
static int acquired(const sym *r)
{
	const ol_kb_entry *e = r->acq;
	if (!e)
		return -1;
	int got = cond_decided(r, &e->acquired_when);
	// Status APIs return 0 or -1 (never positive): `< 0` tests them.
	if (got < 0 && e->acquired_when.cmp == OL_KB_CMP_EQ &&
	    e->acquired_when.value == 0 && !e->acquired_when.is_null &&
	    (e->fails_when.cmp == OL_KB_CMP_LT ||
	     e->fails_when.cmp == OL_KB_CMP_LE ||
	     (e->fails_when.cmp == OL_KB_CMP_EQ && e->fails_when.value < 0)))
		got = !(r->signs & S_NEG) ? 1 : !(r->signs & S_ZERO) ? 0 : -1;
	// CPython's status APIs with out-parameters (_PyBytes_Resize,
	// PyObject_GetBuffer) return 0 or -1: `if (_PyBytes_Resize(&v, n))`
	// takes the failure branch.
	if (got < 0 && !strcmp(e->family, "cpython") &&
	    e->fails_when.cmp == OL_KB_CMP_LT && e->fails_when.value == 0)
		got = !(r->signs & S_ZERO) ? 0
		      : !(r->signs & (S_NEG | S_POS)) ? 1 : -1;
	return got;
}

// Settles the out-parameters waiting on result `r`; with `force`, an
// undecided result counts as success.
static void settle_acquired(state *s, int r, bool force)
{
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *y = &s->syms[j];
		if (y->lk != L_ACQ_ON || y->link != r)
			continue;
		int got = acquired(&s->syms[r]);
		if (got < 0 && !force)
			continue;
		y->link = -1;
		y->lk = L_NONE;
		if (got == 0) {
			// Nothing was acquired: nothing to release.
			y->rs = R_NONE;
			y->kind = -1;
			y->signs = S_ZERO;
		} else {
			y->signs &= (uint8_t)~S_ZERO;
			if (!y->signs)
				y->signs = S_POS;
			drop_fields(s, (int)j);
		}
	}
}

// Refines `s` so that the condition has outcome `truth`. Returns false
// when that outcome is impossible.
static bool assume(ctx *c, state *s, const cond *cd, bool truth, ol_loc loc)
{
	if (cd->known >= 0)
		return (cd->known != 0) == truth;
	if (cd->sym < 0)
		return true;
	ol_opcode op = truth ? cd->op : negate_cmp(cd->op);
	sym *y = &s->syms[cd->sym];
	y->tested = true;
	// Testing the value itself (`result != NULL` after an unchecked
	// _PyBytes_Resize(&result, n)) checks what the status would have.
	y->status_unchecked = false;
	if (cd->stat >= 0) {
		// Remembered for the next test of the same pair (`if (x !=
		// Py_None)` around both the acquire and the release).
		if (op == OL_OP_EQ)
			y->eq_stat = cd->stat;
		else
			y->ne_stat = cd->stat;
		// `result == Py_NotImplemented`: on that branch the value is
		// the static object, whatever reference was counted for it.
		if (op == OL_OP_EQ && y->rs != R_NONE) {
			// A computed summary or a convention may have called
			// it new; the API documentation is trusted.
			bool documented = y->acq && strcmp(y->acq->family,
							   "summary");
			if (y->rs == R_OWNED && !y->borrowed_base &&
			    !documented)
				y->rs = R_BORROWED;
			if (y->rs == R_OWNED && documented)
				return true;
			y->static_obj = true;
			y->kind = c->tu->pyref_kind;
			y->signs = S_POS;
		}
		return true;
	}
	uint8_t ns = y->signs & allowed_signs(op, cd->k);
	if (!ns)
		return false;
	// `x == k` after `x != k` held on this path (and the reverse).
	if (op == OL_OP_EQ && y->has_ne && y->ne_val == cd->k)
		return false;
	if (op == OL_OP_NE && !y->has_val) {
		y->has_ne = true;
		y->ne_val = cd->k;
	}
	if (y->has_val) {
		bool ok;
		if (!fold(op, y->val, cd->k, &ok) && ok)
			return false;
	}
	y->signs = ns;
	if (op == OL_OP_EQ) {
		y->has_val = true;
		y->val = cd->k;
	}
	if (y->interp_alive && ns == S_ZERO)
		s->finalizing = 1;
	settle_links(c, s, cd->sym, loc);
	settle_acquired(s, cd->sym, false);
	return true;
}

/* ------------------------------------------------------------------ */
/* Leaks                                                               */

// Error-code enums whose success value is 0 (SPEC §4: "cudaError_t other
// than success").
static bool is_status_enum(const ol_type *t)
{
	return t->spelling && (strstr(t->spelling, "cudaError") ||
			       strstr(t->spelling, "CUresult") ||
			       strstr(t->spelling, "cudaError_enum"));
}

static bool is_error_exit(ctx *c, const state *s, int ret)
{
	if (ret < 0)
		return false;
	const sym *y = &s->syms[ret];
	const ol_type *t = &c->fn->ret;
	if (t->cls == OL_TY_POINTER)
		return y->signs == S_ZERO;
	if (t->cls == OL_TY_INT && is_status_enum(t))
		return !(y->signs & S_ZERO); // cudaError_t, CUresult: != 0
	if (t->cls == OL_TY_INT)
		return y->signs == S_NEG;
	return false;
}

static bool leaks(const sym *y)
{
	return y->rs == R_OWNED && y->signs != S_ZERO && y->link < 0 &&
	       y->refs > 0 && !y->weak && !y->static_obj;
}

// A pending steal whose result nobody tested: assume the call went the
// way the code expects (say less when unsure).
static void settle_untested(ctx *c, state *s, int i, ol_loc loc)
{
	sym *y = &s->syms[i];
	if (y->link < 0)
		return;
	if (y->lk == L_STEAL)
		steal(c, s, y->link, y->acq ? y->acq->name : "?", loc);
	if (y->lk == L_STEAL)
		y->link = -1;
}

static void store_fact(ctx *c, sym *y)
{
	if (!y->st_field)
		return;
	fact(c, OL_FACT_STORE, y->st_type, y->st_field, y, y->acq_name,
	     y->st_loc, y->st_param0, y->st_vtype);
	y->st_field = NULL;
}

// Drops syms unreachable from the roots; owned resources among them have
// lost their last handle at `loc`.
static void collect(ctx *c, state *s, ol_loc loc)
{
	int *map = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	int *order = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	unsigned n = canon_order(s, c->nvars, map, order);
	// Untested conditional results first: they may release others.
	for (unsigned i = 0; i < s->nsyms; i++)
		if (map[i] < 0 && s->syms[i].link >= 0 &&
		    s->syms[i].lk != L_REALLOC && s->syms[i].lk != L_ACQ_ON)
			settle_untested(c, s, (int)i, loc);
	// An out-parameter whose call result nobody kept was acquired as far
	// as we can tell (`cudaMalloc(&p, n);` with the status ignored).
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *y = &s->syms[j];
		if (y->lk == L_ACQ_ON && y->link >= 0 && map[y->link] < 0) {
			// Only a status that could report failure counts: the
			// result was never tested at all.
			if (acquired(&s->syms[y->link]) < 0 &&
			    !s->syms[y->link].tested)
				y->status_unchecked = true;
			y->link = -1;
			y->lk = L_NONE;
		}
	}
	for (unsigned i = 0; i < s->nsyms; i++)
		if (map[i] < 0)
			store_fact(c, &s->syms[i]); // no later release possible
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (map[i] >= 0 || !leaks(y))
			continue;
		if (!y->name && y->kind >= 0 && y->kind == c->tu->gil_kind) {
			// `PyEval_SaveThread();` with its result discarded
			// releases the GIL for good on purpose (the release half
			// of PyGILState_Release); a forgotten restore keeps the
			// saved state in a variable.
			y->rs = R_STOP;
			continue;
		}
		const char *fin =
			y->realloc_failed
				? "the reallocation failed and its result "
				  "overwrote the only handle to the old block"
				: y->name ? ol_arena_printf(
						    c->a, "'%s' is overwritten "
						    "or discarded here",
						    y->name)
					  : "the result is discarded here";
		lostnode *ln = OL_NEW(c->a, lostnode);
		ln->prev = c->lost;
		ln->y = *y;
		ln->loc = loc;
		ln->seq = c->seq;
		ln->fin = fin;
		c->lost = ln;
		y->rs = R_STOP;
	}
	if (n == s->nsyms) {
		free(map);
		free(order);
		return;
	}
	// Compact in canonical order and remap links.
	sym *ns = ol_xmalloc(sizeof(sym) * (n ? n : 1));
	for (unsigned k = 0; k < n; k++) {
		ns[k] = s->syms[order[k]];
		if (ns[k].base >= 0)
			ns[k].base = map[ns[k].base];
		if (ns[k].link >= 0)
			ns[k].link = map[ns[k].link];
		if (ns[k].owner >= 0)
			ns[k].owner = map[ns[k].owner];
		if (ns[k].eq_stat >= 0)
			ns[k].eq_stat = map[ns[k].eq_stat];
		if (ns[k].ne_stat >= 0)
			ns[k].ne_stat = map[ns[k].ne_stat];
		if (ns[k].vn_from >= 0)
			ns[k].vn_from = map[ns[k].vn_from];
		if (ns[k].debt_cont >= 0)
			ns[k].debt_cont = map[ns[k].debt_cont];
	}
	for (unsigned v = 0; v < c->nvars; v++) {
		if (s->env[v] >= 0)
			s->env[v] = map[s->env[v]];
		if (s->addr[v] >= 0)
			s->addr[v] = map[s->addr[v]];
	}
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		if (map[s->fs[f].base] < 0)
			continue; // nobody can reach that object any more
		s->fs[nf] = s->fs[f];
		s->fs[nf].base = map[s->fs[f].base];
		s->fs[nf].val = map[s->fs[f].val];
		if (s->fs[f].ix >= 0)
			s->fs[nf].ix = map[s->fs[f].ix];
		nf++;
	}
	s->nfs = nf;
	free(s->syms);
	s->syms = ns;
	s->nsyms = s->cap = n;
	free(map);
	free(order);
}

static bool returns_new_reference(const ctx *c)
{
	return is_pyobj(&c->fn->ret);
}

// Records what this return path says about the function, for callers.
typedef enum { RET_OTHER, RET_NULL, RET_OWNED, RET_BORROWED } ret_class;

// What the returned value is, before returning changes its state.
static ret_class classify_return(const sym *y)
{
	if (y->signs == S_ZERO)
		return RET_NULL;
	if (y->rs == R_OWNED)
		return RET_OWNED;
	// Stored elsewhere (a field, a container) or never ours.
	if (y->rs == R_BORROWED || y->rs == R_ESCAPED || y->rs == R_MOVED)
		return RET_BORROWED;
	return RET_OTHER;
}

static void summarize_path(ctx *c, const state *s, ret_class rc, bool err,
			   int ret_param, bool ret_may_be_null)
{
	summary *sm = c->sum;
	if (!sm)
		return;
	if (rc != RET_NULL) {
		if (ret_param < 0 || (sm->ret_param >= 0 &&
				      sm->ret_param != ret_param))
			sm->ret_mixed = true;
		else
			sm->ret_param = ret_param;
	}
	sm->paths++;
	if (err)
		sm->err_paths++;
	if (rc != RET_NULL && ret_may_be_null)
		sm->ret_maybe_null++;
	if (rc == RET_NULL)
		sm->ret_null++;
	else if (rc == RET_BORROWED)
		sm->ret_borrowed++;
	else if (rc == RET_OWNED)
		sm->ret_owned++;
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *y = &s->syms[i];
		// A NULL argument has nothing to consume on this path.
		if (y->param < 0 || (!y->consumed && y->signs != S_ZERO) ||
		    (unsigned)y->param >= c->fn->nparams)
			continue;
		if (err)
			sm->consumed_err[y->param]++;
		else
			sm->consumed_ok[y->param]++;
		if (y->released || y->signs == S_ZERO)
			sm->released[y->param]++;
	}
}

// Reports the leaks of lost handles pending on the current path; `err`
// says whether the path ends at an error exit.
static bool same_loc(ol_loc a, ol_loc b)
{
	return a.line == b.line && a.col == b.col && a.file == b.file;
}

static void report_lost(ctx *c, bool err)
{
	for (const lostnode *ln = c->lost; ln; ln = ln->prev) {
		bool dup = false;
		for (size_t i = 0; i < c->lost_seen.len && !dup; i++) {
			lost_seen *ls = &c->lost_seen.items[i];
			if (!same_loc(ls->ln->loc, ln->loc) ||
			    !ls->ln->y.acq_ev || !ln->y.acq_ev ||
			    !same_loc(ls->ln->y.acq_ev->loc,
				      ln->y.acq_ev->loc))
				continue;
			dup = true;
			if (ls->err && !err) { // prefer a normal-exit path
				ls->ln = ln;
				ls->h = c->h;
				ls->err = false;
			}
		}
		if (!dup) {
			lost_seen ls = {ln, c->h, err};
			OL_VEC_PUSH(&c->lost_seen, ls);
		}
	}
	c->lost = NULL;
}

static void flush_lost(ctx *c)
{
	for (size_t i = 0; i < c->lost_seen.len; i++) {
		lost_seen *ls = &c->lost_seen.items[i];
		const sym *y = &ls->ln->y;
		const char *msg = ol_arena_printf(
			c->a, "%s is leaked%s: its last handle is lost here",
			describe(c, y), ls->err ? " on the error path" : "");
		c->h = ls->h;
		c->until_seq = ls->ln->seq;
		report(c, ls->err ? OL_CHECK_OWN_LEAK_ON_ERROR
				  : OL_CHECK_OWN_LEAK,
		       y, ls->ln->loc, msg, ls->ln->fin);
		c->until_seq = 0;
	}
	OL_VEC_FREE(&c->lost_seen);
}

static void end_of_path(ctx *c, state *s, const ol_block *b)
{
	int ret = -1;
	ret_class rc = RET_OTHER;
	int ret_param = -1;
	if (b->cond) {
		ret = eval(c, s, b->cond);
		int r = sym_root(s, ret);
		sym *y = &s->syms[r];
		rc = classify_return(y);
		ret_param = y->param;
		use_check(c, s, r, b->term_loc, "returned");
		if (returns_new_reference(c))
			note_consumed(y); // handed back to the caller
		// Stored into a field and returned with its one reference
		// (pygame's joystick list `head->prev = jstick; return
		// jstick;`): the caller owns it, the field only points to it.
		if (y->st_field && y->refs <= 1 && returns_new_reference(c))
			y->st_field = NULL;
		if (y->rs == R_MOVED && returns_new_reference(c)) {
			report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, b->term_loc,
			       ol_arena_printf(c->a, "%s is returned after its "
					       "reference was stolen",
					       describe(c, y)),
			       "returned here as a new reference");
			y->rs = R_STOP;
		} else if (y->rs == R_BORROWED && returns_new_reference(c) &&
			   y->signs != S_ZERO && !y->weak && !c->quiet &&
			   // A static helper returning a borrowed Py_None as a
			   // marker (_ssl.c's _get_peer_alt_names): the file's
			   // own callers know it, and never release it.
			   !(y->static_obj && c->fn->is_static) &&
			   !(c->fn->attrs &&
			     strstr(c->fn->attrs, "mojo::borrowed_ref")) &&
			   !(c->sum && c->sum->entry.ret == OL_KB_RET_BORROWED)) {
			report(c, OL_CHECK_OWN_BORROW_AS_NEW, y, b->term_loc,
			       ol_arena_printf(c->a, "%s is returned but "
					       "callers expect a new reference",
					       describe(c, y)),
			       "returned here without Py_NewRef/Py_INCREF");
			y->rs = R_STOP;
		} else if (y->rs == R_OWNED) {
			// Returning a resource hands it to the caller.
			if (--y->refs <= 0)
				y->rs = R_ESCAPED;
		}
		ret = r;
	}
	bool err = is_error_exit(c, s, ret);
	report_slot_debts(c, s);
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].link >= 0 && s->syms[i].lk != L_REALLOC &&
		    s->syms[i].lk != L_ACQ_ON)
			settle_untested(c, s, (int)i, b->term_loc);
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].lk == L_ACQ_ON && s->syms[i].link >= 0)
			settle_acquired(s, s->syms[i].link, true);
	borrow_escapes(c, s);
	summarize_path(c, s, rc, err, ret_param,
		       ret >= 0 && (s->syms[ret].signs & S_ZERO));
	// A failed self-check's error exit: the path cannot happen.
	bool selfcheck_fail = err && s->selfcheck;
	if (selfcheck_fail)
		c->lost = NULL;
	report_lost(c, err);
	for (unsigned i = 0; i < s->nsyms; i++)
		store_fact(c, &s->syms[i]);
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (!leaks(y) || selfcheck_fail)
			continue;
		// During finalization a thread must not take the GIL back
		// (pygobject's toggle-ref notify): not restoring it is right.
		if (s->finalizing && y->kind == c->tu->gil_kind)
			continue;
		const char *what = describe(c, y);
		const char *msg =
			err ? ol_arena_printf(c->a, "%s is leaked on the "
					      "error exit", what)
			    : ol_arena_printf(c->a, "%s is never released",
					      what);
		const char *fin =
			b->cond ? ol_arena_printf(
				      c->a, "%s with '%s' still owned",
				      err ? "returning an error" : "returning",
				      y->name ? y->name : "it")
				: ol_arena_printf(c->a, "function ends with "
						  "'%s' still owned",
						  y->name ? y->name : "it");
		report(c, err ? OL_CHECK_OWN_LEAK_ON_ERROR : OL_CHECK_OWN_LEAK,
		       y, b->term_loc, msg, fin);
		y->rs = R_STOP;
	}
}

/* ------------------------------------------------------------------ */
/* Exploration                                                         */

// Returns false when the block was already explored with this state.
static bool seen_add(ctx *c, const ol_block *b, uint64_t h)
{
	seen *sn = &c->seen[b->id];
	if (sn->count * 2 >= sn->cap) {
		unsigned ncap = sn->cap ? sn->cap * 2 : 16;
		uint64_t *ns = ol_xcalloc(ncap, sizeof(uint64_t));
		for (unsigned i = 0; i < sn->cap; i++) {
			uint64_t v = sn->slots[i];
			if (!v)
				continue;
			unsigned j = (unsigned)(v % ncap);
			while (ns[j])
				j = (j + 1) % ncap;
			ns[j] = v;
		}
		free(sn->slots);
		sn->slots = ns;
		sn->cap = ncap;
	}
	unsigned j = (unsigned)(h % sn->cap);
	while (sn->slots[j]) {
		if (sn->slots[j] == h)
			return false;
		j = (j + 1) % sn->cap;
	}
	sn->slots[j] = h;
	sn->count++;
	return true;
}

static void push(ctx *c, const ol_block *b, state *s, const hist *h)
{
	item it = {b, s, h, c->lost};
	OL_VEC_PUSH(&c->work, it);
}

static const char *cond_text(ctx *c, const ol_expr *e)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	ol_expr_print(&b, e);
	char *t = ol_arena_strdup(c->a, ol_strbuf_str(&b));
	ol_strbuf_free(&b);
	return t;
}

static void branch(ctx *c, const ol_block *b, state *s)
{
	// No collect() between evaluating and assuming: it renumbers syms.
	cond cd = eval_cond(c, s, b->cond);
	state *t = state_clone(s, c->nvars);
	const hist *h0 = c->h;
	bool ok_t = assume(c, t, &cd, true, b->term_loc);
	const hist *ht = c->h;
	c->h = h0;
	bool ok_f = assume(c, s, &cd, false, b->term_loc);
	const hist *hf = c->h;
	// Only a real choice is worth a path note.
	if (ok_t && ok_f) {
		const char *txt = cond_text(c, b->cond);
		hist *nt = (hist *)hist_add(
			c, ht, b->term_loc,
			ol_arena_printf(c->a, "assuming '%s' is true", txt));
		hist *nf = (hist *)hist_add(
			c, hf, b->term_loc,
			ol_arena_printf(c->a, "assuming '%s' is false", txt));
		nt->is_branch = nf->is_branch = true;
		ht = nt;
		hf = nf;
		t->selfcheck = s->selfcheck = cd.selfcheck;
	}
	const lostnode *l0 = c->lost;
	if (ok_f) {
		c->h = hf;
		collect(c, s, b->term_loc);
		push(c, b->succ[1], s, hf);
	} else {
		state_free(s);
	}
	c->lost = l0;
	if (ok_t) {
		c->h = ht;
		collect(c, t, b->term_loc);
		push(c, b->succ[0], t, ht);
	} else {
		state_free(t);
	}
	c->lost = l0;
}

// Can the subject `v` be K, given what was tested of it on the path
// (`if (op & OP_INPLACE)`, `if (op != OP_MUL)` before `switch (op)`)?
static bool flags_allow(const state *s, int v, long long k)
{
	int r = sym_root(s, v);
	if (r >= 0 && s->syms[r].has_ne && s->syms[r].ne_val == k)
		return false; // `if (op != K)` held
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *d = &s->syms[i];
		if (d->vn_from < 0 || sym_root(s, d->vn_from) != r ||
		    !d->tested)
			continue;
		bool set = (k & d->vn_k) != 0;
		if (d->signs == S_ZERO && set)
			return false;
		if (!(d->signs & S_ZERO) && !set)
			return false;
	}
	return true;
}

static void do_switch(ctx *c, const ol_block *b, state *s)
{
	int v = eval(c, s, b->cond);
	const sym y0 = s->syms[v];
	bool any_match = false;
	for (unsigned k = 0; k < b->ncases; k++) {
		const ol_case *cs = &b->cases[k];
		if (y0.has_val) {
			if (y0.val < cs->lo || y0.val > cs->hi)
				continue;
			any_match = true;
		}
		if (cs->lo == cs->hi && !flags_allow(s, v, cs->lo))
			continue;
		state *t = state_clone(s, c->nvars);
		// On `case K:` the subject is K (a later switch on the same
		// value takes the same case).
		if (cs->lo == cs->hi) {
			t->syms[v].has_val = true;
			t->syms[v].val = cs->lo;
			t->syms[v].signs &= signs_of_val(cs->lo);
			if (!t->syms[v].signs) {
				state_free(t);
				continue;
			}
		}
		const lostnode *l0 = c->lost;
		collect(c, t, b->term_loc);
		push(c, cs->succ, t, c->h);
		c->lost = l0;
	}
	if (b->default_succ && !(y0.has_val && any_match)) {
		collect(c, s, b->term_loc);
		push(c, b->default_succ, s, c->h);
	} else {
		state_free(s);
	}
}

static void run_block(ctx *c, const ol_block *b, state *s)
{
	for (unsigned i = 0; i < b->nops; i++) {
		const ol_op *op = &b->ops[i];
		if (op->kind == OL_OPK_DECL)
			s->env[op->var->id] = -1;
		else
			eval(c, s, op->expr);
		collect(c, s, op->loc);
	}
	switch (b->term) {
	case OL_TERM_GOTO:
		push(c, b->succ[0], s, c->h);
		return;
	case OL_TERM_BRANCH:
		branch(c, b, s);
		return;
	case OL_TERM_SWITCH:
		do_switch(c, b, s);
		return;
	case OL_TERM_RETURN:
		end_of_path(c, s, b);
		break;
	case OL_TERM_NORETURN:
		break; // the process ends: nothing leaks
	}
	state_free(s);
}

/* ------------------------------------------------------------------ */
/* Liveness: a dead variable's value is dropped at block entry so that  */
/* paths that differ only in dead temporaries (`_py_tmp` of Py_CLEAR)   */
/* merge.                                                               */

static bool bit_get(const uint64_t *set, unsigned i)
{
	return set[i / 64] >> (i % 64) & 1;
}

static void bit_set(uint64_t *set, unsigned i)
{
	set[i / 64] |= (uint64_t)1 << (i % 64);
}

// Records the variables `e` reads (`use`, unless already defined in the
// block) and, for `x = ...`, defines (`def`).
static void uses_defs(const ol_expr *e, uint64_t *use, uint64_t *def,
		      uint64_t *addr)
{
	while (e) {
		switch (e->kind) {
		case OL_E_VAR:
			if (!bit_get(def, e->var->id))
				bit_set(use, e->var->id);
			return;
		case OL_E_ADDR:
			if (e->sub[0] && e->sub[0]->kind == OL_E_VAR) {
				bit_set(addr, e->sub[0]->var->id);
				bit_set(use, e->sub[0]->var->id);
				return;
			}
			break;
		case OL_E_ASSIGN:
			uses_defs(e->sub[1], use, def, addr);
			if (e->sub[0] && e->sub[0]->kind == OL_E_VAR) {
				if (e->op != OL_OP_NONE &&
				    !bit_get(def, e->sub[0]->var->id))
					bit_set(use, e->sub[0]->var->id);
				bit_set(def, e->sub[0]->var->id);
				return;
			}
			e = e->sub[0];
			continue;
		default:
			break;
		}
		if (e->fn)
			uses_defs(e->fn, use, def, addr);
		for (unsigned k = 0; k < e->nargs; k++)
			uses_defs(e->args[k], use, def, addr);
		if (e->sub[1])
			uses_defs(e->sub[1], use, def, addr);
		e = e->sub[0];
	}
}

static void compute_liveness(ctx *c)
{
	const ol_func *fn = c->fn;
	unsigned W = (fn->nvars + 63) / 64;
	if (!W)
		W = 1;
	c->words = W;
	size_t n = (size_t)fn->nblocks * W;
	uint64_t *use = ol_xcalloc(n, sizeof(uint64_t));
	uint64_t *def = ol_xcalloc(n, sizeof(uint64_t));
	c->live_in = ol_xcalloc(n, sizeof(uint64_t));
	c->addr_taken = ol_xcalloc(W, sizeof(uint64_t));
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		uint64_t *u = use + (size_t)b * W, *d = def + (size_t)b * W;
		for (unsigned k = 0; k < blk->nops; k++) {
			const ol_op *op = &blk->ops[k];
			if (op->kind == OL_OPK_DECL)
				bit_set(d, op->var->id);
			else
				uses_defs(op->expr, u, d, c->addr_taken);
		}
		uses_defs(blk->cond, u, d, c->addr_taken);
	}
	// Backward fixpoint: live_in = use | (live_out & ~def).
	uint64_t *out = ol_xmalloc(sizeof(uint64_t) * W);
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = fn->nblocks; b-- > 0;) {
			const ol_block *blk = fn->blocks[b];
			memset(out, 0, sizeof(uint64_t) * W);
			const ol_block *succ[2] = {NULL, NULL};
			if (blk->term == OL_TERM_GOTO) {
				succ[0] = blk->succ[0];
			} else if (blk->term == OL_TERM_BRANCH) {
				succ[0] = blk->succ[0];
				succ[1] = blk->succ[1];
			}
			for (int k = 0; k < 2; k++)
				if (succ[k])
					for (unsigned w = 0; w < W; w++)
						out[w] |= c->live_in[(size_t)succ[k]->id * W + w];
			if (blk->term == OL_TERM_SWITCH) {
				for (unsigned k = 0; k < blk->ncases; k++)
					for (unsigned w = 0; w < W; w++)
						out[w] |= c->live_in[(size_t)blk->cases[k].succ->id * W + w];
				if (blk->default_succ)
					for (unsigned w = 0; w < W; w++)
						out[w] |= c->live_in[(size_t)blk->default_succ->id * W + w];
			}
			uint64_t *in = c->live_in + (size_t)b * W;
			for (unsigned w = 0; w < W; w++) {
				uint64_t v = use[(size_t)b * W + w] |
					     (out[w] & ~def[(size_t)b * W + w]);
				if (v != in[w]) {
					in[w] = v;
					changed = true;
				}
			}
		}
	}
	free(out);
	free(use);
	free(def);
}

// Forgets locals that are dead on entry to `b`, unless they hold a
// resource this function owns (its leak is reported at the exit).
static void drop_dead(ctx *c, const ol_block *b, state *s)
{
	const uint64_t *live = c->live_in + (size_t)b->id * c->words;
	for (unsigned v = 0; v < c->nvars; v++) {
		const ol_var *var = c->fn->vars[v];
		if (s->env[v] < 0 || !is_local(var) || bit_get(live, v) ||
		    bit_get(c->addr_taken, v))
			continue;
		const sym *y = &s->syms[sym_root(s, s->env[v])];
		if (y->rs == R_OWNED || y->link >= 0)
			continue;
		s->env[v] = -1;
	}
}

// A loop head entered with this many different states has counters that
// keep changing: forget exact integers (keep their signs) so the loop
// reaches a fixpoint. Other joins keep them: after `if (bpp == 3) p =
// malloc(..);` and a few unrelated if/else, `if (bpp == 3) free(p);` is
// still decided.
#define WIDEN_AFTER 6
#define MAX_STATES_PER_BLOCK 256

// Marks the targets of back edges of a depth-first walk from the entry:
// every cycle of the CFG (loops, backward gotos) has one.
static void find_loop_heads(ctx *c)
{
	const ol_func *fn = c->fn;
	unsigned n = fn->nblocks;
	c->loop_head = ol_xcalloc(n ? n : 1, sizeof(bool));
	if (!n)
		return;
	// color: 0 unseen, 1 on the stack, 2 done; next: successor index
	uint8_t *color = ol_xcalloc(n, 1);
	unsigned *next = ol_xcalloc(n, sizeof(unsigned));
	unsigned *stack = ol_xcalloc(n, sizeof(unsigned));
	unsigned sp = 0;
	stack[sp++] = 0;
	color[0] = 1;
	while (sp) {
		const ol_block *b = fn->blocks[stack[sp - 1]];
		unsigned k = next[b->id]++;
		const ol_block *t = NULL;
		if (k < 2)
			t = b->succ[k];
		else if (k - 2 < b->ncases)
			t = b->cases[k - 2].succ;
		else if (k - 2 == b->ncases)
			t = b->default_succ;
		else {
			color[b->id] = 2;
			sp--;
			continue;
		}
		if (!t)
			continue;
		if (color[t->id] == 1)
			c->loop_head[t->id] = true;
		else if (color[t->id] == 0) {
			color[t->id] = 1;
			stack[sp++] = t->id;
		}
	}
	free(color);
	free(next);
	free(stack);
}

static void widen(state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		if (s->syms[i].rs == R_NONE && s->syms[i].has_val &&
		    s->syms[i].signs != S_ZERO)
			s->syms[i].has_val = false;
		s->syms[i].has_ne = false;
	}
	// ... and what was only read from memory (a loop walking a block
	// chain, `b = b->next`, would pile up slots).
	forget_reads(s);
}

// Explores `fn` once. In a quiet pass nothing is reported; it only fills
// the function's summary.
static void explore(tu_ctx *tu, const ol_func *fn, summary *sm, bool quiet)
{
	ctx c = {0};
	c.tu = tu;
	c.fn = fn;
	c.sum = sm;
	c.kb = tu->kb;
	c.opts = tu->opts;
	c.sink = tu->sink;
	c.quiet = quiet;
	c.rel_via = -1;
	c.slot_cont = -1;
	c.a = ol_arena_new();
	c.nvars = fn->nvars;
	c.seen = ol_xcalloc(fn->nblocks, sizeof(seen));
	compute_liveness(&c);
	find_loop_heads(&c);
	push(&c, fn->blocks[0], state_new(c.nvars), NULL);
	// Parameters get their entry values before anything runs, so that a
	// later `f(&param)` makes them unknown rather than fresh again.
	state *st0 = c.work.items[0].st;
	for (unsigned i = 0; i < fn->nparams; i++)
		st0->env[fn->vars[i]->id] = param_sym(&c, st0, fn->vars[i]);
	c.work.items[0].h = c.h;
	while (c.work.len) {
		item it = c.work.items[--c.work.len];
		if (c.budget_hit) {
			state_free(it.st);
			continue;
		}
		if (c.loop_head[it.b->id] &&
		    c.seen[it.b->id].count >= WIDEN_AFTER)
			widen(it.st);
		c.h = it.h;
		c.lost = it.lost;
		drop_dead(&c, it.b, it.st);
		collect(&c, it.st, it.b->term_loc);
		uint64_t h = state_hash(it.st, c.nvars);
		if (c.seen[it.b->id].count >= MAX_STATES_PER_BLOCK ||
		    ++c.steps > tu->opts->max_steps) {
			c.budget_hit = true;
			state_free(it.st);
			continue;
		}
		if (!seen_add(&c, it.b, h)) {
			// The rest of this path was explored from an equal
			// state: its pending lost handles are reported now.
			report_lost(&c, false);
			state_free(it.st);
			continue;
		}
		c.h = it.h;
		run_block(&c, it.b, it.st);
	}
	flush_lost(&c);
	if (c.budget_hit && !quiet)
		ol_diag_sink_notice(tu->sink, OL_LEVEL_WARNING, fn->loc,
				    "budget",
				    "analysis of '%s' stopped at its budget "
				    "(%lu steps, %u states per block); paths "
				    "past that point were not checked",
				    fn->name, c.steps, MAX_STATES_PER_BLOCK);
	if (c.budget_hit && sm)
		sm->paths = 0; // incomplete: no summary from it
	for (unsigned i = 0; i < fn->nblocks; i++)
		free(c.seen[i].slots);
	free(c.seen);
	OL_VEC_FREE(&c.work);
	OL_VEC_FREE(&c.leaked);
	free(c.live_in);
	free(c.addr_taken);
	free(c.loop_head);
	ol_arena_free(c.a);
}

/* ------------------------------------------------------------------ */
/* Summaries of the functions of one translation unit                  */

static void summary_reset(summary *sm)
{
	sm->paths = sm->err_paths = 0;
	sm->ret_owned = sm->ret_borrowed = sm->ret_null = 0;
	sm->ret_param = -1;
	sm->ret_mixed = false;
	sm->ret_maybe_null = 0;
	for (unsigned i = 0; i < sm->fn->nparams; i++)
		sm->consumed_ok[i] = sm->consumed_err[i] = sm->released[i] = 0;
}

// Turns the accumulated path facts into the entry callers see.
static void summary_finish(tu_ctx *tu, summary *sm)
{
	const ol_func *fn = sm->fn;
	ol_kb_entry *e = &sm->entry;
	memset(e, 0, sizeof *e);
	e->name = fn->name;
	e->family = "summary";
	e->resource = "pyref";
	e->file = fn->loc.file;
	e->borrowed_from = e->returns_arg = e->format_arg = -1;
	e->small_int_arg = e->queries_arg = -1;
	e->runs_python = true;
	e->nargs = fn->nparams;
	sm->args = OL_NEW_ARRAY(tu->a, ol_kb_arg, fn->nparams + 1);
	e->args = sm->args;
	unsigned ok_paths = sm->paths - sm->err_paths;
	for (unsigned i = 0; i < fn->nparams; i++) {
		ol_kb_arg *a = &sm->args[i];
		a->effect = OL_KB_ARG_BORROW;
		a->resource = NULL;
		const ol_var *v = fn->vars[i];
		bool all_ok = ok_paths && sm->consumed_ok[i] == ok_paths;
		bool all_err = sm->consumed_err[i] == sm->err_paths;
		if (sm->paths && all_ok && sm->err_paths &&
		    !sm->consumed_err[i])
			a->effect = OL_KB_ARG_STEAL_ON_SUCCESS;
		else if (sm->paths && (all_ok && all_err))
			// Released on every path (a `drop(o)` helper) or
			// kept somewhere (stolen).
			a->effect = sm->released[i] == sm->paths
					    ? OL_KB_ARG_RELEASE_NULL_OK
					    : OL_KB_ARG_STEAL;

		if (!is_pyobj(&v->type) && a->effect != OL_KB_ARG_BORROW) {
			// A non-object pointer kept or freed by the callee:
			// for its owner a transfer (no leak, no tracking). Freed:
			// whatever its kind; only stored (a list node, a C
			// struct): a heap block is handed over, but a Python
			// object kept in a C struct is a non-owning pointer.
			bool freed = sm->released[i] == sm->paths;
			if (a->effect != OL_KB_ARG_STEAL_ON_SUCCESS)
				a->effect = OL_KB_ARG_STEAL;
			a->resource = freed ? "*" : "heap";
		}
	}
	if (is_pyobj(&fn->ret)) {
		if (sm->paths && sm->ret_null == sm->paths)
			e->ret = OL_KB_RET_NULL; // an error helper
		else if (sm->ret_owned)
			e->ret = OL_KB_RET_NEW;
		else if (!sm->ret_borrowed)
			e->ret = OL_KB_RET_NONE; // values we cannot classify
		else
			e->ret = OL_KB_RET_BORROWED;
		e->fails_when.cmp = sm->ret_null ? OL_KB_CMP_EQ
						 : OL_KB_CMP_NEVER;
		e->fails_when.is_null = true;
		// `Py_INCREF(o); return o;`: the result is the argument.
		if (!sm->ret_mixed && sm->ret_param >= 0 && !sm->ret_null &&
		    (e->ret == OL_KB_RET_NEW || e->ret == OL_KB_RET_BORROWED))
			e->returns_arg = sm->ret_param;
	} else {
		e->ret = OL_KB_RET_NONE;
		if (fn->ret.cls == OL_TY_INT) {
			e->fails_when.cmp = OL_KB_CMP_LT;
			e->fails_when.value = 0;
		} else if (fn->ret.cls == OL_TY_POINTER && sm->paths &&
			   !sm->ret_null && !sm->ret_maybe_null) {
			// Never returns NULL (a get_state() helper around
			// PyModule_GetState): callers need not check.
			e->fails_when.cmp = OL_KB_CMP_NEVER;
		}
	}
	e->acquired_when.cmp = OL_KB_CMP_UNKNOWN;
	sm->done = true;
}

static summary *tu_summary(tu_ctx *tu, const char *name)
{
	for (size_t i = 0; i < tu->nsums; i++)
		if (!strcmp(tu->sums[i].fn->name, name))
			return &tu->sums[i];
	return NULL;
}

// Callees before callers (depth-first on direct calls); recursion is cut.
static void order_calls(tu_ctx *tu, const ol_expr *e, size_t *order,
			size_t *n, unsigned char *mark);

static void order_func(tu_ctx *tu, size_t i, size_t *order, size_t *n,
		       unsigned char *mark)
{
	if (mark[i])
		return;
	mark[i] = 1;
	const ol_func *fn = tu->sums[i].fn;
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		for (unsigned k = 0; k < blk->nops; k++)
			order_calls(tu, blk->ops[k].expr, order, n, mark);
		order_calls(tu, blk->cond, order, n, mark);
	}
	order[(*n)++] = i;
}

static void order_calls(tu_ctx *tu, const ol_expr *e, size_t *order,
			size_t *n, unsigned char *mark)
{
	// Iterative over `sub[0]` chains would save stack; expression trees
	// are shallow in practice and the pipeline gives big stacks.
	if (!e)
		return;
	if (e->kind == OL_E_CALL && e->text) {
		summary *sm = tu_summary(tu, e->text);
		if (sm)
			order_func(tu, (size_t)(sm - tu->sums), order, n,
				   mark);
	}
	order_calls(tu, e->sub[0], order, n, mark);
	order_calls(tu, e->sub[1], order, n, mark);
	order_calls(tu, e->fn, order, n, mark);
	for (unsigned k = 0; k < e->nargs; k++)
		order_calls(tu, e->args[k], order, n, mark);
}

void ol_engine_opts_init(ol_engine_opts *o)
{
	memset(o, 0, sizeof *o);
	o->max_steps = OL_ENGINE_DEFAULT_MAX_STEPS;
	o->probes = true;
}

void ol_engine_run(const ol_func *const *funcs, size_t nfuncs,
		   const ol_kb *kb, const ol_engine_opts *opts,
		   ol_diag_sink *sink)
{
	ol_engine_opts def;
	if (!opts) {
		ol_engine_opts_init(&def);
		opts = &def;
	}
	tu_ctx tu = {0};
	tu.kb = kb;
	tu.opts = opts;
	tu.sink = sink;
	tu.a = ol_arena_new();
	tu.pyref_kind = kind_index("pyref");
	tu.heap_kind = kind_index("heap");
	tu.buffer_kind = kind_index("buffer");
	tu.gil_kind = kind_index("gil");
	tu.sums = OL_NEW_ARRAY(tu.a, summary, nfuncs + 1);
	for (size_t i = 0; i < nfuncs; i++) {
		summary *sm = &tu.sums[tu.nsums++];
		sm->fn = funcs[i];
		sm->consumed_ok = OL_NEW_ARRAY(tu.a, unsigned,
					       funcs[i]->nparams + 1);
		sm->consumed_err = OL_NEW_ARRAY(tu.a, unsigned,
						funcs[i]->nparams + 1);
		sm->released = OL_NEW_ARRAY(tu.a, unsigned,
					    funcs[i]->nparams + 1);
		sm->ret_param = -1;
	}
	size_t *order = ol_xmalloc(sizeof(size_t) * (nfuncs + 1));
	unsigned char *mark = ol_xcalloc(nfuncs + 1, 1);
	size_t n = 0;
	for (size_t i = 0; i < tu.nsums; i++)
		order_func(&tu, i, order, &n, mark);
	for (size_t k = 0; k < n; k++) {
		summary *sm = &tu.sums[order[k]];
		const ol_func *fn = sm->fn;
		if (!fn->nblocks)
			continue;
		// A quiet pass learns which parameters the function steals;
		// the reporting pass then treats them as owned on entry.
		bool has_obj_param = false;
		for (unsigned i = 0; i < fn->nparams; i++)
			if (is_pyobj(&fn->vars[i]->type))
				has_obj_param = true;
		if (has_obj_param && fn->is_static) {
			explore(&tu, fn, sm, true);
			summary_finish(&tu, sm);
			sm->steal_in = OL_NEW_ARRAY(tu.a, bool,
						    fn->nparams + 1);
			sm->lenient_in = OL_NEW_ARRAY(tu.a, bool,
						      fn->nparams + 1);
			sm->quiet_effect = OL_NEW_ARRAY(tu.a, ol_kb_effect,
							fn->nparams + 1);
			for (unsigned i = 0; i < fn->nparams; i++)
				sm->quiet_effect[i] = sm->args[i].effect;
			for (unsigned i = 0; i < fn->nparams; i++) {
				bool obj = is_pyobj(&fn->vars[i]->type);
				sm->steal_in[i] =
					obj && (sm->args[i].effect ==
							OL_KB_ARG_STEAL ||
						sm->args[i].effect ==
							OL_KB_ARG_RELEASE_NULL_OK);
				// Consumed on some paths only (an Argument
				// Clinic converter's new reference handed to
				// the _impl function, released on its success
				// paths): not certainly borrowed either.
				sm->lenient_in[i] =
					obj && (sm->args[i].effect ==
							OL_KB_ARG_STEAL_ON_SUCCESS ||
						sm->consumed_ok[i] ||
						sm->consumed_err[i]);
			}
			sm->done = false;
			summary_reset(sm);
		}
		explore(&tu, fn, sm, false);
		summary_finish(&tu, sm);
		// This file's callers see what the knowledge base promises,
		// not what the definition does with its owned parameter.
		for (unsigned i = 0; i < fn->nparams; i++)
			if (kb_steal(kb, fn, i))
				sm->args[i].effect = OL_KB_ARG_STEAL;
		if (sm->steal_in)
			for (unsigned i = 0; i < fn->nparams; i++)
				if (sm->steal_in[i])
					sm->args[i].effect =
						sm->quiet_effect[i];
		if (!fn->is_static && !is_pyobj(&fn->ret)) {
			// Callers in other files see only the declaration:
			// keep the summary for this file's callers anyway.
		}
	}
	free(order);
	free(mark);
	OL_VEC_FREE(&tu.annotated);
	ol_arena_free(tu.a);
}
