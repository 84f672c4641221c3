/*
 * shapes.c — what a function's CFG says of its result before any path is
 * explored: read from how its returns are written, for its summary
 * (summary.c's summary_finish()).
 *
 *   - probes_indicator(): its first act asks `PyErr_Occurred()` and it
 *     returns one constant where the answer is yes, 0 where it is no, or
 *     the answer itself (nbdkit's `check_python_failure()`): callers test
 *     the error indicator through it (ol_kb_entry.error_probe, errstate.c);
 *   - passthrough_unless_error(): it returns NULL where `PyErr_Occurred()`
 *     says yes, and its argument as it came, calling nothing, where it
 *     says no (janus-swi's `check_error(obj)`:
 *     ol_kb_entry.passthrough_unless_error, call.c);
 *   - returns_zero(): every return gives 0 (pyscm's solver:
 *     ol_kb_entry.ret_zero).
 *
 * Only the written shape counts: a return of a variable that always
 * holds 0 is no constant here, and the paths are not explored.
 */
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

// Whether `e` calls a function anywhere in it.
static bool has_call(const ol_expr *e)
{
	if (!e)
		return false;
	if (e->kind == OL_E_CALL)
		return true;
	if (has_call(e->sub[0]) || has_call(e->sub[1]))
		return true;
	for (unsigned i = 0; (e->kind == OL_E_UNKNOWN ||
			      e->kind == OL_E_INITLIST) && i < e->nargs; i++)
		if (has_call(e->args[i]))
			return true;
	return false;
}

// `PyErr_Occurred()`, or `PyErr_Occurred() != NULL`.
static bool is_occurred_test(const ol_expr *e)
{
	if (e && e->kind == OL_E_BINARY && e->op == OL_OP_NE && e->sub[1] &&
	    e->sub[1]->kind == OL_E_NULL)
		e = e->sub[0];
	return e && e->kind == OL_E_CALL && e->text &&
	       !strcmp(e->text, "PyErr_Occurred");
}

// `e` is the answer of `PyErr_Occurred()` as a truth value: the call
// itself, or under `!!`, `!= NULL`, casts and `__builtin_expect(x, c)`.
static bool returns_occurred(const ol_expr *e)
{
	for (;;) {
		e = strip_casts(e);
		if (e && e->kind == OL_E_UNARY && e->op == OL_OP_NOT &&
		    e->sub[0] && e->sub[0]->kind == OL_E_UNARY &&
		    e->sub[0]->op == OL_OP_NOT)
			e = e->sub[0]->sub[0];
		else if (e && e->kind == OL_E_CALL && e->text && e->nargs == 2 &&
			 !strcmp(e->text, "__builtin_expect"))
			e = e->args[0];
		else
			break;
	}
	return is_occurred_test(e);
}

// The integer constant every `return` reachable from `b` gives (`seen`:
// the blocks visited), in `*val`; false when one gives anything else, or
// (unless `throw_ok`) an exception leaves.
static bool returns_constant(const ol_block *b, bool *seen, bool *any,
			     long long *val, bool throw_ok)
{
	if (!b || seen[b->id])
		return true;
	seen[b->id] = true;
	if (b->term == OL_TERM_RETURN) {
		const ol_expr *r = b->cond;
		long long v;
		if (r && r->kind == OL_E_INT)
			v = r->ival;
		else if (r && r->kind == OL_E_UNARY && r->op == OL_OP_NEG &&
			 r->sub[0] && r->sub[0]->kind == OL_E_INT)
			v = -r->sub[0]->ival;
		else
			return false;
		if (*any && v != *val)
			return false;
		*any = true;
		*val = v;
		return true;
	}
	if (b->term == OL_TERM_THROW)
		return throw_ok;
	for (unsigned i = 0; i < b->ncases; i++)
		if (!returns_constant(b->cases[i].succ, seen, any, val,
				      throw_ok))
			return false;
	return returns_constant(b->succ[0], seen, any, val, throw_ok) &&
	       returns_constant(b->succ[1], seen, any, val, throw_ok) &&
	       returns_constant(b->default_succ, seen, any, val, throw_ok);
}

