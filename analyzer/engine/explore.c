/*
 * explore.c — the path-sensitive engine.
 *
 * Each function's CFG is walked depth-first with a symbolic state:
 *
 *   env   variable -> symbol (a value); locals, params, temporaries, and the
 *         globals the function mentions (forgotten after unknown calls);
 *   syms  what is known of each value: its sign set (negative/zero/
 *         positive; for pointers zero = NULL), an exact integer when known,
 *         and, when it is a resource, its kind, life-cycle state and where
 *         it was acquired.
 *
 * Ops are evaluated bottom-up, call arguments left to right. A branch
 * condition is evaluated once (with its side effects), then each outcome
 * refines the state (`p == NULL`, `!p`, `rc < 0`, `x != -1`) or is pruned
 * as infeasible. After every op, values nobody can reach any more are
 * dropped; an owned resource among them has leaked at that op (its last
 * handle was overwritten or discarded).
 *
 * Joins and loops: a state is reduced to a canonical hash (symbols renamed
 * in order of first use, history left out) and a block is not explored
 * twice with the same hash. Loop counters become unknown after arithmetic,
 * so loops reach a fixpoint after a few iterations; the per-block state
 * count and the per-function step count are bounded, and a function that
 * hits a bound is reported as a "budget" notification (findings already
 * made on complete paths are kept).
 *
 * What it does not model: memory contents (a value stored through a
 * pointer or into a field is "escaped": no longer tracked), aliasing
 * through pointers to locals other than `&x` passed to a call, arithmetic
 * beyond constants, interprocedural effects of functions the knowledge base
 * does not know (they may keep handles they receive, per kind).
 */
#include "engine.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../kb/kb.h"
#include "../ol.h"
#include "../sm/sm.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { S_NEG = 1, S_ZERO = 2, S_POS = 4, S_ALL = 7 };

typedef enum rstate {
	R_NONE,     // not a resource
	R_OWNED,    // this function must release or transfer it
	R_RELEASED, // released on this path
	R_ESCAPED,  // ownership went somewhere we do not follow
	R_STOP,     // a problem was reported: stay quiet about it
} rstate;

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
	long long val;
	rstate rs;
	int kind;          // index of the state machine, -1 when none
	int base;          // pointer arithmetic: derived from this sym, or -1
	int prev_block;    // realloc: the old block, released on success
	int addr_var;      // value is `&var`, or -1
	const ol_kb_entry *acq; // acquiring API
	const hist *acq_ev;     // where acquired
	const hist *rel_ev;     // where released
	const char *name;       // first variable that held it
	bool realloc_failed;    // its realloc returned NULL (message only)
} sym;

typedef struct state {
	int *env; // nvars entries, -1 = no value yet
	sym *syms;
	unsigned nsyms, cap;
} state;

typedef struct item {
	const ol_block *b;
	state *st;
	const hist *h;
} item;

// Visited-state hashes of one block (open addressing, 0 = empty).
typedef struct seen {
	uint64_t *slots;
	unsigned cap, count;
} seen;

typedef struct ctx {
	const ol_func *fn;
	const ol_kb *kb;
	const ol_engine_opts *opts;
	ol_diag_sink *sink;
	ol_arena *a; // per-function scratch: history, messages
	unsigned nvars;
	unsigned seq;
	unsigned long steps;
	bool dead;      // current path ended (infeasible)
	bool budget_hit;
	const hist *h;  // current path's history
	seen *seen;     // per block
	OL_VEC(item) work;
} ctx;

/* ------------------------------------------------------------------ */
/* States                                                              */

static state *state_new(unsigned nvars)
{
	state *s = ol_xcalloc(1, sizeof *s);
	s->env = ol_xmalloc(sizeof(int) * (nvars ? nvars : 1));
	for (unsigned i = 0; i < nvars; i++)
		s->env[i] = -1;
	return s;
}

