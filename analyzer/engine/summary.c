/*
 * summary.c — summaries of the file's own functions, and the entry point.
 *
 * ol_engine_run() analyzes a translation unit's functions callees first
 * (depth-first on direct calls; recursion is cut), so each call to a
 * function of the same file can use what its analysis learned: whether it
 * returns a new or borrowed reference, an argument, or always NULL (an
 * error helper); which parameters it steals, steals on success, or
 * releases; whether its pointer result can be NULL. The summary is a
 * knowledge-base entry of family "summary", built from counts gathered at
 * each return (summarize_path) and turned into effects when the function
 * is done (summary_finish).
 *
 * A static function with object parameters is explored twice: a quiet
 * pass learns which parameters it steals, and the reporting pass treats
 * those as owned on entry (its callers hand it a reference). Most steal
 * nothing: their reporting pass runs first, and the quiet pass only when
 * it finds a parameter consumed (analyzed_ahead()).
 */
#include "engine_int.h"
#include "contracts.h"

#include <stddef.h>
#include "../base/limits.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// The position in tu->by_name of the first function named `name` (or
// where it would be).
static size_t first_named(const tu_ctx *tu, const char *name)
{
	size_t lo = 0, hi = tu->nsums;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(tu->by_name[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

// The first function named `name` (in the file's order), or with
// `done_only` the first whose summary is done; NULL when none.
static summary *find_named(const tu_ctx *tu, const char *name,
			   bool done_only)
{
	if (!name)
		return NULL;
	size_t first, n = summaries_named(tu, name, &first);
	for (size_t k = first; k < first + n; k++) {
		summary *sm = &tu->sums[tu->by_name[k].index];
		if (!done_only || sm->done)
			return sm;
	}
	return NULL;
}

size_t summaries_named(const tu_ctx *tu, const char *name, size_t *first)
{
	size_t k = *first = first_named(tu, name), n = 0;
	while (k + n < tu->nsums && !strcmp(tu->by_name[k + n].name, name))
		n++;
	return n;
}

static int cmp_named(const void *a, const void *b)
{
	const struct named_sum *x = a, *y = b;
	int r = strcmp(x->name, y->name);
	return r ? r : (x->index > y->index) - (x->index < y->index);
}

// Calls `visit` on every statement and branch condition of the file's
// functions (the collectors that read the CFGs before any function is
// analysed: globalreads.c, fnptr.c).
void tu_each_expr(tu_ctx *tu, void (*visit)(tu_ctx *, const ol_expr *))
{
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = tu->sums[i].fn;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				visit(tu, blk->ops[k].expr);
			visit(tu, blk->cond);
		}
	}
}

// Calls `visit` on the operands of `e` (its callee, arguments and
// subexpressions, NULL ones included): the collectors' walk down an
// expression.
void expr_each_operand(tu_ctx *tu, const ol_expr *e,
		       void (*visit)(tu_ctx *, const ol_expr *))
{
	if (e->fn)
		visit(tu, e->fn);
	for (unsigned a = 0; a < e->nargs; a++)
		visit(tu, e->args[a]);
	visit(tu, e->sub[0]);
	visit(tu, e->sub[1]);
}

static void index_by_name(tu_ctx *tu)
{
	tu->by_name = OL_NEW_ARRAY(tu->a, struct named_sum, tu->nsums + 1);
	for (size_t i = 0; i < tu->nsums; i++)
		tu->by_name[i] = (struct named_sum){tu->sums[i].fn->name, i};
	qsort(tu->by_name, tu->nsums, sizeof *tu->by_name, cmp_named);
}

summary *summary_of(ctx *c, const char *name)
{
	return find_named(c->tu, name, true);
}

// Signatures `a` and `b` (func_sig()) return values of kinds no
// declaration of one function could give both: void and a value, an
// integer and a pointer, ... (`x`, a type a template's pattern leaves
// open, and the two pointer classes go with anything of their kind).
static bool returns_differ(const char *a, const char *b)
{
	if (!a || !b || a[0] == 'x' || b[0] == 'x' || a[0] == b[0])
		return false;
	bool pa = a[0] == 'o' || a[0] == 'p', pb = b[0] == 'o' || b[0] == 'p';
	return !(pa && pb);
}

// (C++) Overloads of the file share their name: the one whose signature
// is the call's (`make(PyObject *)` rather than `make(int)`), when one
// is; else the first, as for any name.
summary *summary_of_call(ctx *c, const ol_expr *call)
{
	size_t first, n = call->text && call->callee_sig
				  ? summaries_named(c->tu, call->text, &first)
				  : 0;
	// (C++) The overload the call names, by where it is defined.
	for (size_t k = first; n > 1 && call->callee_def.line &&
			       k < first + n; k++) {
		summary *sm = &c->tu->sums[c->tu->by_name[k].index];
		const ol_loc *d = &sm->fn->loc;
		if (sm->done && d->line == call->callee_def.line &&
		    d->col == call->callee_def.col && d->file &&
		    call->callee_def.file &&
		    !strcmp(d->file, call->callee_def.file))
			return sm;
	}
	for (size_t k = first; n > 1 && k < first + n; k++) {
		summary *sm = &c->tu->sums[c->tu->by_name[k].index];
		if (sm->done && sm->fn->sig &&
		    !strcmp(sm->fn->sig, call->callee_sig))
			return sm;
	}
	// (a function of another class or namespace that shares the name,
	// `Lib::File::IsOpen()` beside a wrapper's static `File::IsOpen(self,
	// args, kwds)`: another arity, another signature, not this one; nor
	// one that returns another kind of value, pymcubes's
	// `void mc::marching_cubes(...)` beside its module's global
	// `PyObject *marching_cubes(...)`)
	summary *sm = summary_of(c, call->text);
	for (size_t k = first; sm && n > 1 && k < first + n; k++) {
		summary *other = &c->tu->sums[c->tu->by_name[k].index];
		if (other->done &&
		    !returns_differ(other->fn->sig, call->callee_sig) &&
		    (other->fn->nparams == call->nargs ||
		     other->fn->is_variadic)) {
			sm = other;
			break;
		}
	}
	if (sm && n >= 1 && sm->fn->sig &&
	    strcmp(sm->fn->sig, call->callee_sig) &&
	    ((sm->fn->nparams != call->nargs && !sm->fn->is_variadic) ||
	     returns_differ(sm->fn->sig, call->callee_sig)))
		return NULL;
	return sm;
}

// "a new reference", "a borrowed reference", ...: what a return is.
static const char *ret_words(ol_kb_ret r)
{
	switch (r) {
	case OL_KB_RET_NEW: return "a new reference";
	case OL_KB_RET_BORROWED: return "a borrowed reference";
	case OL_KB_RET_NULL: return "NULL on every path";
	default: return NULL;
	}
}

// The declaration wins (rules/README.md), but a body that contradicts it
// is worth
// a word: a note on the function, never a finding. Only what the project
// declared itself is compared (its annotations, a rules file of its own);
// CPython's documented API is compared in CPython's own sources by the
// findings themselves.
static void check_declaration(tu_ctx *tu, const summary *sm)
{
	const ol_func *fn = sm->fn;
	const ol_kb_entry *kb = tu->kb && fn->name ? ol_kb_lookup(tu->kb, fn->name)
						   : NULL;
	if (kb && (!strcmp(kb->family, "cpython") || kb->macro))
		kb = NULL;
	const char *how = kb ? ol_arena_printf(tu->a, "rules file '%s'",
					       kb->file ? kb->file : "?")
			     : "its annotations";
	ol_kb_ret declared = kb ? kb->ret : OL_KB_RET_NONE;
	if (!kb && fn->attrs) {
		if (strstr(fn->attrs, "mojo::borrowed_ref"))
			declared = OL_KB_RET_BORROWED;
		else if (strstr(fn->attrs, "mojo::new_ref"))
			declared = OL_KB_RET_NEW;
	}
	const char *want = ret_words(declared), *got = ret_words(sm->entry.ret);
	if (!sm->paths || !want || !got || declared == sm->entry.ret ||
	    sm->entry.ret == OL_KB_RET_NULL)
		return;
	ol_diag_sink_notice(tu->sink, OL_LEVEL_NOTE, fn->loc, "contract",
			    "'%s' is declared (%s) to return %s, but its body "
			    "returns %s; callers are checked against the "
			    "declaration", fn->name, how, want, got);
}

bool defined_here(const ctx *c, const ol_expr *call)
{
	// (C++) Not another overload of the name (pyscm's static method
	// `find_max(self, args)` beside the solver's `int find_max(p, ..)`,
	// defined in another file and called here): that one's body, in
	// its own file, says what it does.
	size_t first, n = summaries_named(c->tu, call->text, &first);
	for (size_t k = first; k < first + n; k++)
		if (sig_may_match(call,
				  c->tu->sums[c->tu->by_name[k].index].fn))
			return true;
	return false;
}

static void summary_reset(summary *sm)
{
	sm->paths = sm->err_paths = 0;
	sm->ret_owned = sm->ret_borrowed = sm->ret_null = sm->ret_static = 0;
	sm->ret_owned_held = sm->ret_owned_cached = 0;
	sm->ret_borrowed_static = 0;
	sm->ret_param = -1;
	sm->ret_mixed = false;
	sm->ret_maybe_null = sm->ret_maybe_neg = sm->ret_maybe_zero = 0;
	sm->pass_param = -1;
	sm->pass_paths = sm->pass_static = 0;
	sm->pass_other = false;
	sm->runs_code = false;
	sm->nstatic_kept = 0;
	sm->stores = false;
	sm->named_api = sm->named_what = NULL;
	nullflag_reset(sm);
	for (unsigned i = 0; i < sm->fn->nparams; i++)
		sm->consumed_ok[i] = sm->consumed_err[i] = sm->released[i] =
			sm->increfed_ok[i] = sm->increfed_err[i] =
				sm->held[i] = sm->into_ret[i] =
					sm->dropped[i] = sm->handed_on[i] = 0;
	for (unsigned i = 0; i < sm->fn->nparams; i++) {
		sm->flag_taken[i] = false;
		sm->null_in[i] = 0;
	}
}

// What the returned value is, before returning changes its state.
ret_class classify_return(const sym *y)
{
	if (y->signs == S_ZERO)
		return RET_NULL;
	// Py_None, Py_True, Py_False: whether a reference was counted for
	// them does not outweigh the function's borrowed returns (pyodbc's
	// Connection_GetConverter, documented to return a borrowed
	// converter, `Py_RETURN_NONE`s when there is no map); see
	// summary_finish.
	if (y->static_obj && y->rs == R_OWNED)
		return RET_STATIC;
	if (y->rs == R_OWNED)
		return RET_OWNED;
	// Stolen by a container, or never ours. (A value that escaped to
	// code we do not follow, `_PyUnicode_CheckConsistency(v)`, is
	// neither: its owner is unknown, and so is the result.)
	if (y->rs == R_BORROWED || y->rs == R_MOVED)
		return RET_BORROWED;
	return RET_OTHER;
}

// The static objects a path ends holding a reference on (`Py_INCREF(
// &FooType)` in an init helper), counted by variable.
static void count_static_kept(summary *sm, const state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *y = &s->syms[i];
		if (!y->static_obj || y->rs != R_OWNED || y->refs < 1 ||
		    y->addr_var < 0)
			continue;
		unsigned k = 0;
		while (k < sm->nstatic_kept &&
		       sm->static_kept[k] != y->addr_var)
			k++;
		if (k == sm->nstatic_kept) {
			if (k == MAX_STATIC_KEPT)
				continue;
			sm->static_kept[k] = y->addr_var;
			sm->static_kept_paths[k] = 0;
			sm->nstatic_kept++;
		}
		sm->static_kept_paths[k]++;
	}
}

