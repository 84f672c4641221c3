/*
 * cxx.c — lowering C++: objects with destructors, library owners,
 * exceptions, members, lambdas. This file holds what the parts share and
 * the statements (return, goto, range-for); the parts, each with its
 * essay:
 *   cxx_model.c  what a class is (its model) and what a name is
 *   cxx_obj.c    objects and temporaries: construction, scopes,
 *                destructors, guards' fields
 *   cxx_call.c   calls: inlining, members, lambdas, standard algorithms
 *   cxx_overload.c  the function a call in a template's pattern names
 *   cxx_scope.c  scope guards that run a lambda when they die
 *   cxx_exc.c    exceptions as edges; throwing checks; `new`
 *
 * The IR has no objects and no exceptions; these files lower both into
 * the ops and edges the engine already follows, so the engine sees C:
 *
 * Objects. A local whose class has a destructor is one of:
 *   - a library owner the rules describe (rules/cxx.json, `"cxx"` keys):
 *     `std::unique_ptr`, pybind11's and nanobind's `object`/`handle` and
 *     their subclasses, `THPPointer`, `cppy::ptr`. The object *is* its
 *     handle: the variable is typed as the pointer it holds. `get()`,
 *     `ptr()` read it; `release()` reads it and stores NULL; `reset(p)`
 *     destroys it and stores p; copying calls what the rules say
 *     (`Py_XNewRef`); moving copies the handle and stores NULL into the
 *     source; the destructor is a call of the rules' release function (or
 *     of unique_ptr's deleter: an `operator()` of this file inlined, or
 *     the function pointer given to the constructor);
 *   - a guard class of this file (a destructor with a body, and fields of
 *     scalar or pointer type): each field is a variable of its own
 *     ("g.p"), and the constructor, destructor and member functions
 *     called on the object are inlined with `this` standing for it. What
 *     the destructor releases is what its body releases;
 *     A guard with one pointer field returned by value (a static
 *     factory) is that pointer, under every standard (cxx_obj.c);
 *   - a scope guard made from a lambda (cxx_scope.c);
 *   - anything else: constructor arguments escape (the object may keep
 *     them), and nothing is destroyed.
 * A destructor runs at every exit of its scope: the end of the block,
 * `return` (after the value is computed), `break`/`continue` out of a
 * loop, `goto` to a label outside the scope, and exception unwinding.
 * Temporaries of such classes are destroyed at the end of the statement
 * (full-expression) that made them; in a condition they are not followed.
 *
 * Exceptions. `throw` unwinds: destructors of the scopes it leaves, then
 * the handlers of the innermost `try` (a branch per `catch` on an unknown
 * condition; `catch (...)` always matches), or out of the function
 * (OL_TERM_THROW, an error exit: MOJO-OWN-105). A call that can throw gets
 * a branch (`why` "throw") to the same landing before it runs. Which calls
 * can throw (ol_exc_mode): the rules' throwers (`"throws"`), functions of
 * the file whose bodies can throw (a `throw`, or a call of a thrower), and
 * under --exceptions=all every call that is neither `noexcept` nor of C
 * linkage. A thrower that never returns (`"throws": "always"`,
 * TORCH_CHECK's torchCheckFail) ends its statement with a throw. A small
 * function of the file that throws is inlined as a check; `new` throws
 * unless it is a placement or nothrow form (cxx_exc.c). Under
 * -fno-exceptions nothing throws.
 *
 * Members and lambdas. A method's `this` is parameter 0; `p` in a method
 * is `this->p`. A call `o.m(x)` is `Class::m(&o, x)`; an unknown C++
 * member function may keep the pointers it is given (they escape). A
 * lambda met in a body is handed to the caller to be lowered as a
 * function of its own (a std::thread's starts without the GIL), a lambda
 * called directly (`auto f = [&]{..}; f();`) is inlined at the call, and
 * one given to a standard algorithm in a loop (cxx_call.c).
 *
 * Templates are lowered on their pattern (libclang exposes no
 * instantiations): dependent types are unknown values, but an owner
 * template's `T *` is its handle's type and its members are its
 * pattern's (cxx_model.c).
 */
