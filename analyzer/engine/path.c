/*
 * path.c — branch conditions, and what each outcome tells.
 *
 * A branch condition is evaluated once (with its side effects) and reduced
 * to "value OP constant" (`p == NULL`, `!p`, `rc < 0`, `x != -1`), to a
 * comparison with a static object (`x == Py_None`), or to a known truth.
 * Each outcome then refines a copy of the state: the value's sign set
 * narrows, an equality makes it exact, an inequality excludes one
 * constant; an outcome that contradicts what is known is infeasible and
 * its path is dropped.
 *
 * Refining a call's result settles what waited for it: a steal that
 * happens on success, the old block of a realloc, out-parameters acquired
 * only on success. A result nobody tests is settled as the code expects
 * (settle_untested): say less when unsure.
 */
#include "engine_int.h"
#include "../ol.h"

#include <string.h>

ol_opcode swap_cmp(ol_opcode op)
{
	switch (op) {
	case OL_OP_LT: return OL_OP_GT;
	case OL_OP_LE: return OL_OP_GE;
	case OL_OP_GT: return OL_OP_LT;
	case OL_OP_GE: return OL_OP_LE;
	default: return op;
	}
}

ol_opcode negate_cmp(ol_opcode op)
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

// A live value this function acquired, not NULL, whose kind hands out
// distinct objects (a heap block; not a reference, which may be a cached
// one).
static bool fresh(const sym *y)
{
	const ol_sm *m = sm_of(y);
	return y->rs == R_OWNED && !(y->signs & S_ZERO) && !y->borrowed_base &&
	       !(m && m->acquire_may_share);
}

// A reallocation's result (realloc-style: its old block is released when
// it succeeds), which may be the very block it was given.
static bool reallocated(const sym *y)
{
	for (unsigned k = 0; y->acq && k < y->acq->nargs; k++)
		if (ol_kb_arg_effect(y->acq, k) == OL_KB_ARG_RELEASE_ON_SUCCESS)
			return true;
	return false;
}

// ... or NULL: acquired by this path, the allocation not yet tested (not
// a reallocation's result).
static bool fresh_or_null(const sym *y)
{
	const ol_sm *m = sm_of(y);
	return y->rs == R_OWNED && !y->borrowed_base &&
	       !(m && m->acquire_may_share) && !reallocated(y);
}

// `nb = realloc(buf, n); if (nb == buf) return buf;` with `buf` a
// parameter: where they are equal, the block grew in place, and is the
// caller's block under two names (as maybe_passed_through()'s pairs).
static bool reallocated_param(const state *s, int a, int b)
{
	const sym *ya = &s->syms[a], *yb = &s->syms[b];
	return a != b && ya->rs == R_OWNED && reallocated(ya) &&
	       yb->param >= 0;
}

// `to == from` with `to` a block just allocated (maybe NULL) and `from` a
// parameter's value or another block this path allocated (kaa-imlib2's
// in-place conversion, `if (to == 0) to = malloc(n); .. if (to == from)
// to = malloc(n);`): no live object's address is a new block's, so they
// are equal only where both are NULL.
static bool allocated_vs_older(const state *s, int a, int b)
{
	const sym *ya = &s->syms[a], *yb = &s->syms[b];
	return a != b && fresh_or_null(ya) && ya->kind >= 0 &&
	       yb->base != a && ya->base != b &&
	       (yb->param >= 0 ||
		(fresh_or_null(yb) && yb->kind == ya->kind));
}

// A test of a block this path allocated against a parameter's value or
// another block (allocated_vs_older(), reallocated_param()), either way
// round: refines `r` and says so.
static bool new_block_test(const state *s, int a, int b, ol_opcode op,
			   cond *r)
{
	for (int k = 0; k < 2; k++) {
		int x = k ? b : a, y = k ? a : b;
		if (allocated_vs_older(s, x, y))
			r->null_if_eq = y;
		else if (reallocated_param(s, x, y))
			r->other = y;
		else
			continue;
		r->sym = x;
		r->op = op;
		return true;
	}
	return false;
}