// Whether a returned integer may be below zero, as far as the path knows.
static bool may_be_negative(const sym *y)
{
	return y->has_val ? y->val < 0 : (y->signs & S_NEG) != 0;
}

// ... or zero.
static bool may_be_zero(const sym *y)
{
	return y->has_val ? y->val == 0 : (y->signs & S_ZERO) != 0;
}

void summarize_path(ctx *c, const state *s, ret_class rc, bool err,
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
	if (rc == RET_BORROWED && ret_param >= 0) {
		if (sm->pass_param < 0)
			sm->pass_param = ret_param;
		else if (sm->pass_param != ret_param)
			sm->pass_other = true;
		sm->pass_paths++;
	} else if (rc == RET_STATIC) {
		sm->pass_static++;
	} else if (rc != RET_NULL) {
		sm->pass_other = true;
	}
	sm->paths++;
	if (err)
		sm->err_paths++;
	if (rc != RET_NULL && ret_may_be_null)
		sm->ret_maybe_null++;
	if (c->exit_ret < 0 || may_be_negative(&s->syms[c->exit_ret]))
		sm->ret_maybe_neg++;
	if (c->exit_ret < 0 || may_be_zero(&s->syms[c->exit_ret]))
		sm->ret_maybe_zero++;
	if (rc == RET_NULL)
		sm->ret_null++;
	else if (rc == RET_BORROWED) {
		sm->ret_borrowed++;
		if (c->exit_ret >= 0 &&
		    s->syms[sym_root(s, c->exit_ret)].static_obj)
			sm->ret_borrowed_static++;
	}
	else if (rc == RET_OWNED) {
		sm->ret_owned++;
		// (a new reference to an object another holder keeps: a
		// context variable's value, an imported module)
		if (c->exit_ret >= 0 &&
		    s->syms[sym_root(s, c->exit_ret)].held_elsewhere)
			sm->ret_owned_held++;
		// (PyBool_FromLong's result: Py_True or Py_False; or another
		// object CPython keeps cached, a small int, None from
		// `Py_BuildValue("")`: openspeedshop's SS_ExitEmbeddedInterface,
		// C++ round 106)
		const sym *r = c->exit_ret >= 0
				       ? &s->syms[sym_root(s, c->exit_ret)]
				       : NULL;
		if (r && r->cached_obj && r->acq)
			sm->ret_owned_cached++;
	} else if (rc == RET_STATIC)
		sm->ret_static++;
	count_static_kept(sm, s);
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *y = &s->syms[i];
		// A NULL argument has nothing to consume on this path; an
		// integer has nothing to consume on any.
		if (y->param < 0 || y->entry_int ||
		    (!y->consumed && y->signs != S_ZERO) ||
		    (unsigned)y->param >= c->fn->nparams ||
		    (y->lent_back && y->rs == R_BORROWED && y->owed &&
		     !y->released) ||
		    // (stored into a field of the object for the time of
		    // the call, cleared before it returns: nothing taken)
		    (!y->released && !y->debt_ev && store_undone(s, (int)i)))
			continue;
		if (err)
			sm->consumed_err[y->param]++;
		else
			sm->consumed_ok[y->param]++;
		if (y->released)
			sm->dropped[y->param]++;
		if (y->released || y->debt_ev ||
		    (y->rs != R_BORROWED && y->rs != R_ESCAPED))
			sm->handed_on[y->param]++;
		if (y->signs == S_ZERO)
			sm->null_in[y->param]++;
		// (released, but kept alive by a container it was given to
		// first, `PyDict_SetItemString(d, k, v); Py_DECREF(v);`: taken
		// over, and its caller's object lives on there)
		if ((y->released && !y->held_elsewhere) || y->signs == S_ZERO)
			sm->released[y->param]++;
		else if (rc == RET_OWNED && y->into_made)
			sm->into_ret[y->param]++;
	}
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *y = &s->syms[i];
		if (y->param < 0 || (unsigned)y->param >= c->fn->nparams ||
		    !y->borrowed_base || y->rs != R_ESCAPED ||
		    y->param == ret_param || y->kept_in < 0 ||
		    y->kept_in == y->param)
			continue;
		if (err)
			sm->increfed_err[y->param]++;
		else
			sm->increfed_ok[y->param]++;
	}
	for (unsigned i = 0; i < s->nsyms; i++)
		if (held_for_caller(c, &s->syms[i]))
			sm->held[s->syms[i].param]++;
	nullflag_note_path(c, s, rc);
}