static state *state_clone(const state *s, unsigned nvars)
{
	state *c = ol_xcalloc(1, sizeof *c);
	c->env = ol_xmalloc(sizeof(int) * (nvars ? nvars : 1));
	memcpy(c->env, s->env, sizeof(int) * nvars);
	c->cap = c->nsyms = s->nsyms;
	c->syms = ol_xmalloc(sizeof(sym) * (c->cap ? c->cap : 1));
	memcpy(c->syms, s->syms, sizeof(sym) * s->nsyms);
	return c;
}

static void state_free(state *s)
{
	if (!s)
		return;
	free(s->env);
	free(s->syms);
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
	y->base = y->prev_block = y->addr_var = -1;
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
	case OL_TY_ARRAY:
		return S_ZERO | S_POS;
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

/* ------------------------------------------------------------------ */
/* Canonical hash and garbage collection                               */

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

// Renames syms reachable from env in first-use order; `map` gets the new
// index of each old sym or -1. Returns the number reachable.
static unsigned canon_order(const state *s, unsigned nvars, int *map,
			    int *order)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->nsyms; i++)
		map[i] = -1;
	for (unsigned v = 0; v < nvars; v++) {
		int root = s->env[v];
		if (root < 0 || map[root] >= 0)
			continue;
		// Follow base / prev_block / addr chains iteratively.
		unsigned start = n;
		map[root] = (int)n;
		order[n++] = root;
		for (unsigned k = start; k < n; k++) {
			const sym *y = &s->syms[order[k]];
			int next[2] = {y->base, y->prev_block};
			for (int j = 0; j < 2; j++)
				if (next[j] >= 0 && map[next[j]] < 0) {
					map[next[j]] = (int)n;
					order[n++] = next[j];
				}
		}
	}
	return n;
}