// Its kind says `y` cannot be a static object (a new object from a
// constructor of the C API is never Py_None).
static bool never_static(const ctx *c, const sym *y)
{
	const ol_sm *m = sm_of(y);
	return m && m->never_static && m->never_static(c, y);
}

// `kwdict = _PyStack_AsDict(args, keywords); ... if (kwdict != keywords)
// Py_DECREF(kwdict);`: a reference a computed summary called new (`y`),
// tested against one we borrow (`b`): the code says the callee may have
// handed back what it was given, and then nothing was acquired. So with
// any new reference tested against a parameter's value (linuxcnc's `tmp
// = PyLong_Check(o) ? o : PyNumber_Long(o); ... if (tmp != o)
// Py_XDECREF(tmp);`): the test asks which of the two `tmp` is.
static bool maybe_passed_through(const sym *y, const sym *b)
{
	return y->rs == R_OWNED &&
	       (inferred_entry(y->acq) || !y->acq || b->param >= 0) &&
	       y->kind == OL_SM_PYREF && !y->borrowed_base &&
	       b->rs == R_BORROWED && !b->static_obj;
}

// (C++) `p` a parameter of a member function (not `this`) and `f` the
// value a field of the object held (read through `this`).
static bool param_vs_own_field(const ctx *c, const state *s, int p, int f)
{
	return c->fn->cxx_member && s->syms[p].param > 0 &&
	       s->syms[f].from_field && s->syms[f].from_param0 &&
	       s->syms[f].param < 0;
}

static int same_or_distinct(const ctx *c, const state *s, int l, int r,
			    ol_opcode op)
{
	int a = sym_root(s, l), b = sym_root(s, r);
	int eq = -1;
	const sym *ya = &s->syms[a], *yb = &s->syms[b];
	bool fresh_a = fresh(ya), fresh_b = fresh(yb);
	if (l == r || a == b || ya->eq_stat == b || yb->eq_stat == a)
		eq = 1;
	else if (fresh_a || fresh_b || ya->ne_stat == b || yb->ne_stat == a)
		eq = 0;
	else if ((yb->static_obj && never_static(c, ya)) ||
		 (ya->static_obj && never_static(c, yb)))
		eq = 0; // (a constructor's NULL is no static object either)
	if (eq < 0)
		return -1;
	return op == OL_OP_EQ ? eq : !eq;
}

// `&PyUnicode_Type`: a builtin type whose exact instances run no method of
// the user's in comparisons, hashing, repr or arithmetic (str, int, float,
// bytes, bool; not containers, whose items' methods run).
static bool exact_type_addr(const ol_expr *e)
{
	static const char *const types[] = {
		"PyUnicode_Type", "PyLong_Type", "PyFloat_Type",
		"PyBytes_Type", "PyBool_Type",
	};
	if (!e || e->kind != OL_E_ADDR || !e->sub[0] ||
	    e->sub[0]->kind != OL_E_VAR || !e->sub[0]->var ||
	    !e->sub[0]->var->name)
		return false;
	for (size_t i = 0; i < sizeof types / sizeof *types; i++)
		if (!strcmp(e->sub[0]->var->name, types[i]))
			return true;
	return false;
}

// The value of local `x` in `Py_TYPE(x)` or `x->ob_type`, or -1.
static int typed_local(const state *s, const ol_expr *e)
{
	const ol_expr *x = NULL;
	if (e && e->kind == OL_E_CALL && e->text && e->nargs == 1 &&
	    !strcmp(e->text, "Py_TYPE"))
		x = e->args[0];
	else if (e && e->kind == OL_E_MEMBER && e->arrow && e->text &&
		 !strcmp(e->text, "ob_type"))
		x = e->sub[0];
	if (!x || x->kind != OL_E_VAR || !x->var || !is_local(x->var))
		return -1;
	return s->env[x->var->id];
}

