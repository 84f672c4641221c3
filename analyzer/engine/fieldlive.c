/*
 * fieldlive.c — field slots no later code reads are forgotten at joins.
 *
 * A state remembers what was read from or written to `p->field` (state.c's
 * field slots), so that `if (self->x) ... self->x` is decided the second
 * time. But a slot outlives its use: after `Py_CLEAR(self->a)` one path
 * holds "self->a is NULL, as read" and the other "self->a is NULL, as
 * written". Nothing reads `a` again, yet the two states hash apart, and a
 * teardown of nine `Py_CLEAR`s makes 2^9 states at its last block: the
 * function hits its budget and the rest of it goes unchecked.
 *
 * So, as explore.c's liveness does for locals, this file computes for
 * every block which field names the code from there on may mention (any
 * `->name` or `.name`, read or written, on any base: names, not objects,
 * so aliasing cannot fool it; a type check's name, `PyUnicode_Check`,
 * for the answer call.c keeps under it), and at block entry drops the slots whose
 * name is dead. Only slots that carry no obligation are dropped: a value
 * this function owns, one with a conditional link or owner, a debt or a
 * handed-over borrow stays (dropping its last handle would report a leak,
 * or lose one), and so do the fields of a resource of a kind other than
 * Python objects, which its state machine reads (sm/). A stored slot
 * keeps a non-NULL object value too: store()
 * looks for it when deciding whether a field's reference was moved to
 * another field. Pseudo slots the state machines keep under names no C
 * field has ("ob_item[0]", "(capsule pointer)") are never in the name
 * table, so never dropped.
 *
 * A function returning a pointer keeps, to its exits, the flags it writes
 * into a parameter's struct (a nonzero constant, a callee's tie): its
 * summary learns from them a flag its callers test instead of the NULL
 * (nullflag.c).
 *
 * Names are compared by content (each expression carries its own copy),
 * through a sorted table of the function's distinct names.
 *
 * A loop that relinks nodes (`prev->next = gc; gc->prev = prev; prev =
 * gc;`, a deque's blocks, a splay tree's rotations) writes slots on a new
 * node every turn, and the names stay live, so the slots pile up and no
 * two turns end in the same state. When explore.c widens a loop head, the
 * written slots whose base object no variable holds any more are
 * forgotten too (forget_unheld_slots()), under the same obligation test:
 * such a node is reached again only by reading a chain of fields, which
 * gives an unknown value anyway.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

// The index of `name` in the sorted table, or -1.
static int name_index(const field_live *fl, const char *name)
{
	const char **hit = bsearch(&name, fl->names, fl->n, sizeof *fl->names,
				   cmp_name);
	return hit ? (int)(hit - fl->names) : -1;
}

typedef OL_VEC(const char *) name_vec;

static void collect_names(const ol_expr *e, name_vec *out)
{
	while (e) {
		if (e->kind == OL_E_MEMBER && e->text)
			OL_VEC_PUSH(out, e->text);
		if (type_check_of(e, NULL))
			OL_VEC_PUSH(out, type_check_of(e, NULL));
		if (e->fn)
			collect_names(e->fn, out);
		for (unsigned k = 0; k < e->nargs; k++)
			collect_names(e->args[k], out);
		if (e->sub[1])
			collect_names(e->sub[1], out);
		e = e->sub[0];
	}
}

static void mark_names(const field_live *fl, const ol_expr *e,
		       uint64_t *use)
{
	while (e) {
		const char *tc = type_check_of(e, NULL);
		if ((e->kind == OL_E_MEMBER && e->text) || tc) {
			int i = name_index(fl, tc ? tc : e->text);
			if (i >= 0)
				bit_set(use, (unsigned)i);
		}
		if (e->fn)
			mark_names(fl, e->fn, use);
		for (unsigned k = 0; k < e->nargs; k++)
			mark_names(fl, e->args[k], use);
		if (e->sub[1])
			mark_names(fl, e->sub[1], use);
		e = e->sub[0];
	}
}

static void block_exprs(const ol_block *b, const field_live *fl,
			name_vec *names, uint64_t *use)
{
	for (unsigned k = 0; k < b->nops; k++) {
		const ol_expr *e = b->ops[k].kind == OL_OPK_EVAL
					   ? b->ops[k].expr
					   : NULL;
		if (names)
			collect_names(e, names);
		else
			mark_names(fl, e, use);
	}
	if (names)
		collect_names(b->cond, names);
	else
		mark_names(fl, b->cond, use);
}

void field_liveness(const ol_func *fn, field_live *fl)
{
	memset(fl, 0, sizeof *fl);
	name_vec names = {0};
	for (unsigned b = 0; b < fn->nblocks; b++)
		block_exprs(fn->blocks[b], fl, &names, NULL);
	if (names.len) {
		qsort(names.items, names.len, sizeof *names.items, cmp_name);
		size_t n = 1;
		for (size_t i = 1; i < names.len; i++)
			if (strcmp(names.items[i], names.items[n - 1]))
				names.items[n++] = names.items[i];
		names.len = n;
	}
	fl->names = names.items;
	fl->n = (unsigned)names.len;
	fl->keep_param_flags = fn->ret.cls == OL_TY_POINTER;
	fl->words = (fl->n + 63) / 64;
	if (!fl->n)
		return;
	unsigned W = fl->words;
	fl->in = ol_xcalloc((size_t)fn->nblocks * W, sizeof(uint64_t));
	uint64_t *use = ol_xcalloc((size_t)fn->nblocks * W, sizeof(uint64_t));
	for (unsigned b = 0; b < fn->nblocks; b++)
		block_exprs(fn->blocks[b], fl, NULL, use + (size_t)b * W);
	live_backward(fn, W, use, fl->in);
	free(use);
}

void live_backward(const ol_func *fn, unsigned words, const uint64_t *use,
		   uint64_t *in)
{
	// Backward fixpoint: in = use | union of the successors' in.
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = fn->nblocks; b-- > 0;) {
			const ol_block *blk = fn->blocks[b];
			uint64_t *bin = in + (size_t)b * words;
			for (unsigned w = 0; w < words; w++) {
				uint64_t v = use[(size_t)b * words + w];
				for (unsigned k = 0; k < succ_slots(blk); k++) {
					const ol_block *t = block_succ(blk, k);
					if (t)
						v |= in[(size_t)t->id * words +
							w];
				}
				if (v != bin[w]) {
					bin[w] = v;
					changed = true;
				}
			}
		}
	}
}

void field_liveness_free(field_live *fl)
{
	free(fl->names);
	free(fl->in);
	memset(fl, 0, sizeof *fl);
}

// The slot's value carries nothing a check still needs once the slot is
// gone (see the essay above).
static bool forgettable(const state *s, const fslot *f)
{
	const sym *v = &s->syms[f->val];
	const sym *r = &s->syms[sym_root(s, f->val)];
	// The fields of a resource of another kind are its machine's (a
	// DLPack tensor's manager_ctx and deleter, a buffer view's obj):
	// kept. Not those of a heap block given away (a node linked into
	// a list): no machine follows it any more.
	const sym *b = &s->syms[sym_root(s, f->base)];
	if (b->kind >= 0 && b->kind != OBJECT_KIND &&
	    !(b->kind == OL_SM_HEAP && b->rs == R_ESCAPED))
		return false;
	if (f->dropped_ref)
		return false; // a reference owed (holder.c)
	for (int k = 0; k < 2; k++) {
		const sym *y = k ? r : v;
		if (y->rs == R_OWNED || y->link >= 0 || y->owner >= 0 ||
		    y->debt_cont >= 0 || y->debt_ev || y->owed ||
		    y->owe_ev || y->cap_role != CAP_NONE)
			return false;
	}
	return f->read || r->rs == R_NONE || v->signs == S_ZERO ||
	       (r->kind == OL_SM_HEAP && r->rs == R_ESCAPED);
}

// A flag the function wrote into a parameter's struct: a nonzero
// constant, or a callee's tie to its NULL result (nullflag.c).
static bool param_flag(const state *s, const fslot *f)
{
	if (f->read || s->syms[f->base].param < 0)
		return false;
	const sym *v = &s->syms[sym_root((state *)s, f->val)];
	return (v->has_val && v->val != 0) || (v->is_bool && v->cmp_of >= 0);
}

void drop_dead_fields(const field_live *fl, const ol_block *b, state *s)
{
	if (!fl->n || !s->nfs)
		return;
	const uint64_t *live = fl->in + (size_t)b->id * fl->words;
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		const fslot *x = &s->fs[f];
		int i = x->ix < 0 ? name_index(fl, x->field) : -1;
		bool dead = i >= 0 && !bit_get(live, (unsigned)i);
		if (dead && fl->keep_param_flags && param_flag(s, x))
			dead = false;
		if (!dead || !forgettable(s, x))
			s->fs[nf++] = *x;
	}
	s->nfs = nf;
}

// The values variables hold (or whose address they are), and parameters'
// entry values: a slot on one of these is reached without reading memory.
static bool held_by_variable(const state *s, unsigned nvars, int root)
{
	if (s->syms[root].param >= 0)
		return true;
	for (unsigned v = 0; v < nvars; v++)
		if ((s->env[v] >= 0 && sym_root(s, s->env[v]) == root) ||
		    (s->addr[v] >= 0 && sym_root(s, s->addr[v]) == root))
			return true;
	return false;
}

void forget_unheld_slots(state *s, unsigned nvars)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		const fslot *x = &s->fs[f];
		int base = sym_root(s, x->base);
		if (x->ix >= 0 || base < 0 ||
		    held_by_variable(s, nvars, base) || !forgettable(s, x))
			s->fs[nf++] = *x;
	}
	s->nfs = nf;
}

// The reference a slot of an object the function was handed (a parameter,
// or an object read from one's field) holds after
// `Py_XSETREF(self->x, v)`, or the NULL of `Py_CLEAR(self->x)`: the object
// owns it now, and nothing but the slot still says so.
static bool stored_in_object(const state *s, unsigned nvars, const fslot *f)
{
	const sym *b = &s->syms[sym_root(s, f->base)];
	int root = sym_root(s, f->val);
	const sym *r = &s->syms[root];
	if (f->read || !f->object || f->ix >= 0 ||
	    (b->kind >= 0 && b->kind != OBJECT_KIND) ||
	    (b->param < 0 && !b->from_param0))
		return false;
	if (r->rs == R_NONE && r->signs == S_ZERO)
		return true;
	if (r->rs != R_ESCAPED || !r->st_field || r->link >= 0 ||
	    r->debt_cont >= 0 || r->debt_ev || r->owed || r->owe_ev ||
	    r->cap_role != CAP_NONE || held_by_variable(s, nvars, root))
		return false;
	for (unsigned k = 0; k < s->nfs; k++)
		if (&s->fs[k] != f && sym_root(s, s->fs[k].val) == root)
			return false;
	return true;
}

void forget_stored_slots(ctx *c, state *s, unsigned nvars)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		const fslot *x = &s->fs[f];
		if (!stored_in_object(s, nvars, x)) {
			s->fs[nf++] = *x;
			continue;
		}
		commit_store(c, &s->syms[sym_root(s, x->val)]);
	}
	s->nfs = nf;
}
