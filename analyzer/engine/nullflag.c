/*
 * nullflag.c — a failure told twice: a NULL result and a flag in the
 * caller's struct.
 *
 * Some parsers report a failed route twice. The helper that gives up
 * sets a flag in the state struct it was handed and returns NULL
 * (mwparserfromhell's tokenizer: `self->route_state = 1; return NULL;`
 * behind `FAIL_ROUTE()`), and its callers test the flag before they test
 * the result:
 *
 *     template = Tokenizer_parse(self, context, 1);
 *     if (BAD_ROUTE) {            // self->route_state
 *         self->head = reset;
 *         return 0;               // template is NULL here
 *     }
 *     if (!template)
 *         return -1;
 *
 * Without the tie, the path that takes the flag's branch with a non-NULL
 * result looks feasible, and `template` looks leaked there.
 *
 * The summary of a file function learns the tie from its own paths
 * (nullflag_note_path): some path that returns NULL leaves a nonzero
 * value in field F of a parameter's struct (a constant it stored,
 * or the tie of a helper it called and whose NULL it returned), and no
 * path that returns something else stores anything into F but zero.
 * Then at each call (nullflag_after_call), F of the struct the caller
 * passed holds "the result is NULL": a test of the flag is a test of
 * the result. The flag's other case, a NULL result with the flag clear
 * (an error of its own, a memory error), is no longer told apart at the
 * call: the function's findings on that path are given up, not invented
 * (precision first). The caller's own code that clears the flag
 * (`RESET_ROUTE()`) stores into it as any store does.
 */
#include "engine_int.h"

#include "contracts.h"

#include <string.h>

// The result a helper's tie speaks of (sym `v` is `result == NULL`, as
// nullflag_after_call makes it), or -1.
static int tied_result(const state *s, int v)
{
	int r = sym_root((state *)s, v);
	if (r < 0)
		return -1;
	const sym *y = &s->syms[r];
	if (y->cmp_of < 0 || y->cmp_stat >= 0 || y->cmp_op != OL_OP_EQ ||
	    y->cmp_k != 0)
		return -1;
	return sym_root((state *)s, y->cmp_of);
}

// Whether the value of sym `v` is a nonzero constant on this path (1),
// zero (0), or anything else (-1: a pointer, a value not known). A
// helper's tie is known once the result it speaks of is.
static int truth_of(const state *s, int v)
{
	int r = sym_root((state *)s, v);
	if (r < 0)
		return -1;
	if (s->syms[r].has_val)
		return s->syms[r].val != 0;
	int o = tied_result(s, v);
	if (o < 0)
		return -1;
	if (s->syms[o].signs == S_ZERO)
		return 1;
	return s->syms[o].signs & S_ZERO ? -1 : 0;
}

// Parameter of the slot's struct, when the slot is a field of the struct
// (or object) a parameter pointed to on entry; else -1.
static int struct_param_of(const ctx *c, const state *s, const fslot *f)
{
	int p = s->syms[f->base].param;
	if (p < 0 || (unsigned)p >= c->fn->nparams)
		return -1;
	return is_pointer(&c->fn->vars[p]->type) ? p : -1;
}

// The pair's entry in `list` (n entries), or -1.
static int pair_at(const nullflag_pair *list, unsigned n, int p,
		   const char *field)
{
	for (unsigned i = 0; i < n; i++)
		if (list[i].param == p && !strcmp(list[i].field, field))
			return (int)i;
	return -1;
}

// Adds the pair to `list` (n entries, NULLFLAG_MAX at most) unless it is
// there; false when the list is full.
static bool pair_add(nullflag_pair *list, unsigned *n, int p,
		     const char *field)
{
	if (pair_at(list, *n, p, field) >= 0)
		return true;
	if (*n == NULLFLAG_MAX)
		return false;
	list[*n].param = p;
	list[(*n)++].field = field;
	return true;
}