// PyUnicode_CheckExact(x) and its kin, as the headers expand them:
// `Py_TYPE(x) == &PyUnicode_Type` (r.sym the type, tested EQ against the
// static type object) or `Py_IS_TYPE(x, &PyUnicode_Type)` (r.sym the
// result, tested NE 0). Where it holds, x is of that exact type.
static void exact_type_test(const state *s, const ol_expr *e, cond *r)
{
	if (r->sym < 0)
		return;
	int x = -1;
	ol_opcode holds = OL_OP_EQ;
	if (e->kind == OL_E_BINARY &&
	    (e->op == OL_OP_EQ || e->op == OL_OP_NE) && r->stat >= 0) {
		if (exact_type_addr(e->sub[1]))
			x = typed_local(s, e->sub[0]);
		else if (exact_type_addr(e->sub[0]))
			x = typed_local(s, e->sub[1]);
	} else if (e->kind == OL_E_CALL && e->text && e->nargs == 2 &&
		   !strcmp(e->text, "Py_IS_TYPE") &&
		   exact_type_addr(e->args[1]) && r->k == 0) {
		const ol_expr *a = e->args[0];
		if (a->kind == OL_E_VAR && a->var && is_local(a->var))
			x = s->env[a->var->id];
		holds = OL_OP_NE;
	}
	if (x >= 0) {
		r->exact_of = x;
		r->exact_op = holds;
	}
}

// A borrow compared with what a global variable holds (a module's own
// reference to an object it looked up once, kept for the life of the
// process): PyGLM's `if (first == ctypes_float) self->subtype = first;`.
static bool borrow_vs_global(const state *s, int b, int g)
{
	const sym *x = &s->syms[b], *y = &s->syms[g];
	return x->rs == R_BORROWED && !x->from_global && !x->weak &&
	       y->from_global && x->kind == y->kind;
}