// A reference a helper of the project took on its parameter and left as
// is at its end (mrab-regex's `acquire_state_lock(owner)`, paired with a
// `release_state_lock(owner)` that drops it): the helper takes it for its
// caller. Its own exit is no leak; callers see what every path does.
// So at the return of an inline function that returns nothing (rebind's
// `inline void incref(PyObject *o) noexcept {Py_INCREF(o);}` in a
// header), whose callers are the project's own; not when an exception
// leaves it, nor for a member (a constructor's extra reference on its
// argument is lost; ora's `void AddObject(name, val) {
// check_zero(PyModule_AddObject(this, name, incref(val))); }`).
bool held_for_caller(const ctx *c, const sym *y)
{
	bool inline_return = c->fn->inline_def && !c->fn->cxx_member &&
			     c->fn->ret.cls == OL_TY_VOID && c->blk &&
			     c->blk->term == OL_TERM_RETURN;
	return y->param >= 0 && (unsigned)y->param < c->fn->nparams &&
	       y->borrowed_base && y->rs == R_OWNED && y->refs == 1 &&
	       y->kind == OL_SM_PYREF && !y->st_field &&
	       !interp_contract(c->fn) &&
	       (c->fn->is_static || c->fn->called_elsewhere || inline_return);
}

// Ownership told by a flag. A caller may say by an integer argument
// whether it hands its reference over (nanobind's `obj_vectorcall`: `if
// (flags & base_owned) Py_XDECREF(base)`), and a function may say through
// a `bool *` out-parameter whether the object it returns is a new
// reference (nanobind's `cached_string(.., &owned)`, whose callers release
// it `if (owned)`). The engine does not tie a flag's value to an
// ownership, so it says nothing on either contract (rules/README.md).

static bool reads_flag_param(const ol_func *fn, const ol_expr *e,
			     unsigned depth);

// The lowering's temporary `t` holds a flag parameter: every assignment
// to it in `fn` copies one (a member initializer's argument evaluated
// before the call it is passed to, `: m_ptr(ob, incref)` with cppy's
// `incref ? xincref(ob) : ob` inlined: `$t4 = incref; $t4 ? .. : ..`).
static bool temp_holds_flag(const ol_func *fn, const ol_var *t,
			    unsigned depth)
{
	bool any = false;
	for (unsigned b = 0; b < fn->nblocks; b++)
		for (unsigned k = 0; k < fn->blocks[b]->nops; k++) {
			const ol_expr *x = fn->blocks[b]->ops[k].expr;
			if (!x || x->kind != OL_E_ASSIGN || x->op != OL_OP_NONE ||
			    x->sub[0]->kind != OL_E_VAR || x->sub[0]->var != t)
				continue;
			if (!reads_flag_param(fn, x->sub[1], depth + 1))
				return false;
			any = true;
		}
	return any;
}

// `e` reads the integer parameter `v` as a flag: `v`, `!v`, `v & MASK`,
// `v != 0`, or a temporary that copies one.
static bool reads_flag_param(const ol_func *fn, const ol_expr *e,
			     unsigned depth)
{
	while (e && ((e->kind == OL_E_UNARY && e->op == OL_OP_NOT) ||
		     (e->kind == OL_E_BINARY &&
		      (e->op == OL_OP_EQ || e->op == OL_OP_NE) &&
		      e->sub[1]->kind == OL_E_INT && !e->sub[1]->ival)))
		e = e->sub[0];
	if (e && e->kind == OL_E_BINARY && e->op == OL_OP_AND)
		return reads_flag_param(fn, e->sub[0], depth) ||
		       reads_flag_param(fn, e->sub[1], depth);
	if (!e || e->kind != OL_E_VAR || e->var->type.cls != OL_TY_INT)
		return false;
	if (e->var->kind == OL_VAR_TEMP)
		return depth < 4 && temp_holds_flag(fn, e->var, depth);
	return e->var->kind == OL_VAR_PARAM;
}

bool entered_on_callers_flag(const ctx *c)
{
	const ol_block *b = c->blk;
	unsigned preds = 0;
	for (unsigned i = 0; b && i < c->fn->nblocks; i++) {
		const ol_block *p = c->fn->blocks[i];
		if (p->succ[0] != b && p->succ[1] != b)
			continue;
		if (p->term != OL_TERM_BRANCH ||
		    !reads_flag_param(c->fn, p->cond, 0))
			return false;
		preds++;
	}
	return preds > 0;
}

// A non-NULL parameter taken over (kept or released) on some paths and
// left to its caller on others, in a function that branches on an integer
// parameter read as a flag: whether it is taken is likely that flag's
// (a holder's `Ref(PyObject *o, bool consume)` that Py_INCREFs only when
// `!consume`), so callers are not told it borrows. So too in a function
// that returns a status (an integer, a bool): whether it took it is what
// the status says (IcePy's `stringSeqToList(seq, list)`, which releases
// the list when it fails and returns false).
static bool taken_on_some_paths(const ol_func *fn, const summary *sm,
				unsigned i)
{
	unsigned taken = sm->consumed_ok[i] + sm->consumed_err[i];
	if (taken <= sm->null_in[i] || taken >= sm->paths)
		return false;
	if (fn->ret.cls == OL_TY_INT)
		return true;
	for (unsigned k = 0; k < fn->nblocks; k++) {
		const ol_block *p = fn->blocks[k];
		if (p->term == OL_TERM_BRANCH &&
		    reads_flag_param(fn, p->cond, 0))
			return true;
	}
	return false;
}

bool returns_ownership_flag(const ol_func *fn, const summary *sm)
{
	for (unsigned i = 0; sm && i < fn->nparams; i++) {
		const ol_type *t = &fn->vars[i]->type;
		if (t->cls == OL_TY_POINTER && sm->writes[i] && t->pointee &&
		    (!strcmp(t->pointee, "bool") || !strcmp(t->pointee, "_Bool") ||
		     !strcmp(t->pointee, "int")))
			return true;
	}
	return false;
}

// The summary whose entry (family "summary") is `e`.
static const summary *summary_of_entry(const ol_kb_entry *e)
{
	return (const summary *)(const void *)((const char *)e -
					       offsetof(summary, entry));
}

// `e` is the summary of a teardown a table of the file registers (a
// tp_dealloc): what it releases is the object the interpreter handed it to
// destroy.
bool summary_tears_down(const ol_kb_entry *e)
{
	return e && e->family && !strcmp(e->family, "summary") &&
	       summary_of_entry(e)->fn->reg_teardown;
}

// The static objects a file function's every path leaves a reference on
// for its caller: the name of the `n`th, or NULL past the last.
const char *summary_static_kept(const ol_kb_entry *e, unsigned n)
{
	if (strcmp(e->family, "summary"))
		return NULL;
	const summary *sm = summary_of_entry(e);
	for (unsigned k = 0; sm->done && k < sm->nstatic_kept; k++)
		if (sm->static_kept_paths[k] == sm->paths && n-- == 0)
			return sm->fn->vars[sm->static_kept[k]]->name;
	return NULL;
}

// Whether the function whose summary entry is `e` calls a call that may
// run Python code (sm/borrow.c): its summary's flag.
bool summary_runs_code(const ol_kb_entry *e)
{
	return summary_of_entry(e)->runs_code;
}

// Whether `e` is the summary entry of a file function whose calls leave
// every global and field its caller has read as it was: done, it runs no
// code that may (sm/borrow.c's runs_code), stores nowhere its caller sees
// and writes through none of its parameters (`Py_INCREF(o); return o;`).
bool summary_keeps_memory(const ol_kb_entry *e)
{
	if (strcmp(e->family, "summary"))
		return false;
	const summary *sm = summary_of_entry(e);
	if (!sm->done || sm->runs_code || sm->stores)
		return false;
	for (unsigned k = 0; k < sm->fn->nparams; k++)
		if (sm->writes[k])
			return false;
	return true;
}

bool summary_runs_named_code(const ol_kb_entry *e, const char **api,
			     const char **what)
{
	const summary *sm = summary_of_entry(e);
	if (!sm->named_api)
		return false;
	*api = sm->named_api;
	*what = sm->named_what;
	return true;
}