#include "build_int.h"

#include "../kb/kb.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Anything else: statement children run in order, expression children for
// their effects. Exact for attributed statements, approximate for C++.
void note_approx(builder *b, CXCursor s, enum CXCursorKind k)
{
	CXString ks = clang_getCursorKindSpelling(k);
	ol_loc l = loc_of(b, s);
	note(b, "line %u: statement '%s' lowered approximately", l.line,
	     clang_getCString(ks));
	clang_disposeString(ks);
}

static ol_expr *unknown_cond(builder *b, CXCursor s, const char *text)
{
	ol_expr *u = mk(b, OL_E_UNKNOWN, s);
	u->text = text;
	return u;
}

ol_expr *cxx_unknown_at(builder *b, ol_loc loc, const char *text)
{
	ol_expr *u = OL_NEW(b->a, ol_expr);
	u->kind = OL_E_UNKNOWN;
	u->loc = loc;
	u->text = text;
	u->type.cls = OL_TY_OTHER;
	return u;
}

// `value` goes where the analysis does not follow it (a destructor or a
// constructor it cannot see, the caller's object): it escapes.
static ol_expr *escape_expr(builder *b, ol_loc loc, const char *what,
			    ol_expr *value)
{
	ol_expr *u = cxx_unknown_at(b, loc, what);
	u->nargs = 1;
	u->args = OL_NEW_ARRAY(b->a, ol_expr *, 1);
	u->args[0] = value;
	return u;
}

void cxx_escape(builder *b, ol_loc loc, const char *what, ol_expr *value)
{
	emit_eval(b, escape_expr(b, loc, what, value));
}

void cxx_let_go(builder *b, ol_loc loc, const char *what, ol_expr *value)
{
	ol_expr *u = escape_expr(b, loc, what, value);
	u->lets_go = true;
	emit_eval(b, u);
}

// A call of `name` on `args` made up by the lowering (a destructor's
// release, a copy's Py_XNewRef).
ol_expr *cxx_synth_call(builder *b, const char *name, ol_expr **args,
			unsigned n, ol_type ty, ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_CALL;
	e->loc = loc;
	e->type = ty;
	e->text = intern(b, name);
	e->nargs = n;
	e->args = OL_NEW_ARRAY(b->a, ol_expr *, n ? n : 1);
	for (unsigned i = 0; i < n; i++)
		e->args[i] = args[i];
	return e;
}

// NULL of pointer type `t`.
ol_expr *cxx_null_of(builder *b, ol_type t, ol_loc loc)
{
	ol_expr *z = OL_NEW(b->a, ol_expr);
	z->kind = OL_E_NULL;
	z->loc = loc;
	z->type = t;
	return z;
}

ol_type cxx_void_type(builder *b)
{
	ol_type t = {0};
	t.cls = OL_TY_VOID;
	t.spelling = intern(b, "void");
	return t;
}

/* ---- the cache kept for a translation unit --------------------------- */

// Class models and which bodies throw (cxx_exc.c), for every function of
// the unit.
struct ol_cfg_cache *ol_cfg_cache_new(void)
{
	return ol_xcalloc(1, sizeof(struct ol_cfg_cache));
}

void ol_cfg_cache_free(struct ol_cfg_cache *c)
{
	if (!c)
		return;
	free(c->throws.tab);
	free(c->checks.tab);
	free(c->cls.tab);
	free(c->noreturn.tab);
	ol_strmap_free(&c->cleanup_fns);
	OL_VEC_FREE(&c->cleanup_defs);
	free(c);
}

/* ---- return, goto, range-for, this ----------------------------------- */