static uint64_t state_hash(const state *s, unsigned nvars)
{
	int *map = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	int *order = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	unsigned n = canon_order(s, nvars, map, order);
	uint64_t h = 1469598103934665603ull;
	for (unsigned v = 0; v < nvars; v++)
		h = mix(h, s->env[v] < 0 ? 0xffffffffu
					 : (uint64_t)map[s->env[v]]);
	for (unsigned k = 0; k < n; k++) {
		const sym *y = &s->syms[order[k]];
		h = mix(h, y->signs | (uint64_t)y->rs << 8 |
				   (uint64_t)(y->kind + 1) << 16 |
				   (uint64_t)y->has_val << 24);
		if (y->has_val)
			h = mix(h, (uint64_t)y->val);
		h = mix(h, (uint64_t)(uintptr_t)y->acq);
		h = mix(h, y->base < 0 ? 0 : (uint64_t)map[y->base] + 1);
		h = mix(h, y->prev_block < 0 ? 0
					     : (uint64_t)map[y->prev_block] + 1);
		h = mix(h, (uint64_t)(y->addr_var + 1));
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

static const char *var_name(const sym *y)
{
	return y->name ? y->name : NULL;
}

static const char *sm_noun(const sym *y)
{
	const ol_sm *m = y->kind >= 0 ? ol_sm_at((size_t)y->kind) : NULL;
	return m ? m->noun : "resource";
}

static const char *sm_kind(const sym *y)
{
	const ol_sm *m = y->kind >= 0 ? ol_sm_at((size_t)y->kind) : NULL;
	return m ? m->kind : "?";
}

// "heap memory 'buf' from 'malloc'" / "heap memory from 'malloc'"
static const char *describe(ctx *c, const sym *y)
{
	const char *n = var_name(y);
	const char *api = y->acq ? y->acq->name : "?";
	if (n)
		return ol_arena_printf(c->a, "%s '%s' from '%s'", sm_noun(y),
				       n, api);
	return ol_arena_printf(c->a, "%s from '%s'", sm_noun(y), api);
}

#define MAX_BRANCH_EVENTS 12

// Builds a finding about `y` with the acquisition, the branches taken since
// (at most MAX_BRANCH_EVENTS, the latest ones) and, when given, the release
// and a final event.
static void report(ctx *c, ol_check_id check, const sym *y, ol_loc at,
		   const char *msg, const char *final_msg)
{
	if (!ol_diag_sink_enabled(c->sink, check))
		return;
	OL_VEC(ol_event) evs = {0};
	unsigned since = y && y->acq_ev ? y->acq_ev->seq : 0;
	// Collect history newer than the acquisition, newest first.
	const hist *branch[MAX_BRANCH_EVENTS];
	unsigned nb = 0;
	for (const hist *h = c->h; h && h->seq > since; h = h->prev) {
		if (!h->is_branch)
			continue;
		if (nb < MAX_BRANCH_EVENTS)
			branch[nb++] = h;
	}
	if (y && y->acq_ev) {
		const char *n = var_name(y);
		ol_event e = {y->acq_ev->loc,
			      n ? ol_arena_printf(c->a,
						  "'%s' acquired here from "
						  "'%s' (%s)", n,
						  y->acq->name, sm_noun(y))
				: ol_arena_printf(c->a,
						  "acquired here from '%s' "
						  "(%s)", y->acq->name,
						  sm_noun(y))};
		OL_VEC_PUSH(&evs, e);
	}
	// Interleave the release event in order of sequence.
	const hist *rel = y ? y->rel_ev : NULL;
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
		.resource = y ? (char *)sm_kind(y) : NULL,
		.subject = y ? (char *)var_name(y) : NULL,
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

static void escape(state *s, int i)
{
	i = sym_root(s, i);
	if (i >= 0 && s->syms[i].rs == R_OWNED)
		s->syms[i].rs = R_ESCAPED;
}

// A use of `i` that needs the resource alive (dereference, argument).
static void use_check(ctx *c, state *s, int i, ol_loc loc, const char *how)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->rs != R_RELEASED)
		return;
	const char *msg = ol_arena_printf(c->a, "%s is %s after it was "
					  "released", describe(c, y), how);
	report(c, OL_CHECK_OWN_USE_AFTER_FREE, y, loc, msg,
	       ol_arena_printf(c->a, "%s here", how));
	y->rs = R_STOP;
}

// `*p`, `p->f`, `p[i]`: the value must be alive and known non-NULL.
static void deref_check(ctx *c, state *s, int i, ol_loc loc)
{
	use_check(c, s, i, loc, "dereferenced");
	int r = sym_root(s, i);
	if (r < 0)
		return;
	sym *y = &s->syms[r];
	if (y->rs == R_OWNED && (y->signs & S_ZERO) && y->acq &&
	    y->acq->fails_when.cmp == OL_KB_CMP_EQ &&
	    y->acq->fails_when.is_null) {
		const char *msg = ol_arena_printf(
			c->a, "%s is dereferenced before it is checked for "
			"NULL", describe(c, y));
		report(c, OL_CHECK_OWN_UNCHECKED, y, loc, msg,
		       "dereferenced here while it may be NULL");
	}
	// After a dereference the pointer is non-NULL (or the program
	// crashed): say it once.
	if (s->syms[i].signs & S_POS)
		s->syms[i].signs = S_POS;
	if (y->signs & S_POS)
		y->signs = S_POS;
}

static void release(ctx *c, state *s, int i, const char *api, ol_loc loc)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->signs == S_ZERO)
		return; // releasing NULL: a no-op for the APIs that allow it
	if (y->rs == R_RELEASED) {
		const char *msg = ol_arena_printf(
			c->a, "%s is released twice", describe(c, y));
		report(c, OL_CHECK_OWN_DOUBLE, y, loc, msg,
		       ol_arena_printf(c->a, "released again by '%s'", api));
		y->rs = R_STOP;
		return;
	}
	if (y->rs != R_OWNED)
		return;
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
	y->rs = R_RELEASED;
	y->rel_ev = c->h = hist_add(
		c, c->h, loc,
		ol_arena_printf(c->a, "released here by '%s'", api));
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */

static int eval(ctx *c, state *s, const ol_expr *e);

static bool is_local(const ol_var *v)
{
	return v->kind == OL_VAR_PARAM || v->kind == OL_VAR_LOCAL ||
	       v->kind == OL_VAR_TEMP;
}

static void bind(state *s, const ol_var *v, int i)
{
	s->env[v->id] = i;
	if (i >= 0 && !s->syms[i].name && v->kind != OL_VAR_TEMP)
		s->syms[i].name = v->name;
	if (i >= 0 && !is_local(v))
		escape(s, i);
}

static int read_var(state *s, const ol_var *v)
{
	if (s->env[v->id] < 0) {
		int i = sym_fresh(s, &v->type);
		if (v->type.cls == OL_TY_ARRAY)
			s->syms[i].signs = S_POS;
		s->env[v->id] = i;
	}
	return s->env[v->id];
}

// Values of globals and static locals may change in any call we do not
// know; forget them.
static void forget_globals(ctx *c, state *s)
{
	for (unsigned v = 0; v < c->nvars; v++)
		if (!is_local(c->fn->vars[v]))
			s->env[v] = -1;
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

static int eval_binary(ctx *c, state *s, ol_opcode op, int l, int r,
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
	(void)c;
	if ((op == OL_OP_ADD || op == OL_OP_SUB) && is_pointer(res)) {
		// p + n, n + p, p - n: a pointer into the same block.
		int base = is_pointer(lt) ? l : is_pointer(rt) ? r : -1;
		int i = sym_new(s, S_ZERO | S_POS);
		if (base >= 0 && s->syms[sym_root(s, base)].rs != R_NONE)
			s->syms[i].base = sym_root(s, base);
		if (base >= 0 && !(s->syms[base].signs & S_ZERO))
			s->syms[i].signs = S_POS;
		return i;
	}
	if (op >= OL_OP_EQ && op <= OL_OP_GE)
		return sym_new(s, S_ZERO | S_POS);
	return sym_fresh(s, res);
}

static const ol_kb_entry *lookup(ctx *c, const ol_expr *call)
{
	if (!c->kb)
		return NULL;
	const ol_kb_entry *e = NULL;
	if (call->macro)
		e = ol_kb_lookup(c->kb, call->macro);
	if (!e && call->text)
		e = ol_kb_lookup(c->kb, call->text);
	return e;
}

static bool effect_applies(const state *s, int a, const ol_kb_entry *ent,
			   size_t k)
{
	const sym *y = &s->syms[sym_root(s, a)];
	if (y->kind < 0)
		return true;
	const char *res = k < ent->nargs && ent->args[k].resource
				  ? ent->args[k].resource
				  : ent->resource;
	return kind_index(res) == y->kind;
}

static const char *sym_state_text(ctx *c, const state *s, int i)
{
	static const char *rsn[] = {"untracked", "owned", "released",
				    "escaped", "reported"};
	const sym *y = &s->syms[sym_root(s, i)];
	const char *null = y->signs == S_ZERO ? "null"
			 : (y->signs & S_ZERO) ? "maybe-null" : "non-null";
	if (y->rs == R_NONE)
		return ol_arena_printf(c->a, "untracked, %s", null);
	return ol_arena_printf(c->a, "%s: %s, %s", sm_kind(y), rsn[y->rs],
			       null);
}

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
	if (e->text && !strcmp(e->text, "__ownlint_state") && e->nargs == 1 &&
	    c->opts->probes) {
		ol_diag_sink_notice(c->sink, OL_LEVEL_NOTE, e->loc, "probe",
				    "%s", sym_state_text(c, s, args[0]));
		if (args != stack_args)
			free(args);
		return sym_new(s, S_ALL);
	}

	const ol_kb_entry *ent = lookup(c, e);
	const char *api = ent ? ent->name : e->text ? e->text : "?";
	int kind = ent ? kind_index(ent->resource) : -1;

	for (unsigned k = 0; k < e->nargs; k++) {
		int a = args[k];
		ol_kb_effect eff = ent ? ol_kb_arg_effect(ent, k)
				       : OL_KB_ARG_BORROW;
		// An effect speaks of one resource kind: a heap block passed
		// where a CPython API expects an untracked `void *` (a capsule
		// pointer) is, for the heap, a call to unknown code.
		bool applies = ent && effect_applies(s, a, ent, k);
		switch (applies ? eff : OL_KB_ARG_BORROW) {
		case OL_KB_ARG_RELEASE:
		case OL_KB_ARG_RELEASE_NULL_OK:
			release(c, s, a, api, e->loc);
			break;
		case OL_KB_ARG_RELEASE_ON_SUCCESS:
			// Resolved when the result is tested (realloc).
			use_check(c, s, a, e->loc, "passed to a call");
			break;
		case OL_KB_ARG_NONE:
			break;
		case OL_KB_ARG_STEAL:
		case OL_KB_ARG_STEAL_ON_SUCCESS:
			use_check(c, s, a, e->loc, "passed to a call");
			escape(s, a);
			break;
		default:
			use_check(c, s, a, e->loc, "passed to a call");
			break;
		}
		if (!applies) {
			int r = sym_root(s, a);
			const sym *y = &s->syms[r];
			const ol_sm *m = y->kind >= 0
				? ol_sm_at((size_t)y->kind) : NULL;
			if (m && m->escape_on_unknown_call)
				escape(s, r);
			if (y->addr_var >= 0) {
				// f(&x): the callee may store into x.
				int old = s->env[y->addr_var];
				if (old >= 0)
					escape(s, old);
				s->env[y->addr_var] = -1;
			}
		} else if (eff == OL_KB_ARG_ACQUIRE_OUT ||
			   eff == OL_KB_ARG_BORROW_OUT) {
			const sym *y = &s->syms[a];
			if (y->addr_var >= 0)
				s->env[y->addr_var] = -1;
		}
	}
	if (!ent)
		forget_globals(c, s);

	int ret;
	if (ent && ent->returns_arg >= 0 &&
	    (unsigned)ent->returns_arg < e->nargs) {
		ret = args[ent->returns_arg];
	} else if (ent && ent->ret == OL_KB_RET_ACQUIRE && kind >= 0) {
		uint8_t signs = S_POS;
		if (ent->fails_when.cmp == OL_KB_CMP_EQ &&
		    ent->fails_when.is_null)
			signs |= S_ZERO;
		ret = sym_new(s, signs);
		sym *y = &s->syms[ret];
		y->rs = R_OWNED;
		y->kind = kind;
		y->acq = ent;
		y->acq_ev = c->h = hist_add(
			c, c->h, e->loc,
			ol_arena_printf(c->a, "acquired here from '%s'",
					ent->name));
		// realloc-style: the old block is released when this succeeds.
		for (unsigned k = 0; k < e->nargs; k++)
			if (ol_kb_arg_effect(ent, k) ==
				    OL_KB_ARG_RELEASE_ON_SUCCESS) {
				int old = sym_root(s, args[k]);
				if (old >= 0 && s->syms[old].rs == R_OWNED &&
				    s->syms[old].signs != S_ZERO)
					s->syms[ret].prev_block = old;
			}
	} else if (ent && ent->ret == OL_KB_RET_NULL) {
		ret = sym_const(s, 0);
	} else {
		ret = sym_fresh(s, &e->type);
	}
	if (args != stack_args)
		free(args);
	return ret;
}