// Every call in `e` is to a C library's function or to a function of
// the file whose summary, done, raises nothing.
static bool calls_raise_nothing(const tu_ctx *tu, const ol_expr *e)
{
	if (!e)
		return true;
	if (e->kind == OL_E_CALL) {
		const summary *cs = e->text ? find_named(tu, e->text, true)
					    : NULL;
		const ol_kb_entry *k = cs ? NULL : kb_entry_of(tu->kb, e);
		if (!(cs ? cs->entry.raises_nothing : k && err_c_library(k)))
			return false;
		if (!calls_raise_nothing(tu, e->fn))
			return false;
		for (unsigned i = 0; i < e->nargs; i++)
			if (!calls_raise_nothing(tu, e->args[i]))
				return false;
	}
	if (e->kind == OL_E_UNKNOWN || e->kind == OL_E_INITLIST)
		for (unsigned i = 0; i < e->nargs; i++)
			if (!calls_raise_nothing(tu, e->args[i]))
				return false;
	return calls_raise_nothing(tu, e->sub[0]) &&
	       calls_raise_nothing(tu, e->sub[1]);
}

// ol_kb_entry.raises_nothing: the whole of `fn` (no member: a C++
// method's calls run through objects this does not look into).
static bool raises_nothing(const tu_ctx *tu, const ol_func *fn,
			   const summary *sm)
{
	if (fn->cxx_member || sm->recursive || !sm->paths)
		return false;
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		if (blk->term == OL_TERM_THROW ||
		    !calls_raise_nothing(tu, blk->cond))
			return false;
		for (unsigned k = 0; k < blk->nops; k++)
			if (blk->ops[k].kind == OL_OPK_EVAL &&
			    !calls_raise_nothing(tu, blk->ops[k].expr))
				return false;
	}
	return true;
}

// The parameter of `fn` that a call in `e` takes as its build format
// (`Py_VaBuildValue(format, va)`), or -1.
static int build_format_param(const tu_ctx *tu, const ol_expr *e)
{
	if (!e)
		return -1;
	// (by the macro written too: PY_SSIZE_T_CLEAN's
	// `_Py_VaBuildValue_SizeT`)
	const ol_kb_entry *k = e->kind == OL_E_CALL ? kb_entry_of(tu->kb, e)
						    : NULL;
	if (k && k->format_kind == OL_KB_FORMAT_BUILD && k->format_arg >= 0 &&
	    (unsigned)k->format_arg < e->nargs) {
		const ol_expr *f = strip_casts(e->args[k->format_arg]);
		if (f && f->kind == OL_E_VAR && f->var &&
		    f->var->kind == OL_VAR_PARAM)
			return (int)f->var->param_index;
	}
	int r = build_format_param(tu, e->fn);
	for (unsigned a = 0; r < 0 && a < e->nargs; a++)
		r = build_format_param(tu, e->args[a]);
	if (r < 0)
		r = build_format_param(tu, e->sub[0]);
	return r >= 0 ? r : build_format_param(tu, e->sub[1]);
}

// A variadic wrapper that hands its format and its arguments to a build
// call (apsw's `Call_PythonMethodV(obj, name, mandatory, format, ...)`,
// whose body calls `Py_VaBuildValue(format, va)`): its callers' arguments
// follow that format (an "N" item is stolen). The format parameter, or -1.
static int forwarded_build_format(const tu_ctx *tu, const ol_func *fn)
{
	if (!fn->is_variadic)
		return -1;
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		int r = build_format_param(tu, blk->cond);
		for (unsigned k = 0; r < 0 && k < blk->nops; k++)
			r = build_format_param(tu, blk->ops[k].expr);
		if (r >= 0)
			return r;
	}
	return -1;
}