cond eval_cond(ctx *c, state *s, const ol_expr *e)
{
	cond r = {-1, OL_OP_NE, 0, -1, -1, -1, false, -1, OL_OP_EQ, -1, false,
		  -1, false, -1};
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
			} else if (r.known < 0 && maybe_passed_through(&s->syms[a0],
							  &s->syms[b0])) {
				r.sym = a0;
				r.other = b0;
				r.op = e->op;
			} else if (r.known < 0 && maybe_passed_through(&s->syms[b0],
							  &s->syms[a0])) {
				r.sym = b0;
				r.other = a0;
				r.op = e->op;
			} else if (r.known < 0 && param_vs_own_field(c, s, a0, b0)) {
				r.sym = a0;
				r.held_by = b0;
				r.op = e->op;
			} else if (r.known < 0 && param_vs_own_field(c, s, b0, a0)) {
				r.sym = b0;
				r.held_by = a0;
				r.op = e->op;
			} else if (r.known < 0 &&
				   new_block_test(s, a0, b0, e->op, &r)) {
				// (refined there)
			} else if (r.known < 0 &&
				   borrow_vs_global(s, a0, b0)) {
				r.sym = a0;
				r.is_global = true;
				r.op = e->op;
			} else if (r.known < 0 &&
				   borrow_vs_global(s, b0, a0)) {
				r.sym = b0;
				r.is_global = true;
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
		else if (y->cmp_of >= 0 && sym_root(s, y->cmp_of) >= 0) {
			// `if (ok)` after `ok = p != NULL`: the comparison.
			r.sym = sym_root(s, y->cmp_of);
			r.op = y->cmp_op;
			r.k = y->cmp_k;
			r.bool_sym = v;
			if (y->cmp_stat >= 0) {
				r.stat = sym_root(s, y->cmp_stat);
				r.known = same_or_distinct(c, s, r.sym,
							   r.stat, r.op);
			}
		} else
			r.sym = v;
	}
	exact_type_test(s, e, &r);
	if (negate) {
		if (r.known >= 0)
			r.known = !r.known;
		r.op = negate_cmp(r.op);
		r.bool_neg = true;
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

// Narrows the bounds of `y` to where "y OP k" holds; false when no value
// is left (`n < 128` after `n >= 128` on the same path).
static bool within_bounds(sym *y, ol_opcode op, long long k)
{
	long long lo = LLONG_MIN, hi = LLONG_MAX;
	switch (op) {
	case OL_OP_LT:
		if (k == LLONG_MIN)
			return false;
		hi = k - 1;
		break;
	case OL_OP_LE:
		hi = k;
		break;
	case OL_OP_GT:
		if (k == LLONG_MAX)
			return false;
		lo = k + 1;
		break;
	case OL_OP_GE:
		lo = k;
		break;
	case OL_OP_EQ:
		lo = hi = k;
		break;
	default:
		return true;
	}
	if (y->has_lo && y->lo > lo)
		lo = y->lo;
	if (y->has_hi && y->hi < hi)
		hi = y->hi;
	if (lo > hi || (y->has_val && (y->val < lo || y->val > hi)))
		return false;
	if (op == OL_OP_EQ || y->has_val)
		return true; // the exact value says it
	// Signs say as much for bounds at -1, 0 and 1.
	if (lo != LLONG_MIN && (lo < -1 || lo > 1)) {
		y->has_lo = true;
		y->lo = lo;
	}
	if (hi != LLONG_MAX && (hi < -1 || hi > 1)) {
		y->has_hi = true;
		y->hi = hi;
	}
	return true;
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

// A callee took a reference on `i` and kept it where the caller will find
// it (a getbuffer helper's `view->obj = self`). The caller may give it
// back through `i` (Py_DECREF(self)) or through where it is kept
// (PyBuffer_Release(&view), Py_XDECREF(view.obj)), which this engine does
// not tie to `i`: no leak is reported for it (`weak`).
void incref_kept(ctx *c, state *s, int i, const ol_kb_entry *ent,
		 ol_loc loc)
{
	incref(c, s, kind_index(ent->resource), i, NULL, ent->name, loc, true);
	int r = sym_root(s, i);
	if (r >= 0 && s->syms[r].rs == R_OWNED)
		s->syms[r].weak = true;
}

// Block `b`, given to a realloc that returned NULL, waits on the size it
// was given (L_FREED_IF_ZERO): a size known to be 0 means the call freed
// it (glibc), and it is no longer followed (a later `free(b)` on that
// path is the C library's business: musl keeps the block); a size known
// not to be 0 means the call failed and `b` is still owned.
static void settle_zero_size(state *s, int b)
{
	sym *y = &s->syms[b];
	if (y->lk != L_FREED_IF_ZERO || y->link < 0 || !y->realloc_failed)
		return;
	const sym *n = &s->syms[y->link];
	if (n->signs == S_ZERO) {
		y->link = -1;
		y->lk = L_NONE;
		y->rs = R_NONE;
		y->kind = -1;
	} else if (!(n->signs & S_ZERO)) {
		y->link = -1;
		y->lk = L_NONE;
	}
}

// The further arguments stolen with the one result `r`'s L_STEAL link
// names: stolen too when `steal_them`, else kept by the caller.
static void settle_stolen_with(ctx *c, state *s, int r, bool steal_them,
			       ol_loc loc)
{
	const char *api = s->syms[r].acq ? s->syms[r].acq->name : "?";
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *y = &s->syms[j];
		if (y->lk != L_STOLEN_WITH || y->link != r)
			continue;
		unsigned times = 1u + y->steal_times;
		y->link = -1;
		y->lk = L_NONE;
		y->steal_times = 0;
		for (unsigned k = 0; steal_them && k < times; k++)
			steal(c, s, (int)j, api, loc);
	}
}

// The reallocation that made `i` succeeded (its result tested non-NULL, or
// used as a block: `p = realloc(p, n)` again, call.c): the old block it
// waited on is released.
void realloc_succeeded(ctx *c, state *s, int i, ol_loc loc)
{
	sym *y = &s->syms[i];
	int old = y->link;
	if (old < 0 || y->lk != L_REALLOC)
		return;
	y->link = -1;
	y->lk = L_NONE;
	if (s->syms[old].rs != R_OWNED)
		return;
	if (s->syms[old].lk == L_FREED_IF_ZERO) {
		s->syms[old].link = -1;
		s->syms[old].lk = L_NONE;
	}
	mark_released(c, &s->syms[old], y->acq_name ? y->acq_name : "?", loc);
}

// Settles conditional links once the call's result is known well enough.
static void settle_links(ctx *c, state *s, int i, ol_loc loc)
{
	// A size just tested decides the blocks that wait on it.
	for (unsigned j = 0; j < s->nsyms; j++)
		if (s->syms[j].lk == L_FREED_IF_ZERO && s->syms[j].link == i)
			settle_zero_size(s, (int)j);
	sym *y = &s->syms[i];
	if (y->link < 0)
		return;
	int old = y->link;
	switch (y->lk) {
	case L_REALLOC:
		if ((y->signs & S_ZERO) && y->signs != S_ZERO)
			return;
		if (y->signs == S_ZERO) {
			y->link = -1;
			s->syms[old].realloc_failed = true;
			settle_zero_size(s, old);
		} else {
			realloc_succeeded(c, s, i, loc);
		}
		return;
	case L_STEAL:
	case L_INCREF:
	case L_RELEASE_FAIL:
	case L_DEBT: {
		int failed = y->acq ? cond_decided(y, &y->acq->fails_when) : -1;
		// Status APIs that steal on success return 0 or -1: a result
		// known to be non-zero is the failure, zero the success.
		// (`!= -1` is success too.)
		if (failed < 0 && y->acq && y->acq->fails_when.cmp == OL_KB_CMP_LT &&
		    y->acq->fails_when.value == 0)
			failed = !(y->signs & S_ZERO) ? 1
			       : y->signs == S_ZERO ? 0
			       : y->has_ne && y->ne_val == -1 ? 0 : -1;
		if (failed < 0)
			return;
		y->link = -1;
		if (y->lk == L_DEBT) {
			// A borrowed reference stolen by a call that failed
			// (PyList_SetItem releases its item then too): the code
			// pays it back only where the call succeeded, and on
			// this path it relies on the call not failing (an index
			// it checked before). Say less: no debt here.
			sym *d = &s->syms[old];
			if (failed && d->rs == R_BORROWED && d->debt_ev) {
				d->debt_ev = NULL;
				d->debt_cont = -1;
			}
			return;
		}
		if (y->lk == L_RELEASE_FAIL) {
			if (failed)
				release(c, s, old, y->acq->name, y->link_loc,
					true);
			return;
		}
		if (y->lk == L_STEAL)
			settle_stolen_with(c, s, i, !failed, loc);
		if (!failed && y->lk == L_STEAL)
			steal(c, s, old, y->acq->name, loc);
		else if (!failed)
			incref_kept(c, s, old, y->acq, loc);
		return;
	}
	default:
		return;
	}
}

// Did the call whose result is `r` acquire its out-parameters? 1, 0, or
// -1 when the result is not known well enough.
int acquired(const sym *r)
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
// undecided result counts as success. (And those NULL when `r`, the call's
// first out-parameter, is: NULL too once `r` is known NULL; on their own
// once it is known not to be. And the arguments `r` not NULL says are
// not NULL either: nonnull_with.)
void settle_acquired(state *s, int r, bool force)
{
	const sym *f = &s->syms[r];
	bool first_known = !(f->signs & S_ZERO) || f->signs == S_ZERO;
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *y = &s->syms[j];
		// (A failed call says nothing of it: it may have failed for
		// another reason.)
		// (A use before the call that needed it not NULL, `need_ev`,
		// already crashed on a NULL: the call's success cannot excuse
		// it, and the value stays unchecked for the report that names
		// that use.)
		if (y->nonnull_with == r && y->nonnull_if_ok) {
			bool ok = !(f->signs & S_NEG), failed = f->signs == S_NEG;
			if (ok || failed) {
				y->nonnull_with = -1;
				y->nonnull_if_ok = false;
			}
			if (ok && (y->signs & S_ZERO) && y->signs != S_ZERO &&
			    !y->need_ev)
				y->signs &= (uint8_t)~S_ZERO;
		} else if (y->nonnull_with == r && first_known) {
			y->nonnull_with = -1;
			if (f->signs != S_ZERO && (y->signs & S_ZERO) &&
			    y->signs != S_ZERO && !y->need_ev)
				y->signs &= (uint8_t)~S_ZERO;
		}
		if (y->link != r)
			continue;
		if (y->lk == L_NULL_WITH && first_known) {
			y->link = -1;
			y->lk = L_NONE;
			if (f->signs == S_ZERO) {
				y->rs = R_NONE;
				y->kind = -1;
				y->signs = S_ZERO;
			}
		}
		if (y->lk != L_ACQ_ON)
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

// `PyModule_AddObject(m, "x", o);` with its result never tested: the call
// steals `o` only when it succeeds, so when it fails nothing releases it
// (cpychecker's "ob_refcnt is 1 too high"). Returned to the caller, the
// failure's status is an error exit of this function: MOJO-OWN-105.
static void unchecked_steal(ctx *c, state *s, int i, bool returned)
{
	sym *y = &s->syms[i];
	const sym *o = &s->syms[y->link];
	// (Nor a call the tool knows nothing of, whose failure below 0 is
	// only the convention: handoff.c.)
	if (c->quiet || o->rs != R_OWNED || o->signs == S_ZERO || o->weak ||
	    o->static_obj || o->refs <= 0 || !y->acq ||
	    !strcmp(y->acq->family, "handoff"))
		return;
	ol_check_id check = returned ? OL_CHECK_OWN_LEAK_ON_ERROR
				     : OL_CHECK_OWN_LEAK;
	report(c, check, o, y->link_loc,
	       ol_arena_printf(c->a, "%s is leaked when '%s' fails: it steals "
			       "the reference only on success, and %s",
			       describe(c, o), y->acq->name,
			       returned ? "its failure is returned as is"
					: "its result is never checked"),
	       ol_arena_printf(c->a, "'%s' may fail here", y->acq->name));
}

// A pending steal whose result nobody tested: assume the call went the
// way the code expects (say less when unsure).
void settle_untested(ctx *c, state *s, int i, ol_loc loc, bool returned)
{
	sym *y = &s->syms[i];
	if (y->link < 0)
		return;
	if (y->lk == L_STEAL)
		unchecked_steal(c, s, i, returned);
	if (y->lk == L_STEAL) {
		steal(c, s, y->link, y->acq ? y->acq->name : "?", loc);
		settle_stolen_with(c, s, i, true, loc);
	}
	if (y->lk == L_INCREF && y->acq)
		incref_kept(c, s, y->link, y->acq, loc);
	// (released only on a failure nobody looked for: say less)
	if (y->lk == L_STEAL || y->lk == L_INCREF || y->lk == L_DEBT ||
	    y->lk == L_RELEASE_FAIL)
		y->link = -1;
}

// `i`, PyErr_Occurred()'s result, was just tested (L_ERR_OF): no error
// means the call before it succeeded, an error that it returned NULL.
// (L_NONNULL_IF_CLEAR: no error means the argument the call before it
// raised on had it been NULL was not NULL.)
// False when that is impossible on this path.
static bool settle_err_of(ctx *c, state *s, int i, ol_loc loc)
{
	sym *y = &s->syms[i];
	if ((y->lk != L_ERR_OF && y->lk != L_NONNULL_IF_CLEAR) ||
	    y->link < 0 || ((y->signs & S_ZERO) && y->signs != S_ZERO))
		return true;
	int r = y->link;
	bool set = y->signs != S_ZERO;
	bool one_way = y->lk == L_NONNULL_IF_CLEAR;
	y->link = -1;
	y->lk = L_NONE;
	// (An error set says nothing of an argument the call raised on
	// had it been NULL: it may have raised for another reason.)
	if (one_way && set)
		return true;
	cond rc = {.sym = r, .op = OL_OP_EQ, .k = 0, .known = -1,
		   .stat = -1, .other = -1, .exact_of = -1,
		   .bool_sym = -1, .held_by = -1, .null_if_eq = -1};
	return assume(c, s, &rc, set, loc);
}

// Refines `s` so that the condition has outcome `truth`. Returns false
// when that outcome is impossible.
bool assume(ctx *c, state *s, const cond *cd, bool truth, ol_loc loc)
{
	if (cd->known >= 0)
		return (cd->known != 0) == truth;
	if (cd->sym < 0)
		return true;
	if (cd->bool_sym >= 0) {
		sym *t = &s->syms[cd->bool_sym];
		uint8_t ts = t->signs & (truth != cd->bool_neg
						 ? (S_NEG | S_POS) : S_ZERO);
		if (!ts)
			return false;
		t->signs = ts;
	}
	ol_opcode op = truth ? cd->op : negate_cmp(cd->op);
	if (cd->exact_of >= 0 && op == cd->exact_op &&
	    sym_root(s, cd->exact_of) >= 0)
		s->syms[sym_root(s, cd->exact_of)].exact_builtin = true;
	sym *y = &s->syms[cd->sym];
	y->tested = true;
	if (cd->held_by >= 0) {
		// Equal: the field holds the object already; what the caller
		// handed over is the field's (consumed, as a store would).
		if (op == OL_OP_EQ) {
			note_consumed(y);
			if (y->rs == R_OWNED)
				y->rs = R_ESCAPED;
		}
		return true;
	}
	if (cd->other >= 0) {
		// Equal: one object under two names, and the code decides
		// which convention the callee followed: handing back what it
		// was given with nothing acquired (`if (kwdict != keywords)
		// Py_DECREF(kwdict);`), or with a reference added, released
		// through either name (retracesoftware's `if (new_value ==
		// value) Py_DECREF(value);`). Neither name's release nor its
		// leak is told on that branch.
		if (op == OL_OP_EQ) {
			y->rs = R_BORROWED;
			y->weak = true;
			int b = sym_root(s, cd->other);
			if (b >= 0 && s->syms[b].rs == R_BORROWED)
				s->syms[b].weak = true;
		}
		return true;
	}
	if (cd->is_global) {
		if (op == OL_OP_EQ)
			y->weak = true; // (as a global's value is)
		return true;
	}
	if (cd->null_if_eq >= 0) {
		// Equal: both NULL (the allocation failed, and the other was
		// NULL too). Not equal says nothing of either.
		if (op != OL_OP_EQ)
			return true;
		sym *o = &s->syms[sym_root(s, cd->null_if_eq)];
		if (!(y->signs & S_ZERO) || !(o->signs & S_ZERO))
			return false;
		y->signs = S_ZERO;
		o->signs = S_ZERO;
		return true;
	}
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
			// The API documentation is trusted: a new reference
			// stays one.
			bool documented = y->acq && !inferred_entry(y->acq);
			if (y->rs == R_OWNED && documented) {
				y->signs = S_POS; // it is not NULL
				// (and its leak only skews the static's count:
				// unrardll's `pw = PyObject_CallMethod(cb, ..);
				// if (pw && pw != Py_None) {.. Py_DECREF(pw);}`)
				const sym *st = &s->syms[sym_root(s, cd->stat)];
				if (st->static_obj && st->name)
					y->cached_as = st->name;
				return true;
			}
			// A computed summary or a convention called it new: a
			// helper's `Py_RETURN_NONE` gave a reference, which
			// `return rv;` hands on; but it may be a borrow of the
			// static, so dropping it is no leak either (static).
			y->static_obj = true;
			y->kind = OBJECT_KIND;
			y->signs = S_POS;
		}
		return true;
	}
	uint8_t ns = y->signs & allowed_signs(op, cd->k);
	if (!ns || !within_bounds(y, op, cd->k))
		return false;
	// `x == k` after `x != k` held on this path (and the reverse).
	if (op == OL_OP_EQ && y->has_ne && y->ne_val == cd->k)
		return false;
	if (op == OL_OP_NE && !y->has_val) {
		y->has_ne = true;
		y->ne_val = cd->k;
		// Bound to two neighbours and not one of them: the other (a
		// helper's -1-or-0 answer tested `!= -1`).
		if (y->has_lo && y->has_hi && y->lo < y->hi &&
		    y->hi - 1 == y->lo && (cd->k == y->lo || cd->k == y->hi)) {
			long long v = cd->k == y->lo ? y->hi : y->lo;
			ns &= v < 0 ? S_NEG : v > 0 ? S_POS : S_ZERO;
			if (!ns)
				return false;
			y->has_val = true;
			y->val = v;
		}
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
	FOR_EACH_MACHINE(m)
		if (m->on_refine)
			m->on_refine(c, s, cd->sym);
	settle_links(c, s, cd->sym, loc);
	settle_acquired(s, cd->sym, false);
	return settle_err_of(c, s, cd->sym, loc) &&
	       err_state_tested(c, s, cd->sym, loc);
}
