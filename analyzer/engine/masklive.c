/*
 * masklive.c — a tested flag no later code tests again is forgotten.
 *
 * eval.c gives `x & K` (K a small constant) a value of its own, tied to x
 * (`vn_from`, `vn_k`), so that the second test of the same flag is decided
 * by the first: `if (flags & OWNED) acquire(); ... if (flags & OWNED)
 * release();` has two paths, not four. state.c keeps such a tested value
 * while x is reachable. But a function that tests a dozen bits of its
 * `flags` one after another (a getbuffer's `REQ_SHAPE(flags)`,
 * `REQ_STRIDES(flags)`, ...) then reaches its later blocks with one state
 * per combination of outcomes, 2^n of them, though no code after the
 * tests looks at those bits again: the function hits its budget.
 *
 * So, as fieldlive.c does for field names, this file computes for every
 * block which masks the code from there on may test, and at block entry
 * unties the values of the dead ones from their x (a value a variable
 * still holds stays, as a plain integer). What reads the tie: eval.c's
 * reuse of the value for the same `x & K` (only where `x & K` is written
 * again), and a `switch` on x, which asks every tested bit of x (a block
 * ending in a switch keeps every mask live). A mask the code may compute
 * at run time (`x & y`, neither a constant) also keeps every mask live:
 * y may hold any of them.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// The value of a constant expression (literals, arithmetic, bit
// operations); false when `e` is not one.
static bool const_value(const ol_expr *e, long long *v)
{
	long long a, b;
	if (!e)
		return false;
	switch (e->kind) {
	case OL_E_INT:
		*v = e->ival;
		return true;
	case OL_E_UNARY:
		if (!const_value(e->sub[0], &a))
			return false;
		switch (e->op) {
		case OL_OP_NEG: *v = -a; return true;
		case OL_OP_BITNOT: *v = ~a; return true;
		case OL_OP_PLUS: *v = a; return true;
		case OL_OP_NOT: *v = !a; return true;
		default: return false;
		}
	case OL_E_BINARY:
		if (!const_value(e->sub[0], &a) || !const_value(e->sub[1], &b))
			return false;
		switch (e->op) {
		case OL_OP_ADD: *v = a + b; return true;
		case OL_OP_SUB: *v = a - b; return true;
		case OL_OP_AND: *v = a & b; return true;
		case OL_OP_OR: *v = a | b; return true;
		case OL_OP_XOR: *v = a ^ b; return true;
		case OL_OP_SHL:
			if (b < 0 || b > 62 || a < 0)
				return false;
			*v = a << b;
			return true;
		case OL_OP_SHR:
			if (b < 0 || b > 62)
				return false;
			*v = a >> b;
			return true;
		default: return false;
		}
	default:
		return false;
	}
}

typedef OL_VEC(long long) mask_vec;

// Adds what `e` tests to `use` (masks), or says it may test any.
typedef struct mask_walk {
	mask_live *ml;
	mask_vec *masks; // collecting (first pass), else NULL
	uint64_t *use;   // marking (second pass)
	bool any;
} mask_walk;

static int mask_index(const mask_live *ml, long long k)
{
	for (unsigned i = 0; i < ml->n; i++)
		if (ml->masks[i] == k)
			return (int)i;
	return -1;
}

static void note_mask(mask_walk *w, long long k)
{
	if (!mask_is_flag(k))
		return;
	if (w->masks) {
		for (size_t i = 0; i < w->masks->len; i++)
			if (w->masks->items[i] == k)
				return;
		OL_VEC_PUSH(w->masks, k);
		return;
	}
	int i = mask_index(w->ml, k);
	if (i >= 0)
		bit_set(w->use, (unsigned)i);
}

static void walk(mask_walk *w, const ol_expr *e)
{
	while (e) {
		if ((e->kind == OL_E_BINARY || e->kind == OL_E_ASSIGN) &&
		    e->op == OL_OP_AND) {
			long long a, b;
			bool ca = const_value(e->sub[0], &a);
			bool cb = const_value(e->sub[1], &b);
			if (ca)
				note_mask(w, a);
			if (cb)
				note_mask(w, b);
			if (!ca && !cb)
				w->any = true;
		}
		if (e->fn)
			walk(w, e->fn);
		for (unsigned k = 0; k < e->nargs; k++)
			walk(w, e->args[k]);
		if (e->sub[1])
			walk(w, e->sub[1]);
		e = e->sub[0];
	}
}

// Walks block `b`'s expressions; a switch reads every mask.
static void walk_block(mask_walk *w, const ol_block *b)
{
	for (unsigned k = 0; k < b->nops; k++)
		if (b->ops[k].kind == OL_OPK_EVAL)
			walk(w, b->ops[k].expr);
	walk(w, b->cond);
	if (b->term == OL_TERM_SWITCH)
		w->any = true;
}

void mask_liveness(const ol_func *fn, mask_live *ml)
{
	memset(ml, 0, sizeof *ml);
	mask_vec masks = {0};
	mask_walk w = {ml, &masks, NULL, false};
	for (unsigned b = 0; b < fn->nblocks; b++)
		walk_block(&w, fn->blocks[b]);
	ml->masks = masks.items;
	ml->n = (unsigned)masks.len;
	// One more bit per block: every mask is live.
	unsigned W = ml->words = (ml->n + 1 + 63) / 64;
	unsigned all = ml->n;
	ml->in = ol_xcalloc((size_t)fn->nblocks * W, sizeof(uint64_t));
	uint64_t *use = ol_xcalloc((size_t)fn->nblocks * W, sizeof(uint64_t));
	for (unsigned b = 0; b < fn->nblocks; b++) {
		mask_walk m = {ml, NULL, use + (size_t)b * W, false};
		walk_block(&m, fn->blocks[b]);
		if (m.any)
			bit_set(m.use, all);
	}
	live_backward(fn, W, use, ml->in);
	free(use);
}

void mask_liveness_free(mask_live *ml)
{
	free(ml->masks);
	free(ml->in);
	memset(ml, 0, sizeof *ml);
}

void drop_dead_masks(const mask_live *ml, const ol_block *b, state *s)
{
	if (!ml->in)
		return;
	const uint64_t *in = ml->in + (size_t)b->id * ml->words;
	if (bit_get(in, ml->n))
		return; // every mask may be tested again
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->vn_from < 0)
			continue;
		int k = mask_index(ml, y->vn_k);
		if (k < 0 || !bit_get(in, (unsigned)k))
			y->vn_from = -1;
	}
}