// `t` is `void *`.
static bool void_pointer(const ol_type *t)
{
	return t->cls == OL_TY_POINTER && t->pointee &&
	       !strcmp(t->pointee, "void");
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
	ol_kb_entry_no_indexes(e);
	// (Taken to run Python code for the engine's memory model, as any
	// call; whether it does is sm->runs_code, for the borrow checks.)
	e->runs_python = true;
	e->error_probe = probes_indicator(fn, &e->error_probe_set);
	e->passthrough_unless_error = passthrough_unless_error(fn);
	e->raises_nothing = raises_nothing(tu, fn, sm);
	e->nargs = fn->nparams;
	sm->args = OL_NEW_ARRAY(tu->a, ol_kb_arg, fn->nparams + 1);
	e->args = sm->args;
	int fmt = forwarded_build_format(tu, fn);
	if (fmt >= 0) {
		e->format_arg = fmt;
		e->format_kind = OL_KB_FORMAT_BUILD;
	}
	unsigned ok_paths = sm->paths - sm->err_paths;
	for (unsigned i = 0; i < fn->nparams; i++) {
		ol_kb_arg *a = &sm->args[i];
		a->effect = OL_KB_ARG_BORROW;
		a->resource = NULL;
		// What it stores through a pointer parameter (an analysis cut
		// at its budget may store anything).
		a->writes = is_pointer(&fn->vars[i]->type) &&
			    (sm->writes[i] || !sm->paths);
		const ol_var *v = fn->vars[i];
		// (No success at all, `void *free_buf(void *b) { if (b)
		// free(b); return NULL; }`: what every path does is all.)
		bool all_ok = ok_paths ? sm->consumed_ok[i] == ok_paths
				       : sm->err_paths > 0;
		bool all_err = sm->consumed_err[i] == sm->err_paths;
		// NULL on every path that returns (`assert(!args)`, python-
		// systemd's Monitor_close): nothing was there to consume.
		bool only_null = sm->null_in[i] &&
				 sm->null_in[i] == sm->consumed_ok[i] +
							  sm->consumed_err[i];
		if (!only_null && ok_paths && all_ok && sm->err_paths &&
		    !sm->consumed_err[i])
			a->effect = OL_KB_ARG_STEAL_ON_SUCCESS;
		// Released on every failure and consumed on no success (a
		// helper that drops its caller's reference when it fails,
		// getdns-python-bindings' `result_init`): its callers see
		// the release where they learn of the failure.
		else if (!only_null && ok_paths && sm->err_paths && all_err &&
			 !sm->consumed_ok[i] &&
			 sm->released[i] == sm->err_paths &&
			 is_object_pointer(&v->type))
			a->effect = OL_KB_ARG_RELEASE_ON_FAILURE;
		else if (!only_null && sm->paths && all_ok && all_err)
			// Released on every path (a `drop(o)` helper) or
			// kept somewhere (stolen).
			a->effect = sm->released[i] == sm->paths
					    ? OL_KB_ARG_RELEASE_NULL_OK
					    : OL_KB_ARG_STEAL;

		a->kept_only = (a->effect == OL_KB_ARG_STEAL ||
				a->effect == OL_KB_ARG_STEAL_ON_SUCCESS) &&
			       is_object_pointer(&v->type) &&
			       !sm->handed_on[i];
		// A reference taken on it and kept where the caller will find
		// it (a getbuffer helper's `view->obj = self`), on every
		// success and no failure: the caller holds one more.
		if (a->effect == OL_KB_ARG_BORROW && is_object_pointer(&v->type) &&
		    ok_paths && sm->increfed_ok[i] == ok_paths &&
		    !sm->increfed_err[i])
			a->effect = OL_KB_ARG_INCREF_ON_SUCCESS;
		// A reference taken on it on every path and left for the
		// caller: one more to release (an `acquire(owner)` helper).
		if (a->effect == OL_KB_ARG_BORROW && is_object_pointer(&v->type) &&
		    sm->paths && sm->held[i] == sm->paths)
			a->effect = OL_KB_ARG_INCREF;
		// (a class template's `tptr(T *ob, bool incref)`: its
		// instances are made with objects)
		a->flag_taken = a->effect == OL_KB_ARG_BORROW &&
				(is_object_pointer(&v->type) ||
				 type_parameter_pointer(&v->type)) &&
				(sm->flag_taken[i] ||
				 taken_on_some_paths(fn, sm, i));
		if (!is_object_pointer(&v->type) &&
		    a->effect != OL_KB_ARG_BORROW) {
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
	// (A function template's `T *`, `template <class T> T *incref(T *o)
	// { Py_INCREF(o); return o; }`, is an object pointer when what it
	// returns was followed as one: its instantiations are called with
	// objects.)
	if (is_pyobj(&fn->ret) ||
	    (type_parameter_pointer(&fn->ret) &&
	     (sm->ret_owned || sm->ret_borrowed))) {
		// `Py_RETURN_NONE` counts as a new reference unless the other
		// returns are borrowed ones (classify_return).
		unsigned owned = sm->ret_owned +
				 (sm->ret_borrowed ? 0 : sm->ret_static);
		if (sm->paths && sm->ret_null == sm->paths)
			e->ret = OL_KB_RET_NULL; // an error helper
		else if (sm->ret_static && !sm->ret_owned && !sm->ret_borrowed)
			// Only None (or True, False) or NULL: a reference to a
			// static object, whose loss frees nothing (a caller
			// dropping `shm_attach()`'s `Py_RETURN_NONE`).
			e->ret = OL_KB_RET_NONE;
		else if (owned && sm->ret_borrowed &&
			 returns_ownership_flag(fn, sm))
			e->ret = OL_KB_RET_NONE; // as the flag says
		else if (owned)
			e->ret = OL_KB_RET_NEW;
		else if (!sm->ret_borrowed)
			e->ret = OL_KB_RET_NONE; // values we cannot classify
		else
			e->ret = OL_KB_RET_BORROWED;
		e->fails_when.cmp = sm->ret_null ? OL_KB_CMP_EQ
						 : OL_KB_CMP_NEVER;
		e->fails_when.is_null = true;
		// Every new reference it returns is to an object another
		// holder keeps (gmpy2's context getter: the context variable's
		// value, or one it just set there): so is its result.
		e->held_elsewhere = e->ret == OL_KB_RET_NEW && sm->ret_owned &&
				    sm->ret_owned_held == sm->ret_owned;
		// Every return a new reference to an object CPython keeps
		// cached, never NULL (gamera's `graph_add_node`, whose every
		// return is `PyBool_FromLong(..)`; openspeedshop's
		// `return Py_BuildValue("");`): so is its result, whose loss
		// frees nothing (a note, as PyBool_FromLong's own).
		e->cached_result = e->ret == OL_KB_RET_NEW && sm->ret_owned &&
				   !sm->ret_null && !sm->ret_borrowed &&
				   sm->ret_owned_cached == sm->ret_owned;
		// ... or every value it returns is a bare `Py_None` (or True,
		// False), borrowed: MangoEngine's setters' `return Py_None;`
		// (sm/pyref.c's passed_back()).
		if (e->ret == OL_KB_RET_BORROWED && !sm->ret_owned &&
		    sm->ret_borrowed_static == sm->ret_borrowed)
			e->cached_result = true;
		// `Py_INCREF(o); return o;`: the result is the argument.
		if (!sm->ret_mixed && sm->ret_param >= 0 && !sm->ret_null &&
		    (e->ret == OL_KB_RET_NEW || e->ret == OL_KB_RET_BORROWED))
			e->returns_arg = sm->ret_param;
		// The parameter handed back, or a new reference to a static
		// object in its place (PyMOL's `PConvAutoNone(result)`:
		// None, with a reference, when the argument is NULL or None;
		// else the argument itself): a converter, whose result is a
		// new reference and which takes the argument over. A static
		// object given to it (`PConvAutoNone(Py_None)`) loses no
		// reference (kept_only).
		int pp = sm->pass_param;
		if (!sm->pass_other && pp >= 0 && sm->pass_paths &&
		    sm->pass_static && !sm->ret_null &&
		    (unsigned)pp < fn->nparams &&
		    is_object_pointer(&fn->vars[pp]->type) &&
		    sm->released[pp] <= sm->null_in[pp] && // (only NULL)
		    sm->args[pp].effect == OL_KB_ARG_BORROW) {
			e->ret = OL_KB_RET_NEW;
			e->returns_arg = -1;
			sm->args[pp].effect = OL_KB_ARG_STEAL;
			sm->args[pp].kept_only = true;
		}
		// A parameter handed back as the result on every success
		// (bitarray's `return freeze_if_frozen(res);`): its reference
		// passes through, so the result is a new reference (and the
		// argument is consumed as the body says: on success, or
		// always when the failures release it).
		if (!sm->ret_mixed && sm->ret_param >= 0 && sm->ret_null &&
		    (unsigned)sm->ret_param < fn->nparams &&
		    (sm->args[sm->ret_param].effect == OL_KB_ARG_STEAL ||
		     sm->args[sm->ret_param].effect ==
			     OL_KB_ARG_STEAL_ON_SUCCESS)) {
			e->ret = OL_KB_RET_NEW;
			e->returns_arg = -1;
			sm->args[sm->ret_param].returned = true;
		}
	} else {
		e->ret = OL_KB_RET_NONE;
		// (C++) A function template's `T` that is zero on every path
		// (`return T{};`, the "no handle" a holder template is given):
		// its callers' results are zero, whatever T is.
		if (sm->paths && sm->ret_null == sm->paths && fn->ret.spelling &&
		    !strncmp(fn->ret.spelling, "type-parameter-", 15))
			e->ret = OL_KB_RET_NULL;
		e->ret_nonzero = fn->ret.cls == OL_TY_INT && sm->paths &&
				 !sm->ret_maybe_zero;
		e->ret_zero = fn->ret.cls == OL_TY_INT && sm->paths &&
			      !sm->err_paths && returns_zero(fn);
		if (fn->ret.cls == OL_TY_INT && sm->paths &&
		    !sm->ret_maybe_neg && !sm->err_paths) {
			// Never a negative value, nor an exception pending
			// (multidict's `_md_del_at`, whose only return is
			// `return 0;`): its callers' `< 0` branches cannot be
			// taken (call.c).
			e->fails_when.cmp = OL_KB_CMP_NEVER;
		} else if (fn->ret.cls == OL_TY_INT) {
			e->fails_when.cmp = OL_KB_CMP_LT;
			e->fails_when.value = 0;
		} else if (fn->ret.cls == OL_TY_POINTER && sm->paths &&
			   !sm->ret_null && !sm->ret_maybe_null) {
			// Never returns NULL (a get_state() helper around
			// PyModule_GetState): callers need not check.
			e->fails_when.cmp = OL_KB_CMP_NEVER;
		} else if (is_object_pointer(&fn->ret) && sm->ret_null &&
			   sm->ret_null < sm->paths) {
			// An object of its own struct type, or NULL (CPython's
			// `rangeobject *make_range_object(..)`, which keeps its
			// arguments when it succeeds): NULL is the failure its
			// steals on success wait for.
			e->fails_when.cmp = OL_KB_CMP_EQ;
			e->fails_when.is_null = true;
		}
		// A `void *` result that is always an object parameter handed
		// back (hiredis' `return tryParentize(task, obj);` in a
		// reply-object callback), or a cast of it to its own struct
		// (liborcus's `inline pyobj *t(PyObject *self)`): the result is
		// the argument itself, so what the caller returns or keeps of
		// it is that object.
		// So is a `void *` handed back as it came (agama's
		// `void *forget_about_type(void *x) { return x; }`, under its
		// `Py_INCREFx(x)` macro).
		if (fn->ret.cls == OL_TY_POINTER && fn->ret.pointee &&
		    (!strcmp(fn->ret.pointee, "void") ||
		     is_object_pointer(&fn->ret)) && !sm->ret_mixed &&
		    sm->ret_param >= 0 && (unsigned)sm->ret_param < fn->nparams &&
		    (is_object_pointer(&fn->vars[sm->ret_param]->type) ||
		     void_pointer(&fn->vars[sm->ret_param]->type)))
			e->returns_arg = sm->ret_param;
		// (C++) A function template's `T *` handed back as it came
		// (Boost.Python's `expect_non_null(T *x)`: it throws on NULL,
		// else returns x; clp-ffi-py's `template <typename Dst,
		// typename Src> Dst *py_reinterpret_cast(Src *src)`, a cast
		// of its argument to another type parameter, C++ round 65):
		// its instantiations' results are their arguments, objects
		// or not.
		if (type_parameter_pointer(&fn->ret) && !sm->ret_mixed &&
		    sm->ret_param >= 0 && (unsigned)sm->ret_param < fn->nparams &&
		    type_parameter_pointer(&fn->vars[sm->ret_param]->type))
			e->returns_arg = sm->ret_param;
	}
	e->acquired_when.cmp = OL_KB_CMP_UNKNOWN;
	sm->done = true;
}

// `call` may be a call of `fn` by its signature: the same, or one of them
// unknown. (C++: not another class's member of that name.)
bool sig_may_match(const ol_expr *call, const ol_func *fn)
{
	return !call->callee_sig || !fn->sig ||
	       !strcmp(call->callee_sig, fn->sig);
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
	size_t outer = tu->ordering;
	tu->ordering = i;
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		for (unsigned k = 0; k < blk->nops; k++)
			order_calls(tu, blk->ops[k].expr, order, n, mark);
		order_calls(tu, blk->cond, order, n, mark);
	}
	tu->ordering = outer;
	order[(*n)++] = i;
}

static void order_calls(tu_ctx *tu, const ol_expr *e, size_t *order,
			size_t *n, unsigned char *mark)
{
	// Iterative over `sub[0]` chains would save stack; expression trees
	// are shallow in practice and the pipeline gives big stacks.
	if (!e)
		return;
	// A function named as a value (a capsule's destructor, a callback)
	// comes before its user too: PyCapsule_New asks what its destructor
	// releases (sm/capsule.c).
	// (every function of that name: C++ overloads)
	if ((e->kind == OL_E_CALL || e->kind == OL_E_FUNCREF) && e->text) {
		size_t first, nn = summaries_named(tu, e->text, &first);
		for (size_t k = first; k < first + nn; k++) {
			size_t callee = tu->by_name[k].index;
			if (e->kind == OL_E_CALL && callee != tu->ordering)
				tu->sums[callee].called_here = true;
			else if (e->kind == OL_E_CALL &&
				 sig_may_match(e, tu->sums[callee].fn))
				tu->sums[callee].recursive = true;
			order_func(tu, callee, order, n, mark);
		}
	}
	order_calls(tu, e->sub[0], order, n, mark);
	order_calls(tu, e->sub[1], order, n, mark);
	order_calls(tu, e->fn, order, n, mark);
	for (unsigned k = 0; k < e->nargs; k++)
		order_calls(tu, e->args[k], order, n, mark);
}

// `e` (casts aside, which the IR drops) is parameter `v` stored into a
// field: `self->value = value`.
static bool stores_param(const ol_expr *e, unsigned *param)
{
	if (!e)
		return false;
	if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE && e->sub[0] &&
	    e->sub[0]->kind == OL_E_MEMBER && e->sub[1] &&
	    e->sub[1]->kind == OL_E_VAR &&
	    e->sub[1]->var->kind == OL_VAR_PARAM) {
		*param = e->sub[1]->var->param_index;
		return true;
	}
	return false;
}