// `return x;` moves x when it is a local object or a parameter passed by
// value (C++11 [class.copy.elision]). Anything else is copied, and so is a
// parameter of a function inlined at its call: there it stands for the
// caller's argument, which the caller destroys.
bool cxx_implicit_move(const builder *b, CXCursor c)
{
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(c);
	if (clang_getCursorKind(d) != CXCursor_VarDecl &&
	    (clang_getCursorKind(d) != CXCursor_ParmDecl || b->inl.len))
		return false;
	CXType t = clang_getCursorType(d);
	if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		return false;
	return clang_Cursor_getStorageClass(d) != CX_SC_Static;
}

// The source of an elidable copy or move: `o` of `Ref(o)` as C++11 and
// C++14 show `return o;` and `Ref t = f();` (a copy or move constructor
// around the value), else `c` itself.
static CXCursor elidable_source(CXCursor c)
{
	c = cxx_elide(cxx_strip_all(c));
	CXCursor f = clang_getCursorKind(c) == CXCursor_CallExpr
		? clang_getCursorReferenced(c) : clang_getNullCursor();
	if (clang_getCursorKind(f) == CXCursor_Constructor &&
	    clang_Cursor_getNumArguments(c) == 1 &&
	    (clang_CXXConstructor_isCopyConstructor(f) ||
	     clang_CXXConstructor_isMoveConstructor(f)))
		return cxx_strip_all(clang_Cursor_getArgument(c, 0));
	return c;
}

// `return v;` from a function returning a guard of model `m` by value,
// which has one pointer field (cxx_retype_result): the value returned is
// that field of the returned object. A local object of the class named
// by the return is the returned object itself (the named return value
// optimisation, which the standard allows and compilers make): neither
// copied nor destroyed (*kept, among the live objects above `depth`).
// Anything else constructs the returned object (a constructor's
// arguments, a copy of a member, a factory's result).
static ol_expr *returned_guard(builder *b, const cls_model *m, CXCursor v,
			       size_t depth, ol_loc loc, ol_var **kept)
{
	*kept = NULL;
	CXCursor sv = elidable_source(v);
	if (cxx_implicit_move(b, sv) &&
	    cxx_model_of(b, clang_getCursorType(sv)) == m) {
		ol_var *so = cxx_guard_object(b, sv);
		for (size_t i = depth; so && i < b->objs.len; i++)
			if (b->objs.items[i].var == so) {
				*kept = so;
				return var_expr(b, cxx_handle_var(b, so, m), loc);
			}
	}
	ol_var *r = new_temp(b, type_conv(b, clang_getCursorType(v)), loc);
	r->kind = OL_VAR_LOCAL;
	cxx_construct_into(b, r, m, v, NULL);
	return var_expr(b, cxx_handle_var(b, r, m), loc);
}