// The tie a callee's flag left (`cmp_of` the callee's result, tested
// against NULL), when that result is `ret`: this function returns the
// callee's result with the callee's flag.
static bool tie_of(const state *s, int v, int ret)
{
	int r = sym_root((state *)s, v);
	return ret >= 0 && r >= 0 && s->syms[r].is_bool &&
	       tied_result(s, v) == ret;
}

void nullflag_note_path(ctx *c, const state *s, ret_class rc)
{
	summary *sm = c->sum;
	if (!sm || sm->flag_overflow || c->fn->ret.cls != OL_TY_POINTER)
		return;
	int ret = c->exit_ret >= 0 ? sym_root((state *)s, c->exit_ret) : -1;
	bool null_ret = rc == RET_NULL ||
			(ret >= 0 && s->syms[ret].signs == S_ZERO);
	for (unsigned i = 0; i < s->nfs; i++) {
		const fslot *f = &s->fs[i];
		if (f->read || f->stale || f->ix >= 0 || f->object)
			continue;
		int p = struct_param_of(c, s, f);
		if (p < 0)
			continue;
		// A path returning NULL says "flag set, result NULL" when it
		// set the flag, and nothing against it when it did not; any
		// other path spoils a flag it leaves not known zero, unless
		// that flag is the tie of the result it returns.
		int t = truth_of(s, f->val);
		bool tied = tie_of(s, f->val, ret);
		bool ok = true;
		if ((null_ret && t == 1) || tied)
			ok = pair_add(sm->flag_set, &sm->nflag_set, p, f->field);
		else if (!null_ret && t != 0)
			ok = pair_add(sm->flag_spoiled, &sm->nflag_spoiled, p,
				      f->field);
		if (!ok) {
			sm->flag_overflow = true;
			return;
		}
	}
}

void nullflag_reset(summary *sm)
{
	sm->nflag_set = sm->nflag_spoiled = 0;
	sm->flag_overflow = false;
}

bool summary_null_flag(const ol_kb_entry *e, unsigned *param,
		       const char **field)
{
	if (e && e->family && !strcmp(e->family, "contract")) {
		// (another file's function: what its contract carries)
		const ol_contract *k = (const ol_contract *)(const void *)(
			(const char *)e - offsetof(ol_contract, entry));
		if (k->flag_param < 0 || !k->flag_field)
			return false;
		*param = (unsigned)k->flag_param;
		*field = k->flag_field;
		return true;
	}
	if (!e || !e->family || strcmp(e->family, "summary"))
		return false;
	const summary *sm = (const summary *)(const void *)(
		(const char *)e - offsetof(summary, entry));
	if (!sm->done || sm->flag_overflow)
		return false;
	// (the first pair some NULL path sets and no other path does)
	for (unsigned i = 0; i < sm->nflag_set; i++) {
		const nullflag_pair *x = &sm->flag_set[i];
		if (pair_at(sm->flag_spoiled, sm->nflag_spoiled, x->param,
			    x->field) < 0) {
			*param = (unsigned)x->param;
			*field = x->field;
			return true;
		}
	}
	return false;
}

void nullflag_after_call(state *s, const ol_kb_entry *ent, const int *args,
			 unsigned nargs, int ret)
{
	unsigned p;
	const char *field;
	if (ret < 0 || !summary_null_flag(ent, &p, &field) || p >= nargs)
		return;
	int o = sym_root(s, args[p]);
	int r = sym_root(s, ret);
	if (o < 0 || r < 0)
		return;
	// (a result known here, `return fail_route(self);`: the flag too)
	int v;
	if (s->syms[r].signs == S_ZERO || !(s->syms[r].signs & S_ZERO)) {
		v = sym_const(s, s->syms[r].signs == S_ZERO);
	} else {
		v = sym_new(s, S_ZERO | S_POS); // (moves s->syms)
		s->syms[v].is_bool = true;
		s->syms[v].cmp_of = r;
		s->syms[v].cmp_op = OL_OP_EQ;
		s->syms[v].cmp_k = 0;
		s->syms[v].cmp_stat = -1;
	}
	fslot *f = field_slot(s, o, field);
	if (!f)
		f = field_add(s, o, field, v, false);
	f->val = v;
	f->read = false;
}