// What a function's body does with its variables through documented
// APIs, read once before it is explored (analyze()): the ones it releases
// (`Py_DECREF(v)`) and the ones it gives to a container that keeps them
// (`PyDict_SetItemString(d, k, v)`), as flags by variable id.
typedef struct var_uses {
	bool *released, *kept;
} var_uses;

static void note_uses(const ol_expr *e, const ol_kb *kb, var_uses *u)
{
	if (!e)
		return;
	if (e->kind == OL_E_CALL) {
		// (the macro's entry, else the function's: PyObject_Del is
		// PyObject_Free)
		const ol_kb_entry *ent = e->macro ? ol_kb_lookup(kb, e->macro)
						  : NULL;
		if (!ent && e->text)
			ent = ol_kb_lookup(kb, e->text);
		// (Freeing an object's memory, `PyObject_Del(self)`, ends
		// its last reference: a helper that does so to its
		// parameter releases it.)
		bool refs = ent && (!strcmp(ent->resource, "pyref") ||
				    ent->frees_object);
		for (unsigned i = 0; refs && i < e->nargs; i++) {
			if (e->args[i]->kind != OL_E_VAR)
				continue;
			ol_kb_effect eff = ol_kb_arg_effect(ent, i);
			unsigned v = e->args[i]->var->id;
			if (eff == OL_KB_ARG_RELEASE ||
			    eff == OL_KB_ARG_RELEASE_NULL_OK)
				u->released[v] = true;
			else if (eff == OL_KB_ARG_KEEP)
				u->kept[v] = true;
		}
	}
	note_uses(e->sub[0], kb, u);
	note_uses(e->sub[1], kb, u);
	for (unsigned i = 0; e->kind == OL_E_CALL && i < e->nargs; i++)
		note_uses(e->args[i], kb, u);
}

static var_uses uses_of(const ol_func *fn, const ol_kb *kb)
{
	var_uses u = {ol_xcalloc(fn->nvars + 1, sizeof(bool)),
		      ol_xcalloc(fn->nvars + 1, sizeof(bool))};
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		for (unsigned k = 0; k < blk->nops; k++)
			if (blk->ops[k].kind == OL_OPK_EVAL)
				note_uses(blk->ops[k].expr, kb, &u);
		note_uses(blk->cond, kb, &u);
	}
	return u;
}

static void uses_free(var_uses *u)
{
	free(u->released);
	free(u->kept);
}

// A function that releases an object and then returns the same variable
// (JCC's getJavaModule: `Py_DECREF(child); /* borrow reference */` once
// sys.modules keeps it, then `return child;`) says that it hands out a
// borrowed reference: what its body returns is its contract, as for one
// the file calls (a returner), though its linkage would keep the
// convention of a new reference.
static bool releases_what_it_returns(const ol_func *fn, const var_uses *u)
{
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		if (blk->term == OL_TERM_RETURN && blk->cond &&
		    blk->cond->kind == OL_E_VAR &&
		    u->released[blk->cond->var->id])
			return true;
	}
	return false;
}

// A function that gives one of its object parameters to a container and
// then releases it (ParmEd's `SetItem_PyDict_AndDecref(dict, key,
// value)`: `PyDict_SetItemString` then `Py_DECREF(value)`, pillow_heif's
// `__PyDict_SetItemString`) hands it over, whatever its linkage: its body
// decides what it does to that parameter, and its callers, which hand it
// new references, are told. (A parameter only released keeps the
// convention, MOJO-OWN-106; one CPython calls, too: see analyze().)
static bool hands_a_param_over(const ol_func *fn, const var_uses *u)
{
	for (unsigned i = 0; i < fn->nparams; i++) {
		unsigned v = fn->vars[i]->id;
		if (u->released[v] && u->kept[v] &&
		    is_object_pointer(&fn->vars[i]->type))
			return true;
	}
	return false;
}

// A function that releases one of its object parameters (on some path).
// `caller_refs_only`: not counting an owner class passed by value
// (`py::object obj`), the callee's own copy, which its destructor
// releases (cfg/cxx_obj.c).
static bool releases_a_param(const ol_func *fn, const var_uses *u,
			     bool caller_refs_only)
{
	for (unsigned i = 0; i < fn->nparams; i++)
		if (u->released[fn->vars[i]->id] &&
		    is_object_pointer(&fn->vars[i]->type) &&
		    !(caller_refs_only && fn->vars[i]->owner_copy))
			return true;
	return false;
}

// Parameters spelled as CPython's tables pass them (`self`, `args`,
// `kwargs`, `module`...): a function that may be a method or a slot
// registered by another file, where every parameter is lent.
static bool named_like_a_method(const ol_func *fn)
{
	static const char *const lent[] = {"self", "args", "arg", "kwargs",
					   "kwds", "kw", "module", "type",
					   "cls", NULL};
	for (unsigned i = 0; i < fn->nparams; i++)
		for (unsigned k = 0; lent[k]; k++)
			if (fn->vars[i]->name &&
			    !strcmp(fn->vars[i]->name, lent[k]))
				return true;
	return false;
}

// A literal, or a parameter as it came.
static bool plain_argument(const ol_expr *a)
{
	a = strip_casts(a);
	return a->kind == OL_E_INT || a->kind == OL_E_NULL ||
	       a->kind == OL_E_STRING || a->kind == OL_E_FLOAT ||
	       (a->kind == OL_E_VAR && a->var &&
		a->var->kind == OL_VAR_PARAM);
}