bool cxx_return(builder *b, CXCursor s, CXCursor *val)
{
	// (C: a cleanup's variables, cleanup.c)
	if (!b->cxx && !b->objs.len && !b->inl.len)
		return false;
	cursor_vec k = {0};
	expr_children(s, &k);
	CXCursor v = k.len ? k.items[0] : clang_getNullCursor();
	OL_VEC_FREE(&k);
	*val = v;
	ol_loc loc = loc_of(b, s);
	if (b->inl.len) {
		inline_ctx *ic = &b->inl.items[b->inl.len - 1];
		temps_tok tt = temps_begin(b);
		CXCursor sv = clang_Cursor_isNull(v) ? v : cxx_strip_all(v);
		const cls_model *vm = clang_Cursor_isNull(v)
			? &cxx_none_model : cxx_model_of(b, clang_getCursorType(v));
		ol_var *kept = NULL;
		if (ic->ret && vm->kind == CLS_GUARD && vm->hfield) {
			emit_assign(b, ic->ret,
				    returned_guard(b, vm, v, ic->objs, loc,
						   &kept),
				    loc);
		} else if (ic->ret && vm->kind == CLS_LIB && cxx_is_lvalue_ref(sv)) {
			// the returned object, moved (a local, a by-value
			// parameter) or copied
			cxx_from_object(b, ic->ret, vm, sv, cxx_implicit_move(b, sv), loc);
		} else if (ic->ret && vm->kind == CLS_LIB) {
			cxx_construct_into(b, ic->ret, vm, v, NULL);
		} else if (!clang_Cursor_isNull(v)) {
			ol_expr *e = lower_expr(b, v, ic->ret != NULL);
			if (ic->ret && e)
				emit_assign(b, ic->ret, e, loc);
			else
				emit_eval(b, e);
		}
		flush_noreturn(b);
		temps_end(b, tt, loc);
		cxx_destroy_all_but(b, ic->objs, loc, kept);
		jump(b, ic->exit, NULL, loc);
		b->cur = NULL;
		return true;
	}
	CXType rt = clang_getCanonicalType(
		clang_getCursorResultType(b->fn_cursor));
	const cls_model *rm = cxx_model_of(b, rt);
	// A lambda's deduced result type, and one that depends on a
	// template's parameters (`static RT func_0(T0 arg0) { return
	// f(arg0); }`, which Boost.Python's BOOST_PYTHON_FUNCTION_OVERLOADS
	// writes for each arity): what it returns, by value, so that a
	// function's result is the object returned, not a temporary
	// destroyed before the return.
	if ((clang_getCursorKind(b->fn_cursor) == CXCursor_LambdaExpr ||
	     rt.kind == CXType_Dependent || rt.kind == CXType_Unexposed) &&
	    !clang_Cursor_isNull(v)) {
		CXCursor sv = cxx_strip_all(v);
		CXType vt = clang_getCursorKind(sv) == CXCursor_CallExpr
			? cxx_call_value_type(sv)
			: clang_getCanonicalType(clang_getCursorType(v));
		CXType at;
		const cls_model *am;
		if (vt.kind == CXType_Record)
			rm = cxx_model_of(b, vt);
		else if (cxx_owner_arm(b, sv, &at, &am))
			rm = am;
		// (`template <typename T = py::object> T steal(PyObject *p)
		// { return py::reinterpret_steal<T>(py::handle(p)); }`: what
		// it returns is the handle, cxx_call.c)
		else if (cxx_handle_conversion(b, sv) && b->fn->ret.spelling &&
			 !strncmp(b->fn->ret.spelling, "type-parameter-", 15))
			b->fn->ret = cxx_pyobject_type(b);
	}
	if (!b->objs.len && rm->kind != CLS_LIB && rm->kind != CLS_GUARD) {
		// (no object to destroy: the C lowering, temporaries aside)
		temps_tok tt = temps_begin(b);
		ol_expr *e = clang_Cursor_isNull(v) ? NULL
						     : lower_expr(b, v, true);
		if (b->temps.len > tt.mark && e) {
			ol_var *t = new_temp(b, e->type, loc);
			emit_assign(b, t, e, loc);
			e = var_expr(b, t, loc);
		}
		flush_noreturn(b);
		temps_end(b, tt, loc);
		seal(b, OL_TERM_RETURN, e, loc, NULL);
		return true;
	}
	temps_tok tt = temps_begin(b);
	ol_expr *e = NULL;
	ol_var *kept = NULL;
	if (!clang_Cursor_isNull(v)) {
		if (rm->kind == CLS_GUARD && rm->hfield) {
			e = returned_guard(b, rm, v, 0, loc, &kept);
			ol_var *t = new_temp(b, rm->handle, loc);
			emit_assign(b, t, e, loc);
			e = var_expr(b, t, loc);
		} else if (rm->kind == CLS_LIB) {
			// The returned object: moved from a local, or made.
			ol_var *t = new_temp(b, rm->handle, loc);
			CXCursor sv = cxx_strip_all(v);
			if (cxx_is_lvalue_ref(sv))
				// (the implicit move of a local object; a
				// reference or a member is copied)
				cxx_from_object(b, t, rm, sv, cxx_implicit_move(b, sv),
						loc);
			else
				cxx_construct_into(b, t, rm, v, NULL);
			e = var_expr(b, t, loc);
		} else if (rm->kind == CLS_GUARD) {
			emit_eval(b, lower_expr(b, v, false));
		} else {
			e = lower_expr(b, v, true);
			ol_var *t = new_temp(b, e->type, loc);
			emit_assign(b, t, e, loc);
			e = var_expr(b, t, loc);
		}
	}
	flush_noreturn(b);
	temps_end(b, tt, loc);
	cxx_destroy_all_but(b, 0, loc, kept);
	seal(b, OL_TERM_RETURN, e, loc, NULL);
	return true;
}


