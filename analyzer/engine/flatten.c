/*
 * flatten.c — past the state budget, a state forgets what no resource
 * needs.
 *
 * A block entered with as many different states as the budget allows
 * (explore.c's admit()), or any block once half the function's steps are
 * spent, flattens each state that arrives: the facts that tell its paths
 * apart without being resources are forgotten, so that states that
 * differed only in them become one and the walk reaches the function's
 * end. What goes:
 *
 *   - the value of a variable that is no resource and related to no other
 *     (join.c's plain_value()): a local is unbound (read again, it is
 *     anything of its type), a global is read again from memory, a
 *     parameter's entry value becomes anything of its type (a flattened
 *     function keeps no summary, the only reader of those);
 *   - a pointer derived from memory that is no resource (`p = buf + n`),
 *     and a local array or struct nothing points into;
 *   - the ties of a value that is no resource to another: a tested flag
 *     `x & K` (masklive.c), a test against a static object;
 *   - what tests said of a borrowed reference (its owner stays; `x ==
 *     Py_None` no longer makes it the static), and an owner nothing else
 *     holds (a loop walking a free list reads each node from the last);
 *   - how many references were taken on one object beyond "more than one";
 *   - field slots holding such values, and the value of an unheld `&x`.
 *
 * Resources, their states and what owns what are never flattened. The
 * walk then covers every path it did before and more: a forgotten value
 * no longer remembers what a test decided. Which is why a finding made on
 * a flattened (coarse) path is confirmed by replaying that path without
 * the flattening (replay.c).
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// Whether a field slot is of value `i` or holds it.
static bool in_any_slot(const state *s, int i)
{
	for (unsigned f = 0; f < s->nfs; f++)
		if (s->fs[f].base == i || s->fs[f].val == i)
			return true;
	return false;
}

// A pointer derived from another (`p = buf + n`) that is no resource,
// into memory that is none either, and that nothing else refers to.
static bool derived_plain(const state *s, int i, const bool *referred)
{
	const sym *y = &s->syms[i];
	int r = sym_root(s, i);
	const sym *b = &s->syms[r];
	return y->rs == R_NONE && y->kind < 0 && !referred[i] &&
	       y->link < 0 && y->owner < 0 && y->cmp_of < 0 &&
	       !y->static_obj && b->rs == R_NONE && b->kind < 0;
}

bool flatten_plain(ctx *c, state *s)
{
	bool changed = false;
	// Ties go first: a tested flag `x & K` (masklive.c) and a test
	// against a static object (`x == Py_None`) are facts about a value
	// that is no resource, which is then plain.
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->vn_from >= 0 && y->rs == R_NONE && y->kind < 0) {
			y->vn_from = -1;
			changed = true;
		}
		if ((y->eq_stat >= 0 || y->ne_stat >= 0) && y->rs == R_NONE &&
		    y->kind < 0) {
			y->eq_stat = y->ne_stat = -1;
			changed = true;
		}
		// A borrowed reference keeps its owner, and forgets what
		// tests said of it (`x == Py_None` made it the static).
		if (y->rs == R_BORROWED && !y->refs && y->link < 0 &&
		    (y->tested || y->has_ne || y->eq_stat >= 0 ||
		     y->ne_stat >= 0)) {
			if (y->eq_stat >= 0 && y->static_obj)
				y->static_obj = false;
			y->eq_stat = y->ne_stat = -1;
			y->tested = y->has_ne = false;
			changed = true;
		}
	}
	// References taken on one object turn after turn (`Py_INCREF(value)`
	// in a loop whose callee the summary does not say consumes it): "more
	// than one".
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].rs == R_OWNED && s->syms[i].refs > 2) {
			s->syms[i].refs = 2;
			changed = true;
		}
	bool *referred = referrers(s);
	unsigned *held = ol_xcalloc(s->nsyms ? s->nsyms : 1, sizeof *held);
	for (unsigned v = 0; v < c->nvars; v++)
		if (s->env[v] >= 0 && sym_root(s, s->env[v]) >= 0)
			held[sym_root(s, s->env[v])]++;
	// A variable forgets its plain value: a local read again is anything
	// of its type, a global is read again from memory, a parameter's
	// entry value becomes anything of its type.
	for (unsigned v = 0; v < c->nvars; v++) {
		const ol_var *var = c->fn->vars[v];
		if (s->env[v] < 0)
			continue;
		int i = sym_root(s, s->env[v]);
		if (i < 0)
			continue;
		sym *y = &s->syms[i];
		// A local array or struct is its storage: only when nothing
		// points into it is it made again when next named.
		bool storage = is_local(var) && (var->type.cls == OL_TY_ARRAY ||
						 var->type.cls == OL_TY_RECORD);
		if (storage && (held[i] != 1 || in_any_slot(s, i)))
			continue;
		if (s->env[v] != i && var->kind != OL_VAR_PARAM &&
		    derived_plain(s, s->env[v], referred)) {
			s->env[v] = -1; // `p = buf + n`: p read again is anything
			changed = true;
			continue;
		}
		// (A parameter's entry value is plain here whatever its type:
		// a coarse function keeps no summary, the reader of those.)
		if (!plain_value(s, i, referred) &&
		    !(y->from_global && y->rs == R_BORROWED && !referred[i] &&
		      held[i] == 1 && !is_local(var)))
			continue;
		if (var->kind == OL_VAR_PARAM) {
			uint8_t signs = signs_for_type(&var->type);
			if (y->signs == signs && !y->has_val && !y->has_ne &&
			    !y->has_lo && !y->has_hi && !y->tested)
				continue;
			y->signs = signs;
			y->has_val = y->has_ne = y->tested = false;
			y->has_lo = y->has_hi = false;
			y->val = y->ne_val = 0;
		} else {
			s->env[v] = -1;
		}
		changed = true;
	}
	// The value `&x` stood for, when nothing holds it any more: a later
	// `&x` makes another (what x holds stays x's).
	for (unsigned v = 0; v < c->nvars; v++) {
		int i = s->addr[v];
		if (i < 0 || held[i] || referred[i] || s->syms[i].rs != R_NONE ||
		    s->syms[i].static_obj || in_any_slot(s, i))
			continue;
		s->addr[v] = -1;
		changed = true;
	}
	// A borrowed reference forgets an owner nothing else holds (a loop
	// walking a free list, each node read from the one before).
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		int o = y->owner;
		if (o < 0 || y->rs != R_BORROWED || held[o] || in_any_slot(s, o))
			continue;
		y->owner = -1;
		changed = true;
	}
	// A field slot forgets a plain value too, unless it holds an object
	// we stored or an item of a container.
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		const fslot *fs = &s->fs[f];
		int i = fs->val >= 0 ? sym_root(s, fs->val) : -1;
		if (!fs->object && fs->ix < 0 && i >= 0 &&
		    plain_value(s, i, referred)) {
			changed = true;
			continue;
		}
		s->fs[nf++] = s->fs[f];
	}
	s->nfs = nf;
	free(referred);
	free(held);
	return changed;
}

