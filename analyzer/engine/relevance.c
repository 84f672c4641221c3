/*
 * relevance.c — an integer no later decision reads is forgotten.
 *
 * Loops that build a value bit by bit or count in it (an ADPCM coder's
 * `delta = 4; ... delta |= 2; ... delta |= sign;`, an output index `o++`)
 * reach their blocks with one state per exact value, and exact values do
 * not join (join.c): the function hits its state budget though nothing
 * the checks look at depends on those values. Liveness (explore.c) does
 * not help: the variable is read again, but only to compute values that
 * are themselves stored where the engine does not look (`*ncp++ = (delta
 * & 0x0f) | outputbuffer;`) or used to index a table of integers
 * (`indexTable[delta]`), whose items the engine does not know anyway.
 *
 * So this file computes, backwards over the CFG, which variables are
 * *relevant* on entry to each block: their value may still reach a
 * decision of the engine. A read is relevant when it is in a branch
 * condition, a switch, a returned value, a call's argument, a pointer
 * dereferenced or indexed, a store into a field or through a pointer of
 * another type than an integer, or any expression with effects; and when
 * it computes the new value of a variable that is relevant after the
 * assignment (`x = v + 1` makes v relevant when x is). A read is not
 * relevant when its value only goes into an integer stored through a
 * pointer (`*p = v`, `buf[i] = v`, memory the engine does not model), into
 * the index of such a store or of a read of an integer item, or into a
 * variable that is not relevant itself. An assignment `x = ...` ends the
 * relevance of x's old value; `x += ...` and `x++` keep it as it is.
 *
 * At block entry, an integer local (or parameter) that is not relevant
 * there, whose address is never taken, and whose value is a plain number
 * (no resource, no link) is unbound, as a dead variable is: a later read
 * gets an unknown value. No finding can change, since nothing that decides
 * a branch, a call or a check reads what was forgotten; states that
 * differed only there are one state.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

typedef struct rel_walk {
	const uint64_t *addr_taken;
	uint64_t *rel; // the variables relevant at this point
} rel_walk;

static bool is_incdec(const ol_expr *e)
{
	return e->kind == OL_E_UNARY &&
	       (e->op == OL_OP_PREINC || e->op == OL_OP_PREDEC ||
		e->op == OL_OP_POSTINC || e->op == OL_OP_POSTDEC);
}

// A local whose value this file follows: an assignment to it is all that
// changes it.
static bool tracked(const rel_walk *w, const ol_expr *e)
{
	return e && e->kind == OL_E_VAR && is_local(e->var) &&
	       !bit_get(w->addr_taken, e->var->id);
}

static void walk(rel_walk *w, const ol_expr *e, bool relevant);

// Every variable `e` reads is relevant.
static void walk_all(rel_walk *w, const ol_expr *e)
{
	while (e) {
		if (e->kind == OL_E_VAR) {
			bit_set(w->rel, e->var->id);
			return;
		}
		if (e->kind == OL_E_INDEX) {
			walk(w, e, true);
			return;
		}
		if (e->fn)
			walk_all(w, e->fn);
		for (unsigned k = 0; k < e->nargs; k++)
			walk_all(w, e->args[k]);
		if (e->sub[1])
			walk_all(w, e->sub[1]);
		e = e->sub[0];
	}
}

// The variables `e` reads, whose value is relevant when `relevant` says
// so; arithmetic passes that on, anything else makes its operands
// relevant.
static void walk(rel_walk *w, const ol_expr *e, bool relevant)
{
	if (!e)
		return;
	switch (e->kind) {
	case OL_E_VAR:
		if (relevant)
			bit_set(w->rel, e->var->id);
		return;
	case OL_E_INT:
	case OL_E_NULL:
	case OL_E_STRING:
	case OL_E_FLOAT:
	case OL_E_SIZEOF:
	case OL_E_FUNCREF:
		return;
	case OL_E_INDEX:
		// The pointer is dereferenced; the index of an integer item
		// picks a value the engine does not know anyway.
		walk_all(w, e->sub[0]);
		walk(w, e->sub[1], e->type.cls != OL_TY_INT);
		return;
	case OL_E_BINARY:
		walk(w, e->sub[0], relevant);
		walk(w, e->sub[1], relevant);
		return;
	case OL_E_UNARY:
		// `v++` inside an expression: v's next value is as relevant
		// as v is; its current one goes where the expression goes.
		if (is_incdec(e) && tracked(w, e->sub[0]))
			return;
		if (!is_incdec(e)) {
			walk(w, e->sub[0], relevant);
			return;
		}
		break;
	default:
		break;
	}
	walk_all(w, e);
}

// One statement, backwards: `rel` holds what is relevant after it and
// gets what is relevant before it.
static void transfer_op(rel_walk *w, const ol_op *op)
{
	if (op->kind == OL_OPK_DECL) {
		if (!bit_get(w->addr_taken, op->var->id))
			bit_clear(w->rel, op->var->id);
		return;
	}
	const ol_expr *e = op->expr;
	if (!e)
		return;
	if (e->kind == OL_E_ASSIGN && tracked(w, e->sub[0])) {
		unsigned v = e->sub[0]->var->id;
		bool after = bit_get(w->rel, v);
		if (e->op == OL_OP_NONE)
			bit_clear(w->rel, v); // the old value ends here
		walk(w, e->sub[1], after);
		return;
	}
	if (e->kind == OL_E_ASSIGN && e->sub[0] &&
	    (e->sub[0]->kind == OL_E_DEREF || e->sub[0]->kind == OL_E_INDEX) &&
	    e->sub[0]->type.cls == OL_TY_INT) {
		// An integer stored through a pointer: memory the engine
		// does not model.
		const ol_expr *lhs = e->sub[0];
		walk_all(w, lhs->sub[0]);
		walk(w, lhs->sub[1], false);
		walk(w, e->sub[1], false);
		return;
	}
	if (is_incdec(e) && tracked(w, e->sub[0]))
		return;
	walk_all(w, e);
}

// Block `b`, backwards: `rel` holds what is relevant after it (its
// successors' entries) and gets what is relevant on entry.
static void transfer_block(rel_walk *w, const ol_block *b)
{
	walk_all(w, b->cond);
	for (unsigned k = b->nops; k-- > 0;)
		transfer_op(w, &b->ops[k]);
}

void relevance(const ol_func *fn, const uint64_t *addr_taken, unsigned words,
	       uint64_t **rel_in)
{
	size_t n = (size_t)fn->nblocks * words;
	uint64_t *in = ol_xcalloc(n ? n : 1, sizeof(uint64_t));
	uint64_t *cur = ol_xmalloc(sizeof(uint64_t) * words);
	rel_walk w = {addr_taken, cur};
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = fn->nblocks; b-- > 0;) {
			const ol_block *blk = fn->blocks[b];
			memset(cur, 0, sizeof(uint64_t) * words);
			for (unsigned k = 0; k < succ_slots(blk); k++) {
				const ol_block *t = block_succ(blk, k);
				if (!t)
					continue;
				for (unsigned i = 0; i < words; i++)
					cur[i] |= in[(size_t)t->id * words + i];
			}
			transfer_block(&w, blk);
			uint64_t *bin = in + (size_t)b * words;
			if (memcmp(bin, cur, sizeof(uint64_t) * words)) {
				memcpy(bin, cur, sizeof(uint64_t) * words);
				changed = true;
			}
		}
	}
	free(cur);
	*rel_in = in;
}

void drop_irrelevant(const ctx *c, const ol_block *b, state *s)
{
	const uint64_t *rel = c->rel_in + (size_t)b->id * c->words;
	for (unsigned v = 0; v < c->nvars; v++) {
		const ol_var *var = c->fn->vars[v];
		if (s->env[v] < 0 || !is_local(var) ||
		    var->type.cls != OL_TY_INT || bit_get(rel, v) ||
		    bit_get(c->addr_taken, v) || s->addr[v] >= 0)
			continue;
		const sym *y = &s->syms[sym_root(s, s->env[v])];
		if (y->rs != R_NONE || y->kind >= 0 || y->link >= 0)
			continue;
		s->env[v] = -1;
	}
}