// A function whose whole body is one call of a CPython function with
// its own parameters passed as they came, and literals (IlwisConnectors'
// `setListItem(list, index, item)`, `return PyList_SetItem(list, index,
// item);`, or a `void` wrapper of `PyTuple_SET_ITEM`): a forwarder, whose
// contract is the call's, whatever its linkage, unless it states one of
// its own. It has no ownership of its own to get wrong; its callers are
// told what it steals and lends.
static bool forwards_to_api(const ol_func *fn, const ol_kb *kb)
{
	// (a contract of its own, in attributes or its documentation, is
	// its word: "its reference is not stolen" included)
	if (fn->nblocks != 1 || fn->attrs)
		return false;
	const ol_block *blk = fn->blocks[0];
	const ol_expr *call = NULL;
	unsigned evals = 0;
	for (unsigned k = 0; k < blk->nops; k++)
		if (blk->ops[k].kind == OL_OPK_EVAL) {
			call = blk->ops[k].expr;
			evals++;
		}
	if (blk->term != OL_TERM_RETURN || evals > 1 ||
	    (evals == 1 && blk->cond && !plain_argument(blk->cond)))
		return false;
	if (!evals)
		call = blk->cond ? strip_casts(blk->cond) : NULL;
	if (!call || call->kind != OL_E_CALL || call->fn)
		return false;
	const char *name = call->macro ? call->macro : call->text;
	const ol_kb_entry *ent = name ? ol_kb_lookup(kb, name) : NULL;
	if (!ent || strcmp(ent->resource, "pyref"))
		return false;
	bool object_param = false;
	for (unsigned i = 0; i < call->nargs; i++) {
		if (!plain_argument(call->args[i]))
			return false;
		const ol_expr *a = strip_casts(call->args[i]);
		if (a->kind == OL_E_VAR && is_object_pointer(&a->var->type))
			object_param = true;
	}
	return object_param;
}

// A maker that takes its argument over (JCC's `make_descriptor(PyObject
// *value)`: `self = tp_alloc(..); if (!self) { Py_DECREF(value); return
// NULL; } self->value = value; return self;`) may have external
// linkage, where parameters are borrowed by convention: a function that
// returns an object and stores an object parameter into a field is
// explored quietly too, and steals that parameter when every path either
// stores it into the new object it returns or releases it, with some of
// each (the release when the object cannot be made says it is taken
// over, not borrowed and forgotten).
static bool maker_candidate(const ol_func *fn)
{
	if (!is_object_pointer(&fn->ret))
		return false;
	for (unsigned b = 0; b < fn->nblocks; b++)
		for (unsigned k = 0; k < fn->blocks[b]->nops; k++) {
			unsigned p;
			if (stores_param(fn->blocks[b]->ops[k].expr, &p) &&
			    p < fn->nparams &&
			    is_object_pointer(&fn->vars[p]->type))
				return true;
		}
	return false;
}

// What a pass run ahead found, held back until it is kept: its findings
// and notices (a sink of its own), and its owner facts.
typedef struct held_back {
	tu_ctx *tu;
	ol_engine_opts opts; // the file's, the facts sent here
	OL_VEC(ol_owner_fact) facts;
} held_back;

static void hold_fact(const ol_owner_fact *f, void *payload)
{
	held_back *h = payload;
	ol_owner_fact x = *f;
	// (Its strings may live in the pass's own arena.)
#define COPY(field) ((field) = (field) ? ol_arena_strdup(h->tu->a, (field)) \
				       : NULL)
	FACT_STRINGS(&x, COPY);
#undef COPY
	OL_VEC_PUSH(&h->facts, x);
}

// Most helpers steal nothing, and their quiet pass only tells the
// reporting pass that every parameter is borrowed, which it assumes
// anyway: the two passes then explore the same paths. So the reporting
// pass runs first, its results held back. It is kept when no parameter
// was consumed on any path (no quiet pass would have made one owned on
// entry; for a `returner` none would) and it met no step a quiet pass
// before it would have changed (explore()'s `ahead`: what the function's
// own summary says of its result, the reporting pass's own bookkeeping of
// borrowed parameters). Else everything it did is undone and the passes
// run as usual. On CPython's `_json.c` this halves the engine's work
// (330M instructions to 173M); every report on the corpora is the same,
// byte for byte (ci/compare-outputs, ci/run-cxx-corpus).
static bool analyzed_ahead(tu_ctx *tu, summary *sm, bool returner)
{
	const ol_func *fn = sm->fn;
	summary before = *sm;
	bool *writes = ol_xmalloc(sizeof(bool) * (fn->nparams + 1));
	memcpy(writes, sm->writes, sizeof(bool) * fn->nparams);
	held_back h = {.tu = tu, .opts = *tu->opts};
	h.opts.on_fact = tu->opts->on_fact ? hold_fact : NULL;
	h.opts.fact_payload = &h;
	const ol_engine_opts *file_opts = tu->opts;
	ol_diag_sink *file_sink = tu->sink;
	tu->opts = &h.opts;
	tu->sink = ol_diag_sink_new_like(file_sink);
	bool differs = explore(tu, fn, sm, fn->summary_only, true);
	ol_diag_sink *held = tu->sink;
	tu->opts = file_opts;
	tu->sink = file_sink;
	for (unsigned i = 0; i < fn->nparams && !differs && !returner; i++)
		if (is_object_pointer(&fn->vars[i]->type) &&
		    (sm->consumed_ok[i] || sm->consumed_err[i]))
			differs = true;
	if (!differs) {
		ol_diag_sink_merge(file_sink, held);
		for (size_t k = 0; k < h.facts.len; k++)
			file_opts->on_fact(&h.facts.items[k],
					   file_opts->fact_payload);
	} else {
		*sm = before;
		summary_reset(sm);
		memcpy(sm->writes, writes, sizeof(bool) * fn->nparams);
	}
	ol_diag_sink_free(held);
	OL_VEC_FREE(&h.facts);
	free(writes);
	return !differs;
}