// `for (auto o : {a, b, c}) body` over pointers (antimony's `for (auto o
// : {x, y, z}) Py_DECREF(o);`): the body once per element, in order, `o`
// each element's value as the list held it (the elements evaluated once,
// before the first pass). False, lowering nothing, for any other loop.
static bool unrolled_list_for(builder *b, CXCursor s, const cursor_vec *k)
{
	if (k->len != 3 ||
	    clang_getCursorKind(k->items[0]) != CXCursor_VarDecl ||
	    clang_getCanonicalType(clang_getCursorType(k->items[0])).kind !=
		    CXType_Pointer)
		return false;
	CXCursor list = cxx_strip_all(k->items[1]);
	if (clang_getCursorKind(list) != CXCursor_InitListExpr)
		return false;
	cursor_vec el = {0};
	expr_children(list, &el);
	if (!el.len || el.len > 16) {
		OL_VEC_FREE(&el);
		return false;
	}
	ol_loc loc = loc_of(b, s);
	ol_var *o = var_of(b, k->items[0]);
	ol_var *vals[16];
	for (size_t i = 0; i < el.len; i++) {
		ol_expr *v = lower_expr(b, el.items[i], true);
		vals[i] = new_temp(b, v->type, loc);
		emit_assign(b, vals[i], v, loc);
	}
	ol_block *exit = new_block(b);
	for (size_t i = 0; i < el.len; i++) {
		ol_block *next = new_block(b);
		scope_open(b, s);
		emit_assign(b, o, var_expr(b, vals[i], loc), loc);
		push_jump(b, exit, next);
		lower_stmt(b, k->items[2]);
		b->jumps.len--;
		scope_close(b, loc);
		jump(b, next, NULL, loc);
		start(b, next);
	}
	jump(b, exit, NULL, loc);
	start(b, exit);
	OL_VEC_FREE(&el);
	return true;
}

// C++ `for (x : range) body`: a loop on an unknown condition; `x` and
// the range's objects are destroyed when the loop is left.
NOINLINE void lower_range_for(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len == 0 || unrolled_list_for(b, s, &k))
		goto out;
	scope_open(b, s);
	ol_block *head = new_block(b), *bb = new_block(b), *exit = new_block(b);
	start(b, head);
	branch(b, unknown_cond(b, s, "range-for"), bb, exit, loc_of(b, s),
	       "for");
	start(b, bb);
	scope_open(b, s);
	lower_prefix(b, k.items, k.len - 1);
	push_jump(b, exit, head);
	lower_stmt(b, k.items[k.len - 1]);
	b->jumps.len--;
	scope_close(b, loc_of(b, s));
	jump(b, head, NULL, loc_of(b, s));
	start(b, exit);
	scope_close(b, loc_of(b, s));
out:
	OL_VEC_FREE(&k);
}

void cxx_add_this(builder *b, CXCursor fn)
{
	CXCursor cls = clang_getCursorSemanticParent(fn);
	if (!cxx_is_class_kind(clang_getCursorKind(cls)))
		return;
	CXType ct = clang_getCanonicalType(clang_getCursorType(cls));
	ol_type t = {0};
	t.cls = OL_TY_POINTER;
	ol_type rt = type_conv(b, ct);
	t.pointee = rt.spelling ? rt.spelling
				: intern_cx(b, clang_getCursorSpelling(cls));
	t.spelling = intern(b, ol_arena_printf(b->a, "%s *", t.pointee));
	t.object = rt.object;
	ol_var *v = new_temp(b, t, loc_of(b, fn));
	v->kind = OL_VAR_PARAM;
	v->name = intern(b, "this");
	v->param_index = 0;
	b->this_var = v;
}