// A function whose first act is to ask `PyErr_Occurred()`, and that then
// returns a constant other than 0 on every path where it answered yes
// and 0 on every path where it answered no (nbdkit's
// `check_python_failure()`, which prints the error first): its result is
// that answer (ol_kb_entry.error_probe, errstate.c).
bool probes_indicator(const ol_func *fn, long long *set_val)
{
	if (fn->ret.cls != OL_TY_INT || !fn->nblocks)
		return false;
	const ol_block *b = fn->blocks[0];
	for (unsigned hop = 0; b && hop < 8; hop++) {
		for (unsigned k = 0; k < b->nops; k++)
			if (b->ops[k].kind == OL_OPK_EVAL &&
			    has_call(b->ops[k].expr))
				return false;
		if (b->term != OL_TERM_GOTO)
			break;
		b = b->succ[0];
	}
	// (`return !!PyErr_Occurred();`, snowflake's `inline bool
	// checkPyError() { return UNLIKELY(PyErr_Occurred()); }`: the
	// answer itself, 1 for yes)
	if (b && b->term == OL_TERM_RETURN && returns_occurred(b->cond)) {
		*set_val = 1;
		return true;
	}
	if (!b || b->term != OL_TERM_BRANCH || !is_occurred_test(b->cond))
		return false;
	bool *seen = ol_xcalloc(fn->nblocks + 1, sizeof(bool));
	seen[b->id] = true;
	long long yes = 0, no = 0;
	bool any_yes = false, any_no = false;
	bool ok = returns_constant(b->succ[0], seen, &any_yes, &yes, false);
	// (the two sides share no block: else a path of one is the other's)
	bool *seen_no = ol_xcalloc(fn->nblocks + 1, sizeof(bool));
	seen_no[b->id] = true;
	ok = ok && returns_constant(b->succ[1], seen_no, &any_no, &no, false);
	for (unsigned i = 0; ok && i < fn->nblocks; i++)
		if (seen[i] && seen_no[i] && i != b->id)
			ok = false;
	free(seen);
	free(seen_no);
	if (!ok || !any_yes || !any_no || no != 0 || yes == 0)
		return false;
	*set_val = yes;
	return true;
}

// Every `return` reachable from `b` (`seen`: the blocks visited) gives
// NULL (`any`: one does); with `param` >= 0, gives that parameter
// instead, and no block on the way calls anything.
static bool returns_null_or_param(const ol_block *b, bool *seen, bool *any,
				  int param)
{
	if (!b || seen[b->id])
		return true;
	seen[b->id] = true;
	for (unsigned k = 0; param >= 0 && k < b->nops; k++)
		if (b->ops[k].kind == OL_OPK_EVAL && has_call(b->ops[k].expr))
			return false;
	switch (b->term) {
	case OL_TERM_RETURN: {
		const ol_expr *r = strip_casts(b->cond);
		*any = true;
		if (param >= 0)
			return r && r->kind == OL_E_VAR && r->var &&
			       r->var->kind == OL_VAR_PARAM &&
			       r->var->param_index == (unsigned)param;
		return r && (r->kind == OL_E_NULL ||
			     (r->kind == OL_E_INT && r->ival == 0));
	}
	case OL_TERM_NORETURN:
		return true;
	case OL_TERM_THROW:
		return false;
	case OL_TERM_BRANCH:
		if (param >= 0 && has_call(b->cond))
			return false;
		break;
	default:
		break;
	}
	for (unsigned i = 0; i < b->ncases; i++)
		if (!returns_null_or_param(b->cases[i].succ, seen, any, param))
			return false;
	return returns_null_or_param(b->succ[0], seen, any, param) &&
	       returns_null_or_param(b->succ[1], seen, any, param) &&
	       returns_null_or_param(b->default_succ, seen, any, param);
}