// Analyzes one function: a quiet pass first when it may steal its
// parameters, then the reporting pass; its summary is then what callers
// see.
static void analyze(tu_ctx *tu, summary *sm)
{
	const ol_func *fn = sm->fn;
	const ol_kb *kb = tu->kb;
	// A helper of a neighbouring header: its summary, from quiet
	// passes as a static function's, and nothing reported (nor
	// exported: see the caller).
	// A quiet pass learns which parameters the function steals;
	// the reporting pass then treats them as owned on entry.
	bool has_obj_param = false;
	for (unsigned i = 0; i < fn->nparams; i++)
		if (is_object_pointer(&fn->vars[i]->type))
			has_obj_param = true;
	// A function that calls itself (cffi's `lib_build_and_cache_attr`,
	// which returns the borrowed reference its dict keeps, also when
	// it found it through its own recursion; mod_wsgi's `Log_write`,
	// `None` or NULL, or the result of calling itself on its target):
	// what it returns is first learned from its other paths, its own
	// calls unknown; the passes below then see that in its calls of
	// itself, as its callers will.
	if (sm->recursive && is_pyobj(&fn->ret)) {
		sm->probing = true;
		explore(tu, fn, sm, true, false);
		sm->probing = false;
		summary_finish(tu, sm);
		sm->done = false;
		sm->probed = true;
		summary_reset(sm);
	}
	// (A function CPython calls through a table is no helper: its
	// arguments are lent by the interpreter. One with external
	// linkage keeps the convention (rules/README.md): its parameters are
	// borrowed, and a body that consumes one is reported; unless
	// another file of the project calls it, or a function of this file
	// calls one that releases a parameter (and the knowledge base does
	// not document it): then it is a helper too, and its body says what
	// its callers get (getdns-python-bindings' `result_init`, which
	// releases its caller's reference when it fails). One this file
	// calls that only stores a parameter somewhere keeps the
	// convention: the store of a borrowed reference is its own bug
	// (libkdumpfile's `install_cb_hook`).)
	var_uses uses = uses_of(fn, kb);
	bool helper = (has_obj_param || is_pyobj(&fn->ret)) &&
		      (fn->is_static || fn->called_elsewhere ||
		       fn->summary_only ||
		       (fn->cxx_member && // (C++ members are helpers too,
			!fn->c_callback) || // not a C callback)
		       fn->inline_def || // (and inline functions)
		       sm->destroy_fn || // (a destroy function: handoff.c)
		       hands_a_param_over(fn, &uses) || // (and a consumer)
		       (forwards_to_api(fn, kb) && // (and a forwarder)
			!named_like_a_method(fn)) ||
		       (sm->called_here && !ol_kb_lookup(kb, fn->name) &&
			(releases_a_param(fn, &uses, false) ||
			 // (a deallocator this file calls on an object it
			 // could not finish: py-tree-sitter's
			 // `query_dealloc(query)` on query_new's error path)
			 destroys_param0(fn))));
	bool maker = !helper && has_obj_param && maker_candidate(fn);
	// One with external linkage that another function of this file
	// calls (zope.proxy's `_PyType_Lookup` variant) returns what its
	// body returns: a borrowed result its callers here take as one is
	// no MOJO-OWN-107. Its parameters keep the convention.
	bool returner = !helper && !maker && is_pyobj(&fn->ret) &&
			(sm->called_here ||
			 releases_what_it_returns(fn, &uses));
	// One with external linkage, no caller in this file and parameters
	// not spelled as a method's, that releases an object parameter
	// (Pyjion's JIT intrinsics, `PyJit_BinaryXor(left, right)`, which
	// release both operands after the operation as the interpreter's
	// stack does; clif's `slot::as_size(res)`, handed a new reference
	// through a template argument): explored quietly first, and a
	// parameter it consumes on every path, released on some, is taken
	// over (its callers, machine code or another file, hand it new
	// references). A release on every path of a reference the function
	// was lent would fail on its first call; one released on some paths
	// only keeps the convention and is reported (MOJO-OWN-106).
	bool consumer = !helper && !maker && !fn->is_static &&
			!named_like_a_method(fn) &&
			releases_a_param(fn, &uses, true);
	uses_free(&uses);
	bool two_passes = (helper || maker || returner || consumer) &&
			  !interp_contract(fn);
	bool done = two_passes && !maker && !sm->recursive &&
		    analyzed_ahead(tu, sm, returner);
	if (two_passes && !done) {
		explore(tu, fn, sm, true, false);
		summary_finish(tu, sm);
		sm->steal_in = OL_NEW_ARRAY(tu->a, bool,
					    fn->nparams + 1);
		sm->lenient_in = OL_NEW_ARRAY(tu->a, bool,
					      fn->nparams + 1);
		sm->quiet_args = OL_NEW_ARRAY(tu->a, ol_kb_arg,
					      fn->nparams + 1);
		for (unsigned i = 0; i < fn->nparams; i++)
			sm->quiet_args[i] = sm->args[i];
		for (unsigned i = 0; i < fn->nparams; i++) {
			bool obj = is_object_pointer(&fn->vars[i]->type);
			if (consumer) { // (consumed everywhere, released)
				sm->steal_in[i] =
					obj && sm->dropped[i] &&
					sm->consumed_ok[i] +
							sm->consumed_err[i] ==
						sm->paths;
				continue;
			}
			if (returner)
				continue; // (its parameters: borrowed)
			if (maker) { // (only what makes it one)
				sm->steal_in[i] =
					obj && sm->into_ret[i] &&
					sm->dropped[i] &&
					sm->into_ret[i] + sm->released[i] ==
						sm->paths;
				continue;
			}
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
	if (!done)
		explore(tu, fn, sm, fn->summary_only, false);
	summary_finish(tu, sm);
	// This file's callers see what the knowledge base promises,
	// not what the definition does with its owned parameter.
	for (unsigned i = 0; i < fn->nparams; i++)
		if (kb_steal(kb, fn, i))
			sm->args[i].effect = OL_KB_ARG_STEAL;
	if (sm->steal_in)
		for (unsigned i = 0; i < fn->nparams; i++)
			if (sm->steal_in[i]) {
				// (and whether only its pointer is kept:
				// a static object given loses nothing)
				sm->args[i].effect = sm->quiet_args[i].effect;
				sm->args[i].kept_only =
					sm->quiet_args[i].kept_only;
			}
	// One whose parameter keeps the convention (borrowed: no helper's
	// steal) and that hands it back as it came, never releasing it
	// (geometry2's exported `moduleInit(m)`, which fills the module
	// and returns it), lends it back: its return is no steal, and its
	// caller keeps its reference. (A helper's parameters follow its
	// body: there the return hands the reference on.)
	int ra = sm->entry.returns_arg;
	if (sm->entry.ret == OL_KB_RET_BORROWED && ra >= 0 &&
	    (unsigned)ra < fn->nparams && !(sm->steal_in && sm->steal_in[ra]) &&
	    sm->args[ra].effect == OL_KB_ARG_STEAL && !sm->released[ra])
		sm->args[ra].effect = OL_KB_ARG_BORROW;
	if (!fn->summary_only)
		check_declaration(tu, sm);
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
		sm->writes = OL_NEW_ARRAY(tu.a, bool, funcs[i]->nparams + 1);
		sm->increfed_ok = OL_NEW_ARRAY(tu.a, unsigned,
					       funcs[i]->nparams + 1);
		sm->increfed_err = OL_NEW_ARRAY(tu.a, unsigned,
						funcs[i]->nparams + 1);
		sm->held = OL_NEW_ARRAY(tu.a, unsigned, funcs[i]->nparams + 1);
		sm->into_ret = OL_NEW_ARRAY(tu.a, unsigned,
					    funcs[i]->nparams + 1);
		sm->handed_on = OL_NEW_ARRAY(tu.a, unsigned,
					     funcs[i]->nparams + 1);
		sm->dropped = OL_NEW_ARRAY(tu.a, unsigned,
					   funcs[i]->nparams + 1);
		sm->flag_taken = OL_NEW_ARRAY(tu.a, bool, funcs[i]->nparams + 1);
		sm->null_in = OL_NEW_ARRAY(tu.a, unsigned,
					   funcs[i]->nparams + 1);
		sm->ret_param = -1;
	}
	index_by_name(&tu);
	settable_collect(&tu);
	links_collect(&tu);
	fnptr_collect(&tu);
	staticargs_collect(&tu);
	globalreads_collect(&tu);
	keepalive_collect(&tu);
	handoff_mark_destroy_fns(&tu);
	size_t *order = ol_xmalloc(sizeof(size_t) * (nfuncs + 1));
	unsigned char *mark = ol_xcalloc(nfuncs + 1, 1);
	size_t n = 0;
	for (size_t i = 0; i < tu.nsums; i++)
		order_func(&tu, i, order, &n, mark);
	memo_round memo;
	memo_begin(&memo, &tu);
	for (size_t k = 0; k < n; k++) {
		summary *sm = &tu.sums[order[k]];
		const ol_func *fn = sm->fn;
		if (!fn->nblocks)
			continue;
		ol_limits_function(fn->name);
		if (memo_replays(&memo, order[k]))
			memo_replay(&memo, order[k]);
		else
			analyze(&tu, sm);
		memo_done(&memo, order[k]);
		if (opts->exports && !fn->summary_only) {
			ol_contract x = {
				.name = fn->name,
				.entry = sm->entry,
				.loc = fn->loc,
				.is_static = fn->is_static,
				.complete = sm->paths > 0,
				.sig = fn->sig,
				.overload = fn->overload,
				.flag_param = -1,
			};
			unsigned fp;
			if (summary_null_flag(&sm->entry, &fp, &x.flag_field))
				x.flag_param = (int)fp;
			ol_contracts_add(opts->exports, &x);
		}
	}
	memo_end(&memo);
	free(order);
	free(mark);
	OL_VEC_FREE(&tu.annotated);
	OL_VEC_FREE(&tu.settable);
	OL_VEC_FREE(&tu.released_fields);
	OL_VEC_FREE(&tu.node_types);
	OL_VEC_FREE(&tu.fnptr_fields);
	ol_strmap_free(&tu.read_globals);
	ol_strmap_free(&tu.object_globals);
	ol_strmap_free(&tu.null_globals);
	ol_strmap_free(&tu.written_globals);
	ol_arena_free(tu.a);
}