// Stores `val` into the lvalue `lhs`.
static void store(ctx *c, state *s, const ol_expr *lhs, int val)
{
	switch (lhs->kind) {
	case OL_E_VAR:
		bind(s, lhs->var, val);
		return;
	case OL_E_MEMBER: {
		int b = eval(c, s, lhs->sub[0]);
		if (lhs->arrow)
			deref_check(c, s, b, lhs->loc);
		break;
	}
	case OL_E_DEREF:
	case OL_E_INDEX: {
		int b = eval(c, s, lhs->sub[0]);
		if (lhs->kind == OL_E_INDEX)
			eval(c, s, lhs->sub[1]);
		if (is_pointer(&lhs->sub[0]->type))
			deref_check(c, s, b, lhs->loc);
		break;
	}
	default:
		break;
	}
	escape(s, val);
}

static int eval(ctx *c, state *s, const ol_expr *e)
{
	if (!e)
		return sym_new(s, S_ALL);
	switch (e->kind) {
	case OL_E_VAR:
		return read_var(s, e->var);
	case OL_E_INT:
		return sym_const(s, e->ival);
	case OL_E_NULL:
		return sym_const(s, 0);
	case OL_E_STRING:
	case OL_E_FUNCREF:
		return sym_new(s, S_POS);
	case OL_E_FLOAT:
	case OL_E_SIZEOF:
		return sym_fresh(s, &e->type);
	case OL_E_CALL:
		return eval_call(c, s, e);
	case OL_E_MEMBER: {
		int b = eval(c, s, e->sub[0]);
		if (e->arrow)
			deref_check(c, s, b, e->loc);
		int r = sym_fresh(s, &e->type);
		if (e->type.cls == OL_TY_ARRAY)
			s->syms[r].signs = S_POS;
		return r;
	}
	case OL_E_DEREF:
	case OL_E_INDEX: {
		int b = eval(c, s, e->sub[0]);
		if (e->kind == OL_E_INDEX)
			eval(c, s, e->sub[1]);
		if (is_pointer(&e->sub[0]->type))
			deref_check(c, s, b, e->loc);
		return sym_fresh(s, &e->type);
	}
	case OL_E_ADDR: {
		const ol_expr *o = e->sub[0];
		if (o && o->kind == OL_E_VAR) {
			int i = sym_new(s, S_POS);
			s->syms[i].addr_var = (int)o->var->id;
			return i;
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
			int nv = eval_binary(c, s, OL_OP_ADD, old, one,
					     &o->type, &e->type, &o->type);
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
		return eval_binary(c, s, e->op, l, r, &e->sub[0]->type,
				   &e->sub[1]->type, &e->type);
	}
	case OL_E_ASSIGN: {
		int r = eval(c, s, e->sub[1]);
		if (e->op != OL_OP_NONE) {
			int l = eval(c, s, e->sub[0]);
			r = eval_binary(c, s, e->op, l, r, &e->sub[0]->type,
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
			escape(s, eval(c, s, e->args[k]));
		for (int k = 0; k < 2; k++)
			if (e->sub[k])
				escape(s, eval(c, s, e->sub[k]));
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
	const char *text;
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
static int same_or_distinct(const state *s, int l, int r, ol_opcode op)
{
	int a = sym_root(s, l), b = sym_root(s, r);
	int eq = -1;
	if (l == r)
		eq = 1;
	else if (a != b &&
		 ((s->syms[a].rs == R_OWNED && !(s->syms[a].signs & S_ZERO)) ||
		  (s->syms[b].rs == R_OWNED && !(s->syms[b].signs & S_ZERO))))
		eq = 0;
	if (eq < 0)
		return -1;
	return op == OL_OP_EQ ? eq : !eq;
}

static cond eval_cond(ctx *c, state *s, const ol_expr *e)
{
	cond r = {-1, OL_OP_NE, 0, -1, NULL};
	bool negate = false;
	while (e && e->kind == OL_E_UNARY && e->op == OL_OP_NOT) {
		negate = !negate;
		e = e->sub[0];
	}
	if (e && e->kind == OL_E_BINARY && e->op >= OL_OP_EQ &&
	    e->op <= OL_OP_GE) {
		int l = eval(c, s, e->sub[0]);
		int rr = eval(c, s, e->sub[1]);
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
			r.known = same_or_distinct(s, l, rr, e->op);
		}
	} else {
		int v = eval(c, s, e);
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
	uint8_t lt = k <= 0 ? S_NEG : k == 1 ? (S_NEG | S_ZERO) : S_ALL;
	uint8_t gt = k >= 0 ? S_POS : k == -1 ? (S_ZERO | S_POS) : S_ALL;
	uint8_t eq = signs_of_val(k);
	switch (op) {
	case OL_OP_EQ: return eq;
	case OL_OP_NE: return k == 0 ? (S_NEG | S_POS) : S_ALL;
	case OL_OP_LT: return lt;
	case OL_OP_LE: return k < 0 ? S_NEG : k == 0 ? (S_NEG | S_ZERO) : S_ALL;
	case OL_OP_GT: return gt;
	case OL_OP_GE: return k > 0 ? S_POS : k == 0 ? (S_ZERO | S_POS) : S_ALL;
	default: return S_ALL;
	}
}

// Settles realloc-style links once the new block's NULL-ness is known.
static void settle_links(ctx *c, state *s, int i, ol_loc loc)
{
	sym *y = &s->syms[i];
	if (y->prev_block < 0 || (y->signs & S_ZERO && y->signs != S_ZERO))
		return;
	int old = y->prev_block;
	y->prev_block = -1;
	if (y->signs == S_ZERO)
		s->syms[old].realloc_failed = true;
	if (y->signs != S_ZERO && s->syms[old].rs == R_OWNED) {
		s->syms[old].rs = R_RELEASED;
		s->syms[old].rel_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "released here by '%s'",
					y->acq ? y->acq->name : "?"));
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
	uint8_t ns = y->signs & allowed_signs(op, cd->k);
	if (!ns)
		return false;
	y->signs = ns;
	if (op == OL_OP_EQ) {
		y->has_val = true;
		y->val = cd->k;
	}
	// A derived pointer is NULL exactly when its base is (p + 0 aside).
	settle_links(c, s, cd->sym, loc);
	return true;
}

/* ------------------------------------------------------------------ */
/* Leaks                                                               */

static bool is_error_exit(ctx *c, const state *s, int ret)
{
	if (ret < 0)
		return false;
	const sym *y = &s->syms[ret];
	const ol_type *t = &c->fn->ret;
	if (t->cls == OL_TY_POINTER)
		return y->signs == S_ZERO;
	if (t->cls == OL_TY_INT)
		return y->signs == S_NEG;
	return false;
}

static bool leaks(const sym *y)
{
	return y->rs == R_OWNED && y->signs != S_ZERO && y->prev_block < 0;
}

// Drops syms unreachable from env; owned resources among them have lost
// their last handle at `loc`.
static void collect(ctx *c, state *s, ol_loc loc)
{
	int *map = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	int *order = ol_xmalloc(sizeof(int) * (s->nsyms + 1));
	unsigned n = canon_order(s, c->nvars, map, order);
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (map[i] >= 0 || !leaks(y))
			continue;
		const char *msg = ol_arena_printf(
			c->a, "%s is leaked: its last handle is lost here",
			describe(c, y));
		const char *fin =
			y->realloc_failed
				? "the reallocation failed and its result "
				  "overwrote the only handle to the old block"
				: ol_arena_printf(c->a, "'%s' is overwritten "
						  "or discarded here",
						  y->name ? y->name
							  : "the value");
		report(c, OL_CHECK_OWN_LEAK, y, loc, msg, fin);
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
		if (ns[k].prev_block >= 0)
			ns[k].prev_block = map[ns[k].prev_block];
	}
	for (unsigned v = 0; v < c->nvars; v++)
		if (s->env[v] >= 0)
			s->env[v] = map[s->env[v]];
	free(s->syms);
	s->syms = ns;
	s->nsyms = s->cap = n;
	free(map);
	free(order);
}

static void end_of_path(ctx *c, state *s, const ol_block *b)
{
	int ret = -1;
	if (b->cond) {
		ret = eval(c, s, b->cond);
		// Returning a resource hands it to the caller.
		int r = sym_root(s, ret);
		if (r >= 0)
			use_check(c, s, r, b->term_loc, "returned");
		if (r >= 0 && s->syms[r].rs == R_OWNED)
			s->syms[r].rs = R_ESCAPED;
	}
	bool err = is_error_exit(c, s, ret);
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (!leaks(y))
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

// Returns false when the block was already explored with this state or
// the block's state budget is spent.
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
	item it = {b, s, h};
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
	}
	if (ok_f) {
		c->h = hf;
		collect(c, s, b->term_loc);
		push(c, b->succ[1], s, hf);
	} else {
		state_free(s);
	}
	if (ok_t) {
		c->h = ht;
		collect(c, t, b->term_loc);
		push(c, b->succ[0], t, ht);
	} else {
		state_free(t);
	}
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
		collect(c, t, b->term_loc);
		push(c, cs->succ, t, c->h);
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
	for (unsigned i = 0; i < b->nops && !c->dead; i++) {
		const ol_op *op = &b->ops[i];
		if (op->kind == OL_OPK_DECL) {
			s->env[op->var->id] = -1;
		} else {
			eval(c, s, op->expr);
		}
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

// A block entered with this many different states is a loop head whose
// counters keep changing: forget exact integers (keep their signs) so the
// loop reaches a fixpoint.
#define WIDEN_AFTER 6

static void widen(state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].rs == R_NONE && s->syms[i].has_val &&
		    s->syms[i].signs != S_ZERO)
			s->syms[i].has_val = false;
}

static unsigned max_states_per_block(const ctx *c)
{
	(void)c;
	return 64;
}

static void analyze_func(const ol_func *fn, const ol_kb *kb,
			 const ol_engine_opts *o, ol_diag_sink *sink)
{
	if (!fn->nblocks)
		return;
	ctx c = {0};
	c.fn = fn;
	c.kb = kb;
	c.opts = o;
	c.sink = sink;
	c.a = ol_arena_new();
	c.nvars = fn->nvars;
	c.seen = ol_xcalloc(fn->nblocks, sizeof(seen));
	push(&c, fn->blocks[0], state_new(c.nvars), NULL);
	while (c.work.len) {
		item it = c.work.items[--c.work.len];
		if (c.budget_hit) {
			state_free(it.st);
			continue;
		}
		if (c.seen[it.b->id].count >= WIDEN_AFTER)
			widen(it.st);
		uint64_t h = state_hash(it.st, c.nvars);
		if (c.seen[it.b->id].count >= max_states_per_block(&c) ||
		    ++c.steps > o->max_steps) {
			c.budget_hit = true;
			state_free(it.st);
			continue;
		}
		if (!seen_add(&c, it.b, h)) {
			state_free(it.st);
			continue;
		}
		c.h = it.h;
		c.dead = false;
		run_block(&c, it.b, it.st);
	}
	if (c.budget_hit)
		ol_diag_sink_notice(sink, OL_LEVEL_WARNING, fn->loc, "budget",
				    "analysis of '%s' stopped at its budget "
				    "(%lu steps, %u states per block); paths "
				    "past that point were not checked",
				    fn->name, c.steps, max_states_per_block(&c));
	for (unsigned i = 0; i < fn->nblocks; i++)
		free(c.seen[i].slots);
	free(c.seen);
	OL_VEC_FREE(&c.work);
	ol_arena_free(c.a);
}

void ol_engine_opts_init(ol_engine_opts *o)
{
	memset(o, 0, sizeof *o);
	o->max_steps = OL_ENGINE_DEFAULT_MAX_STEPS;
	o->max_loop_visits = OL_ENGINE_DEFAULT_LOOP_VISITS;
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
	for (size_t i = 0; i < nfuncs; i++)
		analyze_func(funcs[i], kb, opts, sink);
}