// `e` tests the value of `PyErr_Occurred()`: the call, or the local `v`
// its result was put in (`PyObject *ex = PyErr_Occurred(); if (ex)`).
static bool tests_occurred(const ol_expr *e, const ol_var *v)
{
	if (is_occurred_test(e))
		return true;
	if (e && e->kind == OL_E_BINARY && e->op == OL_OP_NE && e->sub[1] &&
	    e->sub[1]->kind == OL_E_NULL)
		e = e->sub[0];
	e = strip_casts(e);
	return v && e && e->kind == OL_E_VAR && e->var == v;
}

// A helper that hands its object argument back unless an error is set
// (ol_kb_entry.passthrough_unless_error): the parameter + 1, or 0.
unsigned passthrough_unless_error(const ol_func *fn)
{
	if (!is_object_pointer(&fn->ret) || !fn->nblocks)
		return 0;
	const ol_block *b = fn->blocks[0];
	const ol_var *saved = NULL; // `ex = PyErr_Occurred()`
	for (unsigned hop = 0; b && hop < 8; hop++) {
		for (unsigned k = 0; k < b->nops; k++) {
			const ol_op *op = &b->ops[k];
			if (op->kind == OL_OPK_DECL)
				continue;
			const ol_expr *x = op->expr;
			if (!saved && x && x->kind == OL_E_ASSIGN &&
			    x->op == OL_OP_NONE &&
			    x->sub[0]->kind == OL_E_VAR &&
			    is_local(x->sub[0]->var) &&
			    is_occurred_test(strip_casts(x->sub[1]))) {
				saved = x->sub[0]->var;
				continue;
			}
			if (op->kind == OL_OPK_EVAL && has_call(x))
				return 0;
		}
		if (b->term != OL_TERM_GOTO)
			break;
		b = b->succ[0];
	}
	if (!b || b->term != OL_TERM_BRANCH || !tests_occurred(b->cond, saved))
		return 0;
	// (the no side: the parameter its first return gives)
	const ol_block *n = b->succ[1];
	for (unsigned hop = 0; n && n->term == OL_TERM_GOTO && !n->nops &&
			       hop < 8; hop++)
		n = n->succ[0];
	const ol_expr *r = n && n->term == OL_TERM_RETURN
				   ? strip_casts(n->cond) : NULL;
	if (!r || r->kind != OL_E_VAR || !r->var ||
	    r->var->kind != OL_VAR_PARAM ||
	    !is_object_pointer(&r->var->type))
		return 0;
	int param = (int)r->var->param_index;
	bool *seen = ol_xcalloc(fn->nblocks + 1, sizeof(bool));
	bool *seen_no = ol_xcalloc(fn->nblocks + 1, sizeof(bool));
	seen[b->id] = seen_no[b->id] = true;
	bool any_yes = false, any_no = false;
	bool ok = returns_null_or_param(b->succ[0], seen, &any_yes, -1) &&
		  returns_null_or_param(b->succ[1], seen_no, &any_no, param);
	for (unsigned i = 0; ok && i < fn->nblocks; i++)
		if (seen[i] && seen_no[i] && i != b->id)
			ok = false;
	free(seen);
	free(seen_no);
	// (a parameter the function assigns is not what it came as)
	for (unsigned i = 0; ok && i < fn->nblocks; i++)
		for (unsigned k = 0; k < fn->blocks[i]->nops; k++) {
			const ol_expr *x = fn->blocks[i]->ops[k].expr;
			if (x && x->kind == OL_E_ASSIGN &&
			    x->sub[0]->kind == OL_E_VAR &&
			    x->sub[0]->var == r->var)
				ok = false;
		}
	return ok && any_yes && any_no ? (unsigned)param + 1 : 0;
}

// Every `return` of `fn` gives the constant 0 (and one does).
bool returns_zero(const ol_func *fn)
{
	if (!fn->nblocks)
		return false;
	bool *seen = ol_xcalloc(fn->nblocks + 1, sizeof(bool));
	bool any = false;
	long long val = 0;
	// (an exception that leaves returns nothing)
	bool ok = returns_constant(fn->blocks[0], seen, &any, &val, true);
	free(seen);
	return ok && any && val == 0;
}
