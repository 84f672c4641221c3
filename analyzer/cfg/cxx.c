/*
 * cxx.c — lowering C++: objects with destructors, library owners,
 * exceptions, members, lambdas.
 *
 * The IR has no objects and no exceptions; this file lowers both into the
 * ops and edges the engine already follows, so the engine sees C:
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
 * TORCH_CHECK's torchCheckFail) ends its statement with a throw. That
 * part lives in cxx_exc.c; class models and names in cxx_model.c.
 *
 * Members and lambdas. A method's `this` is parameter 0; `p` in a method
 * is `this->p`. A call `o.m(x)` is `Class::m(&o, x)`; an unknown C++
 * member function may keep the pointers it is given (they escape). A
 * lambda met in a body is handed to the caller to be lowered as a
 * function of its own, and a lambda called directly (`auto f = [&]{..};
 * f();`) is inlined at the call.
 *
 * Templates are lowered on their pattern (libclang exposes no
 * instantiations): dependent types are unknown values.
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../kb/kb.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INLINE 4

// Past this many ops in one function, bodies are no longer inlined: what
// they would have been given escapes, as for a body we cannot see. Each
// inlining level multiplies the ops of the levels below it, so without a
// budget a few nested guard members called in a long expression could
// make the lowering allocate without bound; with it, a function's
// lowering costs at most this much more than its own text.
#define INLINE_OPS_BUDGET 20000

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
void cxx_escape(builder *b, ol_loc loc, const char *what, ol_expr *value)
{
	ol_expr *u = cxx_unknown_at(b, loc, what);
	u->nargs = 1;
	u->args = OL_NEW_ARRAY(b->a, ol_expr *, 1);
	u->args[0] = value;
	emit_eval(b, u);
}

// A call of `name` on `args` made up by the lowering (a destructor's
// release, a copy's Py_XNewRef).
static ol_expr *synth_call(builder *b, const char *name, ol_expr **args,
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

static ol_type void_type(builder *b)
{
	ol_type t = {0};
	t.cls = OL_TY_VOID;
	t.spelling = intern(b, "void");
	return t;
}

/* ---- guard objects: fields as variables ----------------------------- */

static bool is_local_kind(const ol_var *v)
{
	return v->kind == OL_VAR_LOCAL || v->kind == OL_VAR_TEMP ||
	       v->kind == OL_VAR_PARAM;
}

// The variable of field `fname` (interned) of the guard object `obj`.
ol_var *cxx_field_var(builder *b, ol_var *obj, const char *fname,
		      ol_type type)
{
	for (size_t i = 0; i < b->fvars.len; i++)
		if (b->fvars.items[i].obj == obj &&
		    b->fvars.items[i].field == fname)
			return b->fvars.items[i].v;
	ol_var *v = new_temp(b, type, obj->loc);
	// (a field of a temporary object keeps the temporary's kind: what
	// it holds is named after the first variable of the source's)
	v->kind = obj->name && obj->name[0] == '$' ? OL_VAR_TEMP
						    : OL_VAR_LOCAL;
	v->name = intern(b, ol_arena_printf(b->a, "%s.%s", obj->name, fname));
	field_var f = {obj, fname, v};
	OL_VEC_PUSH(&b->fvars, f);
	return v;
}

static ol_var *field_var_of(builder *b, ol_var *obj, CXCursor field)
{
	return cxx_field_var(b, obj,
			     intern_cx(b, clang_getCursorSpelling(field)),
			     type_conv(b, clang_getCursorType(field)));
}

// The handle field of the guard object `obj` of model `m` (m->hfield).
static ol_var *handle_var(builder *b, ol_var *obj, const cls_model *m)
{
	// (models outlive the builder that made them: their names are
	// interned again, in this one)
	return cxx_field_var(b, obj, intern(b, m->hfield), m->handle);
}

// The object variable the expression `c` names, when it is a local guard
// object (`g`, or `this` inside an inlined member).
static ol_var *guard_object(builder *b, CXCursor c)
{
	c = strip(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CXXThisExpr)
		return b->inl.len ? b->inl.items[b->inl.len - 1].self : NULL;
	if (k != CXCursor_DeclRefExpr)
		return NULL;
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind dk = clang_getCursorKind(d);
	if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl)
		return NULL;
	const cls_model *m = cxx_model_of(b, clang_getCursorType(d));
	if (m->kind != CLS_GUARD)
		return NULL;
	ol_var *v = var_of(b, d);
	return is_local_kind(v) ? v : NULL;
}

// An object given to a call by non-const reference or by address
// (python-rapidjson's `reader.Parse(ss, handler)`, whose callbacks set
// `handler.root`) may have its fields changed by the callee. A plain
// struct is passed as its address, as C would write it. A guard object's
// fields are variables: the call `e` is made first, then what they held
// is handed to the callee and forgotten. Returns the call's value.
// `first` is the call's first argument past its object.
ol_expr *cxx_forget_written(builder *b, CXCursor call, unsigned first,
			    ol_expr *e)
{
	if (!b->cxx)
		return e;
	int n = clang_Cursor_getNumArguments(call);
	CXType ft = clang_getCursorType(clang_getCursorReferenced(call));
	ol_var *objs[8];
	unsigned nobjs = 0;
	for (int i = (int)first; i < n; i++) {
		CXCursor a = strip(clang_Cursor_getArgument(call, (unsigned)i));
		// (the lowered arguments end with the call's)
		int at = (int)e->nargs - (n - i);
		if (clang_getCursorKind(a) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(a) ==
			    CXUnaryOperator_AddrOf) {
			cursor_vec k = {0};
			children(a, &k);
			ol_var *o = k.len == 1 ? guard_object(b, k.items[0])
					       : NULL;
			OL_VEC_FREE(&k);
			if (o && nobjs < 8)
				objs[nobjs++] = o;
			continue;
		}
		CXType pt = clang_getArgType(ft, (unsigned)i - first);
		if ((pt.kind != CXType_LValueReference &&
		     pt.kind != CXType_RValueReference) ||
		    clang_isConstQualifiedType(clang_getPointeeType(pt)))
			continue;
		ol_var *o = guard_object(b, a);
		if (o && nobjs < 8) {
			objs[nobjs++] = o;
		} else if (!o && at >= 0 && e->args[at]->kind == OL_E_VAR &&
			   e->args[at]->type.cls == OL_TY_RECORD) {
			ol_expr *ad = mk(b, OL_E_ADDR, a);
			ad->sub[0] = e->args[at];
			ad->type.cls = OL_TY_POINTER;
			e->args[at] = ad;
		}
	}
	if (!nobjs)
		return e;
	ol_expr *r;
	if (e->type.cls == OL_TY_VOID) {
		emit_eval(b, e);
		r = cxx_unknown_at(b, e->loc, "void");
	} else {
		ol_var *t = new_temp(b, e->type, e->loc);
		emit_assign(b, t, e, e->loc);
		r = var_expr(b, t, e->loc);
	}
	for (unsigned i = 0; i < nobjs; i++)
		for (size_t j = 0; j < b->fvars.len; j++) {
			if (b->fvars.items[j].obj != objs[i])
				continue;
			ol_var *fv = b->fvars.items[j].v;
			ol_expr *w = cxx_unknown_at(b, e->loc, "written");
			w->nargs = 1;
			w->args = OL_NEW_ARRAY(b->a, ol_expr *, 1);
			w->args[0] = var_expr(b, fv, e->loc);
			emit_assign(b, fv, w, e->loc);
		}
	return r;
}

/* ---- inlining ------------------------------------------------------- */

typedef struct saved_param {
	CXCursor key;
	void *old;
} saved_param;

static bool being_inlined(builder *b, CXCursor fn)
{
	for (size_t i = 0; i < b->inl.len; i++)
		if (clang_equalCursors(b->inl.items[i].fn, fn))
			return true;
	return false;
}

static CXCursor fn_body(CXCursor fn)
{
	cursor_vec k = {0};
	CXCursor body = clang_getNullCursor();
	children(fn, &k);
	for (size_t i = k.len; i-- > 0;) {
		enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
		if (kk == CXCursor_CompoundStmt || kk == CXCursor_CXXTryStmt) {
			body = k.items[i];
			break;
		}
	}
	OL_VEC_FREE(&k);
	return body;
}

static void params_of(CXCursor fn, cursor_vec *out)
{
	cursor_vec k = {0};
	children(fn, &k);
	out->len = 0;
	for (size_t i = 0; i < k.len; i++)
		if (clang_getCursorKind(k.items[i]) == CXCursor_ParmDecl)
			OL_VEC_PUSH(out, k.items[i]);
	OL_VEC_FREE(&k);
}

void lower_ctor_inits(builder *b, CXCursor fn, ol_var *self);

// Inlines the body of `fn` (a definition) at the current point, with
// `this` standing for `self` (may be NULL) and its parameters bound to
// `args` (an argument that is a guard object of a reference parameter
// names the object itself). Returns the result (a variable), NULL for
// none; *ok is false when `fn` cannot be inlined (recursion, depth).
// (cxx_inline_rt, build_int.h: the same with result type `rt`.)
static ol_expr *inline_fn(builder *b, CXCursor fn, ol_var *self,
			  ol_expr **args, ol_var **objs, unsigned nargs,
			  ol_loc site, bool relocate, bool *ok)
{
	return cxx_inline_rt(b, fn, self, args, objs, nargs, site, relocate,
			     ok, clang_getResultType(clang_getCursorType(fn)));
}

ol_expr *cxx_inline_rt(builder *b, CXCursor fn, ol_var *self,
		       ol_expr **args, ol_var **objs, unsigned nargs,
		       ol_loc site, bool relocate, bool *ok, CXType rt)
{
	CXCursor body = fn_body(fn);
	*ok = false;
	if (clang_Cursor_isNull(body) || b->inl.len >= MAX_INLINE ||
	    being_inlined(b, fn))
		return NULL;
	if (b->nops > INLINE_OPS_BUDGET) {
		if (!b->inline_capped)
			note(b, "line %u: past %u operations, member and "
				"constructor bodies are no longer inlined "
				"(what they are given escapes)",
			     site.line, INLINE_OPS_BUDGET);
		b->inline_capped = true;
		return NULL;
	}
	*ok = true;
	cursor_vec ps = {0};
	params_of(fn, &ps);
	saved_param *sv = ol_xcalloc(ps.len + 1, sizeof *sv);
	for (size_t i = 0; i < ps.len; i++) {
		CXCursor key = clang_getCanonicalCursor(ps.items[i]);
		sv[i].key = key;
		sv[i].old = cmap_get(&b->var_map, key);
		ol_var *pv;
		if (i < nargs && objs && objs[i]) {
			pv = objs[i]; // a guard object by reference
		} else {
			pv = new_temp(b, type_conv(b, clang_getCursorType(
							 ps.items[i])),
				      site);
			cxx_retype_var(b, pv, clang_getCursorType(ps.items[i]));
			if (i < nargs && args && args[i]) {
				emit_assign(b, pv, args[i], site);
			}
		}
		cmap_put(&b->var_map, key, pv);
	}
	ol_var *ret = NULL;
	if (rt.kind != CXType_Void && rt.kind != CXType_Invalid) {
		ret = new_temp(b, type_conv(b, rt), site);
		cxx_retype_result(b, ret, rt);
	}
	inline_ctx ic = {fn, self, ret, new_block(b), b->objs.len,
			 b->jumps.len, relocate ? site : (ol_loc){0}};
	OL_VEC_PUSH(&b->inl, ic);
	bool saved_temps = b->temps_ok;
	scope_open(b, clang_getNullCursor());
	if (clang_getCursorKind(fn) == CXCursor_Constructor && self)
		lower_ctor_inits(b, fn, self);
	lower_stmt(b, body);
	scope_close(b, site);
	jump(b, ic.exit, NULL, site);
	b->inl.len--;
	b->temps_ok = saved_temps;
	start(b, ic.exit);
	for (size_t i = 0; i < ps.len; i++)
		cmap_put(&b->var_map, sv[i].key, sv[i].old);
	free(sv);
	OL_VEC_FREE(&ps);
	return ret ? var_expr(b, ret, site) : NULL;
}

// The call `e` of the throwing check `fdecl` (cxx_is_throwing_check),
// its arguments lowered: its body, inlined here. Returns its value (a
// void call: an unknown), or NULL when it cannot be inlined.
ol_expr *cxx_inline_check(builder *b, CXCursor fdecl, ol_expr *e)
{
	bool ok;
	ol_expr *r = inline_fn(b, cxx_body_of(fdecl), NULL, e->args, NULL,
			       e->nargs, e->loc, true, &ok);
	if (!ok)
		return NULL;
	return r ? r : cxx_unknown_at(b, e->loc, "void");
}

// A constructor's member initializers: `p(o)` is `self.p = o` (or
// `this->p = o` when `self` is NULL).
void lower_ctor_inits(builder *b, CXCursor fn, ol_var *self)
{
	cursor_vec k = {0};
	children(fn, &k);
	for (size_t i = 0; i + 1 < k.len; i++) {
		if (clang_getCursorKind(k.items[i]) != CXCursor_MemberRef)
			continue;
		CXCursor init = k.items[i + 1];
		if (!clang_isExpression(clang_getCursorKind(init)))
			continue;
		CXCursor field = clang_getCursorReferenced(k.items[i]);
		if (clang_getCursorKind(field) != CXCursor_FieldDecl)
			continue;
		ol_loc l = loc_of(b, init);
		if (self) {
			ol_var *fv = field_var_of(b, self, field);
			emit_assign(b, fv, lower_expr(b, init, true), l);
			continue;
		}
		// The constructor analysed as a function: `this->p = init`.
		ol_expr *lhs = mk(b, OL_E_MEMBER, k.items[i]);
		lhs->text = intern_cx(b, clang_getCursorSpelling(field));
		lhs->sub[0] = var_expr(b, b->this_var, l);
		lhs->arrow = true;
		lhs->type = type_conv(b, clang_getCursorType(field));
		ol_expr *rhs = lower_expr(b, init, true);
		emit_eval(b, assign_expr(b, lhs, rhs, l));
	}
	OL_VEC_FREE(&k);
}

/* ---- scopes and destructors ------------------------------------------ */

// Runs the destructor of `o` at `at`.
void cxx_destroy(builder *b, const live_obj *o, ol_loc at)
{
	if (!b->cur)
		return;
	const cls_model *m = o->m;
	if (m->kind == CLS_SCOPE_EXIT) {
		cxx_scope_guard_destroy(b, o, at);
		return;
	}
	ol_expr *h = var_expr(b, o->var, at);
	if (m->kind == CLS_GUARD) {
		bool ok;
		inline_fn(b, m->dtor, o->var, NULL, NULL, 0, at, true, &ok);
		if (!ok) // (recursion): what the object holds escapes
			for (size_t i = 0; i < b->fvars.len; i++)
				if (b->fvars.items[i].obj == o->var) {
					cxx_escape(b, at, "destructor",
						   var_expr(b,
							    b->fvars.items[i].v,
							    at));
				}
		return;
	}
	if (m->kind != CLS_LIB || !m->destroy)
		return;
	if (!strcmp(m->destroy, "$deleter") &&
	    (o->deleter || !clang_Cursor_isNull(o->m->dtor))) {
		// unique_ptr calls its deleter only on a non-null pointer.
		ol_block *yes = new_block(b), *join = new_block(b);
		branch(b, var_expr(b, o->var, at), yes, join, at, "if");
		start(b, yes);
		bool ok = true;
		if (o->deleter)
			emit_eval(b, synth_call(b, o->deleter, &h, 1,
						void_type(b), at));
		else
			inline_fn(b, o->m->dtor, NULL, &h, NULL, 1, at, true,
				  &ok);
		if (!ok) { // (recursion): no longer followed
			cxx_escape(b, at, "delete", h);
		}
		start(b, join);
		return;
	}
	if (!strcmp(m->destroy, "$deleter") || !strcmp(m->destroy, "$escape")) {
		// `delete p`, or a deleter we cannot see: no longer followed.
		cxx_escape(b, at, "delete", h);
		return;
	}
	emit_eval(b, synth_call(b, m->destroy, &h, 1, void_type(b), at));
}

static unsigned offset_of(CXSourceLocation l)
{
	unsigned off = 0;
	clang_getExpansionLocation(l, NULL, NULL, NULL, &off);
	return off;
}

void scope_open(builder *b, CXCursor stmt)
{
	scope_ent e = {b->objs.len, 0, ~0u};
	if (!clang_Cursor_isNull(stmt)) {
		CXSourceRange r = clang_getCursorExtent(stmt);
		e.begin = offset_of(clang_getRangeStart(r));
		e.end = offset_of(clang_getRangeEnd(r));
	}
	OL_VEC_PUSH(&b->scopes, e);
}

// Destroys the live objects above `depth`, innermost first, but `keep`
// (a returned object, NULL for none).
static void destroy_all_but(builder *b, size_t depth, ol_loc at,
			    const ol_var *keep)
{
	for (size_t i = b->objs.len; i-- > depth;)
		if (b->objs.items[i].var != keep)
			cxx_destroy(b, &b->objs.items[i], at);
}

void destroy_down_to(builder *b, size_t depth, ol_loc at)
{
	destroy_all_but(b, depth, at, NULL);
}

void scope_close(builder *b, ol_loc at)
{
	if (!b->scopes.len)
		return;
	size_t depth = b->scopes.items[--b->scopes.len].objs;
	destroy_down_to(b, depth, at);
	b->objs.len = depth;
}

temps_tok temps_begin(builder *b)
{
	temps_tok t = {b->temps.len, b->temps_ok};
	b->temps_ok = b->cxx;
	return t;
}

void temps_end(builder *b, temps_tok t, ol_loc at)
{
	// (A destructor inlined below may lower statements of its own:
	// only this statement's temporaries go.)
	size_t n = b->temps.len;
	b->temps.len = t.mark;
	if (b->cur)
		for (size_t i = n; i-- > t.mark;) {
			live_obj o = b->temps.items[i];
			cxx_destroy(b, &o, at);
		}
	b->temps_ok = t.ok;
}

// Registers a new live object (a local or a temporary).
static void live(builder *b, ol_var *v, const cls_model *m, CXType t,
		 const char *deleter, bool temp)
{
	live_obj o = {v, m, deleter, clang_getNullCursor()};
	if (m->kind == CLS_LIB && m->destroy &&
	    !strcmp(m->destroy, "$deleter") && !deleter &&
	    clang_Type_getNumTemplateArguments(t) >= 2) {
		// unique_ptr<T, D>: D's operator() of this file is inlined.
		CXType dt = clang_Type_getTemplateArgumentAsType(t, 1);
		CXCursor dd = clang_getTypeDeclaration(
			clang_getCanonicalType(dt));
		CXCursor op = clang_Cursor_isNull(dd) ? dd :
			cxx_class_member(dd, CXCursor_CXXMethod, "operator()");
		cls_model *mm = OL_NEW(b->a, cls_model);
		*mm = *m;
		mm->dtor = clang_Cursor_isNull(op) ? op : cxx_body_of(op);
		o.m = mm;
	}
	if (temp)
		OL_VEC_PUSH(&b->temps, o);
	else
		OL_VEC_PUSH(&b->objs, o);
}

// A parameter of an owner class passed by value (`py::object obj`) is the
// callee's own object: its caller made it (a copy or a move) and it is
// destroyed when the call ends. It is modelled as a reference the callee
// takes on entry ("the caller's copy" in rules/cxx.json) and its destructor
// releases at every exit: `return obj.release().ptr()` hands a new
// reference over, and callers, which make and destroy their argument
// themselves, see a parameter that is only borrowed. (Move-only owners
// such as `std::unique_ptr` have no copy to model this with: their by-value
// parameters stay borrowed and are not destroyed.)
void cxx_own_value_params(builder *b, CXCursor *params, ol_var **vars,
			  size_t n)
{
	for (size_t i = 0; i < n; i++) {
		CXType t = clang_getCursorType(params[i]);
		if (t.kind == CXType_LValueReference ||
		    t.kind == CXType_RValueReference)
			continue;
		const cls_model *m = cxx_model_of(b, t);
		if (m->kind != CLS_LIB || !m->destroy || !m->copy ||
		    !strcmp(m->copy, "alias"))
			continue;
		ol_loc at = vars[i]->loc;
		ol_expr *pe = var_expr(b, vars[i], at);
		emit_assign(b, vars[i],
			    synth_call(b, "the caller's copy", &pe, 1,
				       vars[i]->type, at),
			    at);
		live(b, vars[i], m, t, NULL, false);
	}
}

/* ---- construction ---------------------------------------------------- */

// The rules' entry for the constructor of class `decl` itself.
static const ol_kb_entry *own_ctor_entry(builder *b, CXCursor decl)
{
	const char *q = cxx_qual_name(b, decl, true);
	const char *sn = strrchr(q, ':');
	char key[512];
	snprintf(key, sizeof key, "%s::%s", q, sn ? sn + 1 : q);
	const ol_kb_entry *e = cxx_kb_get(b, key);
	return e && e->cxx != OL_KB_CXX_NONE ? e : NULL;
}

// Strips parentheses, casts and the wrappers libclang shows as unexposed
// (temporaries materialized or bound, full-expression cleanups).
static CXCursor strip_all(CXCursor c)
{
	for (int n = 0; n < 64; n++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CXXFunctionalCastExpr &&
		    k != CXCursor_CXXStaticCastExpr &&
		    k != CXCursor_CStyleCastExpr && k != CXCursor_CXXConstCastExpr)
			break;
		cursor_vec v = {0};
		expr_children(c, &v);
		bool one = v.len == 1;
		if (one)
			c = v.items[0];
		OL_VEC_FREE(&v);
		if (!one)
			break;
	}
	return c;
}

// An elidable copy of a temporary, as C++11 and C++14 show `return
// Ref(p);` and `Ref t = make();` (a construction whose constructor
// libclang does not name, of one argument of the same class): the
// temporary, which is the object itself. Else `c`.
CXCursor cxx_elide(CXCursor c)
{
	for (int n = 0; n < 8; n++) {
		if (clang_getCursorKind(c) != CXCursor_CallExpr ||
		    clang_Cursor_getNumArguments(c) != 1 ||
		    !clang_isInvalid(clang_getCursorKind(
			    clang_getCursorReferenced(c))))
			break;
		CXCursor a = strip_all(clang_Cursor_getArgument(c, 0));
		CXCursor ad = clang_getTypeDeclaration(
			cxx_strip_ref(clang_getCursorType(a)));
		CXCursor cd = clang_getTypeDeclaration(
			cxx_strip_ref(clang_getCursorType(c)));
		if (clang_Cursor_isNull(cd) || !clang_equalCursors(ad, cd))
			break;
		c = a;
	}
	return c;
}

// `std::move(x)` / `std::forward<T>(x)`: x, else a null cursor.
static CXCursor moved_from(CXCursor c)
{
	c = strip_all(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(c) != 1)
		return clang_getNullCursor();
	CXString s = clang_getCursorSpelling(c);
	bool mv = !strcmp(clang_getCString(s), "move") ||
		  !strcmp(clang_getCString(s), "forward");
	clang_disposeString(s);
	return mv ? strip_all(clang_Cursor_getArgument(c, 0))
		  : clang_getNullCursor();
}

static bool is_lvalue_ref(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	       k == CXCursor_CXXThisExpr || k == CXCursor_ArraySubscriptExpr;
}

static void construct_into(builder *b, ol_var *t, const cls_model *m,
			   CXCursor init, const char **deleter);
static ol_expr *lower_cxx_call(builder *b, CXCursor c);
static bool implicit_move(const builder *b, CXCursor c);

// `t` made from the object `src` of a followed class: a copy (`move`
// false) or a move.
static void from_object(builder *b, ol_var *t, const cls_model *m,
			CXCursor src, bool move, ol_loc loc)
{
	const cls_model *sm = cxx_model_of(b, clang_getCursorType(src));
	if (m->kind == CLS_LIB) {
		ol_expr *se = lower_expr(b, src, true);
		if (sm->kind != CLS_LIB) {
			emit_assign(b, t, se, loc);
			return;
		}
		if (move && sm->destroy && m->destroy) {
			// The handle moves; the source is left empty. (Into a
			// handle that owns nothing, `py::handle h =
			// std::move(obj)`, it is only read.)
			emit_assign(b, t, se, loc);
			ol_expr *z = OL_NEW(b->a, ol_expr);
			z->kind = OL_E_NULL;
			z->loc = loc;
			z->type = se->type;
			emit_eval(b, assign_expr(b, se, z, loc));
			return;
		}
		if (m->destroy && m->copy && strcmp(m->copy, "alias"))
			se = synth_call(b, m->copy, &se, 1, t->type, loc);
		emit_assign(b, t, se, loc);
		return;
	}
	if (m->kind == CLS_GUARD) {
		ol_var *so = guard_object(b, src);
		if (!so)
			return;
		// The implicit copy or move: field by field (a guard without
		// its own copy constructor releases twice what it copied).
		for (size_t i = 0; i < b->fvars.len; i++) {
			if (b->fvars.items[i].obj != so)
				continue;
			const char *f = b->fvars.items[i].field;
			ol_var *sv = b->fvars.items[i].v;
			ol_var *tv = NULL;
			for (size_t j = 0; j < b->fvars.len && !tv; j++)
				if (b->fvars.items[j].obj == t &&
				    b->fvars.items[j].field == f)
					tv = b->fvars.items[j].v;
			if (!tv) {
				tv = new_temp(b, sv->type, loc);
				tv->kind = OL_VAR_LOCAL;
				tv->name = intern(b, ol_arena_printf(
					b->a, "%s.%s", t->name, f));
				field_var fv = {t, f, tv};
				OL_VEC_PUSH(&b->fvars, fv);
			}
			emit_assign(b, tv, var_expr(b, sv, loc), loc);
		}
	}
}

// A value of a followed class made by a function returning it by value
// (`py::reinterpret_steal<py::object>(p)`, `py::module_::import(..)`).
static ol_expr *lib_from_call(builder *b, const cls_model *m, CXCursor c,
			      CXCursor fdecl, ol_loc loc)
{
	const ol_kb_entry *e = cxx_kb_get(b, cxx_qual_name(b, fdecl, true));
	int nargs = clang_Cursor_getNumArguments(c);
	if (e && nargs >= 1 && (e->cxx == OL_KB_CXX_STEAL ||
				e->cxx == OL_KB_CXX_ALIAS ||
				e->cxx == OL_KB_CXX_BORROW)) {
		ol_expr *a0 = lower_expr(b, clang_Cursor_getArgument(c, 0), true);
		a0->type = m->handle;
		if (e->cxx == OL_KB_CXX_BORROW)
			return synth_call(b, e->calls ? e->calls : "Py_XNewRef",
					  &a0, 1, m->handle, loc);
		return a0;
	}
	ol_expr *r = lower_cxx_call(b, c);
	if (!r)
		r = lower_call_expr(b, c);
	r->type = m->handle;
	// A function of this file says what it returns; another gives a new
	// reference (or throws).
	if (r->kind == OL_E_CALL && clang_Cursor_isNull(cxx_body_of(fdecl)) &&
	    !r->attrs && m->destroy)
		r->attrs = intern(b, "annotate(mojo::new_ref)");
	return r;
}

// `Owned(p)` inside class template Owned: a construction libclang leaves
// unresolved (its argument's type depends on T). The constructor is the
// class's only one of that many parameters, copy and move constructors
// aside; else a null cursor.
static CXCursor unresolved_ctor(builder *b, const cls_model *m, CXCursor c,
				int nargs)
{
	(void)b;
	if (nargs < 1 || clang_Cursor_isNull(m->decl))
		return clang_getNullCursor();
	CXCursor d = clang_getTypeDeclaration(clang_getCursorType(c));
	if (!clang_Cursor_isNull(d) && !clang_isInvalid(clang_getCursorKind(d)) &&
	    !clang_equalCursors(clang_getCanonicalCursor(d),
				clang_getCanonicalCursor(m->decl)))
		return clang_getNullCursor();
	cursor_vec k = {0};
	children(m->decl, &k);
	CXCursor found = clang_getNullCursor();
	unsigned n = 0;
	for (size_t i = 0; i < k.len; i++) {
		CXCursor f = k.items[i];
		if (clang_getCursorKind(f) != CXCursor_Constructor ||
		    clang_CXXConstructor_isCopyConstructor(f) ||
		    clang_CXXConstructor_isMoveConstructor(f) ||
		    clang_Cursor_getNumArguments(f) != nargs)
			continue;
		found = f;
		n++;
	}
	OL_VEC_FREE(&k);
	return n == 1 ? found : clang_getNullCursor();
}

// `t` made by the unresolved construction `c` (unresolved_ctor): the
// constructor inlined. False when it cannot be.
static bool construct_unresolved(builder *b, ol_var *t, const cls_model *m,
				 CXCursor c, ol_loc loc)
{
	cursor_vec v = {0};
	expr_children(c, &v);
	CXCursor def = cxx_body_of(unresolved_ctor(b, m, c, (int)v.len));
	bool ok = false;
	if (!clang_Cursor_isNull(def)) {
		ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, v.len + 1);
		for (size_t i = 0; i < v.len; i++)
			args[i] = lower_expr(b, v.items[i], true);
		inline_fn(b, def, t, args, NULL, (unsigned)v.len, loc, true,
			  &ok);
	}
	OL_VEC_FREE(&v);
	return ok;
}

// Constructs the object `t` of model `m` from the initializer `init`
// (a constructor call, a copy or move, a function's result).
static void construct_into(builder *b, ol_var *t, const cls_model *m,
			   CXCursor init, const char **deleter)
{
	ol_loc loc = loc_of(b, init);
	CXCursor c = cxx_elide(strip_all(init));
	CXCursor mv = moved_from(c);
	if (!clang_Cursor_isNull(mv)) {
		from_object(b, t, m, mv, true, loc);
		return;
	}
	enum CXCursorKind k = clang_getCursorKind(c);
	if (is_lvalue_ref(c) &&
	    cxx_model_of(b, clang_getCursorType(c))->kind != CLS_NONE) {
		from_object(b, t, m, c, false, loc);
		return;
	}
	if (k == CXCursor_ConditionalOperator) {
		// `o = doc ? nb::str(doc) : nb::none()`: the arm taken makes
		// the object itself (C++17 elision; its temporary is not
		// destroyed).
		cursor_vec v = {0};
		expr_children(c, &v);
		if (v.len == 3) {
			ol_block *tb = new_block(b), *fb = new_block(b),
				 *j = new_block(b);
			CXCursor arm[2] = {v.items[1], v.items[2]};
			lower_cond_of(b, c, v.items[0], tb, fb, "?:");
			for (int i = 0; i < 2; i++) {
				start(b, i == 0 ? tb : fb);
				construct_into(b, t, m, arm[i], deleter);
				jump(b, j, NULL, loc);
			}
			start(b, j);
			OL_VEC_FREE(&v);
			return;
		}
		OL_VEC_FREE(&v);
	}
	if (k == CXCursor_InitListExpr || k == CXCursor_CXXNullPtrLiteralExpr) {
		if (m->kind == CLS_LIB) {
			cursor_vec v = {0};
			expr_children(c, &v);
			if (v.len == 1)
				construct_into(b, t, m, v.items[0], deleter);
			else if (!v.len)
				emit_assign(b, t, mk(b, OL_E_NULL, c), loc);
			OL_VEC_FREE(&v);
		}
		return;
	}
	if (k != CXCursor_CallExpr) {
		if (m->kind == CLS_LIB)
			emit_assign(b, t, lower_expr(b, c, true), loc);
		return;
	}
	CXCursor fdecl = clang_getCursorReferenced(c);
	int nargs = clang_Cursor_getNumArguments(c);
	if (m->kind == CLS_GUARD && nargs < 0 &&
	    clang_isInvalid(clang_getCursorKind(fdecl)) &&
	    construct_unresolved(b, t, m, c, loc))
		return;
	if (clang_getCursorKind(fdecl) != CXCursor_Constructor) {
		if (m->kind == CLS_LIB) {
			emit_assign(b, t, lib_from_call(b, m, c, fdecl, loc),
				    loc);
		} else {
			// A guard returned by a function (`Ref::take(p)`, a
			// factory): with one pointer field, the function
			// returns that pointer (cxx_retype_result), and what
			// it returns is what the object holds: the factory's
			// body or summary says whether it is new, an argument
			// taken over, or borrowed. The copy a C++11/14
			// compiler may elide is elided (as every compiler
			// does): neither the copy nor the temporary's
			// destruction is made. Else what it holds is not
			// known here.
			ol_expr *r = lower_cxx_call(b, c);
			if (!r)
				r = lower_call_expr(b, c);
			if (m->hfield) {
				r->type = m->handle;
				emit_assign(b, handle_var(b, t, m), r, loc);
			} else {
				emit_eval(b, r);
			}
		}
		return;
	}
	// A constructor. From another object of a followed class: a copy or
	// a move (the temporary of a prvalue is the object itself). (A
	// library owner made from an object and more, nanobind's
	// `class_<T>(scope, "name")`, is a new object.)
	if (nargs >= 1) {
		CXCursor a0 = strip_all(clang_Cursor_getArgument(c, 0));
		const cls_model *am = cxx_model_of(
			b, clang_getCursorType(clang_Cursor_getArgument(c, 0)));
		if (am->kind != CLS_NONE &&
		    ((m->kind == CLS_LIB && nargs == 1) ||
					     clang_CXXConstructor_isCopyConstructor(fdecl) ||
					     clang_CXXConstructor_isMoveConstructor(fdecl))) {
			CXCursor src = moved_from(a0);
			bool move = !clang_Cursor_isNull(src);
			if (!move)
				src = a0;
			// (the move constructor the compiler chose for `return
			// o;` moves a local or a by-value parameter)
			if (clang_CXXConstructor_isMoveConstructor(fdecl) &&
			    implicit_move(b, src))
				move = true;
			if (is_lvalue_ref(src)) {
				CXCursor def = cxx_body_of(fdecl);
				if (m->kind == CLS_GUARD &&
				    !clang_Cursor_isNull(def)) {
					ol_var *so = guard_object(b, src);
					bool ok;
					ol_var *objs[1] = {so};
					inline_fn(b, def, t, NULL, objs, 1, loc,
						  true, &ok);
					if (ok)
						return;
				}
				from_object(b, t, m, src, move, loc);
			} else {
				construct_into(b, t, m, a0, deleter);
			}
			return;
		}
	}
	if (m->kind == CLS_GUARD) {
		CXCursor def = cxx_body_of(fdecl);
		ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *,
					      nargs > 0 ? (size_t)nargs : 1);
		for (int i = 0; i < nargs; i++)
			args[i] = lower_expr(b, clang_Cursor_getArgument(
							c, (unsigned)i), true);
		bool ok = false;
		if (!clang_Cursor_isNull(def))
			inline_fn(b, def, t, args, NULL, (unsigned)nargs, loc,
				  true, &ok);
		if (!ok) // a constructor we cannot see: its arguments escape
			for (int i = 0; i < nargs; i++) {
				ol_expr *u = cxx_unknown_at(b, loc, "constructor");
				u->nargs = 1;
				u->args = &args[i];
				emit_eval(b, u);
			}
		return;
	}
	// A library owner's constructor (the rules name the class's own).
	const ol_kb_entry *e = own_ctor_entry(b, m->decl);
	bool subclass = strcmp(m->lib, m->name) != 0;
	if (nargs == 0) {
		// Empty, except a subclass of a library owner made without
		// arguments (`py::list l;`): a new object.
		ol_expr *v;
		if (subclass && m->destroy && !e) {
			v = synth_call(b, m->name, NULL, 0, m->handle, loc);
			v->attrs = intern(b, "annotate(mojo::new_ref)");
		} else {
			v = OL_NEW(b->a, ol_expr);
			v->kind = OL_E_NULL;
			v->loc = loc;
			v->type = m->handle;
		}
		emit_assign(b, t, v, loc);
		return;
	}
	ol_expr *a0 = lower_expr(b, clang_Cursor_getArgument(c, 0), true);
	if (e && (e->cxx == OL_KB_CXX_STEAL || e->cxx == OL_KB_CXX_ALIAS ||
		  e->cxx == OL_KB_CXX_BORROW) &&
	    (a0->type.cls == OL_TY_POINTER || a0->kind == OL_E_NULL)) {
		if (e->cxx == OL_KB_CXX_BORROW)
			a0 = synth_call(b, e->calls ? e->calls : "Py_XNewRef",
					&a0, 1, m->handle, loc);
		emit_assign(b, t, a0, loc);
		// unique_ptr(p, &fn): the deleter is fn.
		if (nargs >= 2 && deleter) {
			ol_expr *d = lower_expr(b, clang_Cursor_getArgument(c, 1),
						true);
			if (d->kind == OL_E_ADDR && d->sub[0])
				d = d->sub[0];
			if (d->kind == OL_E_FUNCREF)
				*deleter = d->text;
		}
		return;
	}
	// Any other constructor of a library owner (`py::str s("x")`): a
	// new object, its arguments used.
	ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, (size_t)nargs);
	args[0] = a0;
	for (int i = 1; i < nargs; i++)
		args[i] = lower_expr(b, clang_Cursor_getArgument(c, (unsigned)i),
				     true);
	ol_expr *call = synth_call(b, m->name, args, (unsigned)nargs,
				   m->handle, loc);
	if (m->destroy)
		call->attrs = intern(b, "annotate(mojo::new_ref)");
	emit_assign(b, t, call, loc);
}

bool cxx_var_decl(builder *b, ol_var *v, CXCursor d, CXCursor init)
{
	if (!b->cxx)
		return false;
	CXType t = clang_getCursorType(d);
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind != CXType_Record)
		return false;
	const cls_model *m = cxx_model_of(b, t);
	if ((m->kind == CLS_NONE || m->kind == CLS_GUARD) &&
	    cxx_scope_guard(b, v, d, init))
		return true;
	if (m->kind == CLS_NONE) {
		// An object we do not follow: what its constructor is given
		// may be kept by it.
		if (clang_Cursor_isNull(init))
			return true;
		ol_expr *e = lower_expr(b, init, true);
		if (e->kind == OL_E_CALL && !e->text)
			e->kind = OL_E_UNKNOWN;
		emit_eval(b, e);
		return true;
	}
	const char *deleter = NULL;
	ol_loc loc = loc_of(b, d);
	if (clang_Cursor_isNull(init)) {
		// Default construction: the constructor as written, with no
		// arguments (libclang shows no initializer for it).
		if (m->kind == CLS_LIB) {
			const ol_kb_entry *e = own_ctor_entry(b, m->decl);
			ol_expr *z;
			if (strcmp(m->lib, m->name) && m->destroy && !e) {
				z = synth_call(b, m->name, NULL, 0, m->handle,
					       loc);
				z->attrs = intern(b, "annotate(mojo::new_ref)");
			} else {
				z = OL_NEW(b->a, ol_expr);
				z->kind = OL_E_NULL;
				z->loc = loc;
				z->type = m->handle;
			}
			emit_assign(b, v, z, loc);
		} else {
			CXCursor ctor = cxx_class_member(m->decl, CXCursor_Constructor,
						     NULL);
			bool ok = false;
			if (!clang_Cursor_isNull(ctor) &&
			    !clang_Cursor_isNull(cxx_body_of(ctor)) &&
			    clang_Cursor_getNumArguments(cxx_body_of(ctor)) == 0)
				inline_fn(b, cxx_body_of(ctor), v, NULL, NULL, 0, loc,
					  true, &ok);
		}
	} else {
		construct_into(b, v, m, init, &deleter);
	}
	flush_noreturn(b);
	live(b, v, m, t, deleter, false);
	return true;
}

// A non-owning handle (no destructor) made from a named object
// (nanobind's `handle scope` from `mod`): an alias of that variable.
static bool handle_of_variable(const cls_model *m, CXCursor c)
{
	if (m->destroy)
		return false;
	CXCursor s = strip_all(c);
	if (clang_getCursorKind(s) == CXCursor_CallExpr &&
	    clang_Cursor_getNumArguments(s) == 1)
		s = strip_all(clang_Cursor_getArgument(s, 0));
	return is_lvalue_ref(s);
}

// A prvalue of a followed class outside an initializer: a temporary,
// destroyed at the end of the statement (in a condition, not followed).
static ol_expr *temporary(builder *b, CXCursor c, const cls_model *m)
{
	ol_loc loc = loc_of(b, c);
	CXType t = clang_getCursorType(c);
	ol_var *tv = new_temp(b, type_conv(b, t), loc);
	cxx_retype_var(b, tv, t);
	const char *deleter = NULL;
	bool ok = b->temps_ok;
	b->temps_ok = false; // temporaries inside: not followed either
	construct_into(b, tv, m, c, &deleter);
	b->temps_ok = ok;
	if (ok) {
		live(b, tv, m, t, deleter, true);
	} else if (m->kind == CLS_LIB && !handle_of_variable(m, c)) {
		// (an owner we do not destroy keeps what it holds; a handle
		// made from a variable holds nothing of its own)
		cxx_escape(b, loc, "temporary", var_expr(b, tv, loc));
	} else if (m->kind == CLS_GUARD) {
		// (a guard's copy made for a by-value argument inside
		// another temporary: its fields, not destroyed, escape)
		for (size_t i = 0; i < b->fvars.len; i++)
			if (b->fvars.items[i].obj == tv)
				cxx_escape(b, loc, "temporary",
					   var_expr(b, b->fvars.items[i].v,
						    loc));
	}
	return var_expr(b, tv, loc);
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
	free(c->cls.tab);
	free(c);
}

/* ---- calls, members, this ------------------------------------------- */

// The object a member call is made on and where its arguments start:
// `o.m(x)` (the callee's MemberRefExpr holds o; none: `this`), or an
// operator `o + x` / `o(x)` (o is argument 0).
static bool member_call_parts(CXCursor c, CXCursor *obj, unsigned *first)
{
	cursor_vec k = {0};
	children(c, &k);
	*obj = clang_getNullCursor();
	*first = 0;
	bool member = false;
	CXCursor callee = k.len ? strip(call_callee(c, &k)) : c;
	if (k.len && clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
		cursor_vec m = {0};
		expr_children(callee, &m);
		if (m.len == 1)
			*obj = m.items[0];
		OL_VEC_FREE(&m);
		member = true;
	} else if (clang_Cursor_getNumArguments(c) >= 1) {
		*obj = clang_Cursor_getArgument(c, 0);
		*first = 1;
		member = true;
	}
	OL_VEC_FREE(&k);
	return member;
}

static ol_expr *this_expr(builder *b, CXCursor c)
{
	if (b->inl.len && b->inl.items[b->inl.len - 1].self)
		return var_expr(b, b->inl.items[b->inl.len - 1].self,
				loc_of(b, c));
	if (b->this_var)
		return var_expr(b, b->this_var, loc_of(b, c));
	return lower_unknown(b, c, "this");
}

// The lambda a call operator is called on (`f(x)` with `auto f = [..]
// {..}`, or `[..]{..}()`), or a null cursor.
CXCursor cxx_lambda_of(CXCursor obj)
{
	CXCursor o = strip_all(obj);
	if (clang_getCursorKind(o) == CXCursor_LambdaExpr)
		return o;
	if (clang_getCursorKind(o) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	CXCursor d = clang_getCursorReferenced(o);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return clang_getNullCursor();
	CXCursor init = clang_Cursor_getVarDeclInitializer(d);
	if (clang_Cursor_isNull(init))
		return init;
	init = strip_all(init);
	return clang_getCursorKind(init) == CXCursor_LambdaExpr
		       ? init : clang_getNullCursor();
}

static ol_expr *null_of(builder *b, ol_type t, ol_loc loc)
{
	ol_expr *z = OL_NEW(b->a, ol_expr);
	z->kind = OL_E_NULL;
	z->loc = loc;
	z->type = t;
	return z;
}

// The object a member call `c` is made on (`o = x`, `o.reset()`) is a
// parameter taken by non-const lvalue reference: the caller's.
static bool caller_object(CXCursor c, unsigned first)
{
	CXCursor o = clang_getNullCursor();
	if (first) {
		o = clang_Cursor_getArgument(c, 0);
	} else {
		cursor_vec k = {0};
		children(c, &k);
		CXCursor callee = k.len ? call_callee(c, &k) : c;
		if (k.len && clang_getCursorKind(callee) ==
				     CXCursor_MemberRefExpr) {
			cursor_vec m = {0};
			children(callee, &m);
			if (m.len == 1)
				o = m.items[0];
			OL_VEC_FREE(&m);
		}
		OL_VEC_FREE(&k);
	}
	if (clang_Cursor_isNull(o))
		return false;
	o = strip_all(o);
	if (clang_getCursorKind(o) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(o);
	CXType t = clang_getCursorType(d);
	return clang_getCursorKind(d) == CXCursor_ParmDecl &&
	       t.kind == CXType_LValueReference &&
	       !clang_isConstQualifiedType(clang_getPointeeType(t));
}

// A member of a library owner called on its object `oe` (the handle).
static ol_expr *lib_member(builder *b, CXCursor c, CXCursor fdecl,
			   const cls_model *m, ol_expr *oe, unsigned first,
			   int nargs, ol_loc loc, bool *done)
{
	*done = true;
	const char *mn = intern_cx(b, clang_getCursorSpelling(fdecl));
	enum CXCursorKind fk = clang_getCursorKind(fdecl);
	oe->type = m->handle;
	if (fk == CXCursor_ConversionFunction || !strcmp(mn, "operator->") ||
	    !strcmp(mn, "operator bool"))
		return oe;
	if (!strcmp(mn, "operator*")) {
		ol_expr *d = mk(b, OL_E_DEREF, c);
		d->sub[0] = oe;
		return d;
	}
	if (!strcmp(mn, "operator=") && nargs > (int)first) {
		// Assignment: the new value first, then the old one released.
		CXCursor rc = clang_Cursor_getArgument(c, first);
		const cls_model *rm = cxx_model_of(b, clang_getCursorType(rc));
		ol_var *tv = new_temp(b, m->handle, loc);
		if (rm->kind != CLS_NONE)
			construct_into(b, tv, m, rc, NULL);
		else
			emit_assign(b, tv, lower_expr(b, rc, true), loc);
		live_obj o = {NULL, m, NULL, clang_getNullCursor()};
		if (oe->kind == OL_E_VAR && caller_object(c, first)) {
			// The caller's object (`nb::object &result`): what it
			// held and what it holds now are the caller's.
			cxx_escape(b, loc, "caller's object",
				   var_expr(b, tv, loc));
		} else if (oe->kind == OL_E_VAR) {
			o.var = oe->var;
			cxx_destroy(b, &o, loc);
		} else if (m->destroy && m->destroy[0] != '$') {
			emit_eval(b, synth_call(b, m->destroy, &oe, 1,
						void_type(b), loc));
		}
		emit_eval(b, assign_expr(b, oe, var_expr(b, tv, loc), loc));
		return oe;
	}
	const ol_kb_entry *e = cxx_member_entry(b, m->decl, mn, NULL, 0);
	switch (e ? e->cxx : OL_KB_CXX_NONE) {
	case OL_KB_CXX_GET:
		return oe;
	case OL_KB_CXX_TAKE: {
		ol_var *tv = new_temp(b, m->handle, loc);
		emit_assign(b, tv, oe, loc);
		emit_eval(b, assign_expr(b, oe, null_of(b, m->handle, loc), loc));
		return var_expr(b, tv, loc);
	}
	case OL_KB_CXX_RESET: {
		ol_expr *nv = nargs > (int)first
			? lower_expr(b, clang_Cursor_getArgument(c, first), true)
			: null_of(b, m->handle, loc);
		if (oe->kind == OL_E_VAR) {
			live_obj o = {oe->var, m, NULL, clang_getNullCursor()};
			cxx_destroy(b, &o, loc);
		}
		emit_eval(b, assign_expr(b, oe, nv, loc));
		return NULL;
	}
	case OL_KB_CXX_INCREF:
	case OL_KB_CXX_DECREF:
		emit_eval(b, synth_call(b, e->calls ? e->calls :
					e->cxx == OL_KB_CXX_INCREF ? "Py_XINCREF"
								   : "Py_XDECREF",
					&oe, 1, void_type(b), loc));
		return oe;
	default:
		break;
	}
	*done = false;
	return NULL;
}

// Hands lambda `lam` to the caller, to be lowered as a function of its
// own (a std::thread's body: `thread_body`).
static void hand_lambda(builder *b, CXCursor lam, bool thread_body)
{
	if (!b->opts->on_lambda)
		return;
	ol_loc l = loc_of(b, lam);
	b->opts->on_lambda(lam, ol_arena_printf(b->a, "%s::lambda@%u:%u",
						b->fn->name, l.line, l.col),
			   thread_body, b->opts->payload);
}

// `std::thread t(f, ...)` (or std::jthread) with f a lambda: its body
// runs in a new thread, which does not hold the GIL.
static void thread_bodies(builder *b, CXCursor c, CXCursor ctor)
{
	const char *q = cxx_qual_name(b, ctor, true);
	if (strcmp(q, "std::thread::thread") && strcmp(q, "std::jthread::jthread"))
		return;
	int n = clang_Cursor_getNumArguments(c);
	for (int i = 0; i < n; i++) {
		CXCursor lam =
			cxx_lambda_of(clang_Cursor_getArgument(c, (unsigned)i));
		if (!clang_Cursor_isNull(lam))
			hand_lambda(b, lam, true);
	}
}

/* ---- lambdas given to the standard algorithms ------------------------ */

// The standard algorithms that call their function argument on each
// element of [first, last): how many elements each call takes.
static int algorithm_arity(const char *q)
{
	static const char *const one[] = {
		"std::for_each", "std::for_each_n", "std::transform",
		"std::any_of", "std::all_of", "std::none_of", "std::find_if",
		"std::find_if_not", "std::count_if", "std::remove_if",
		"std::replace_if", "std::copy_if",
	};
	static const char *const two[] = {
		"std::sort", "std::stable_sort", "std::partial_sort",
		"std::min_element", "std::max_element", "std::is_sorted",
		"std::nth_element", "std::unique", "std::adjacent_find",
	};
	for (size_t i = 0; i < sizeof one / sizeof *one; i++)
		if (!strcmp(q, one[i]))
			return 1;
	for (size_t i = 0; i < sizeof two / sizeof *two; i++)
		if (!strcmp(q, two[i]))
			return 2;
	return 0;
}

// `std::for_each(first, last, [&](PyObject *o) { ... })` and its kin,
// the call `e` with its arguments lowered: the algorithm is a loop that
// calls the lambda on `*first`, then moves `first` on. The lambda's body
// is inlined there, so what it does to the elements and to their
// container is seen where the elements come from (a PyList_Append on the
// list whose PySequence_Fast_ITEMS the loop walks). Returns the call's
// value (unknown), or NULL when `c` is no such call.
ol_expr *cxx_algorithm(builder *b, CXCursor c, CXCursor fdecl, ol_expr *e)
{
	if (!b->cxx || e->nargs < 2 || clang_Cursor_isNull(fdecl))
		return NULL;
	int arity = algorithm_arity(cxx_qual_name(b, fdecl, true));
	if (!arity)
		return NULL;
	CXCursor lam = clang_getNullCursor();
	for (unsigned i = 2; i < e->nargs && clang_Cursor_isNull(lam); i++)
		lam = cxx_lambda_of(clang_Cursor_getArgument(c, i));
	if (clang_Cursor_isNull(lam) || e->args[0]->type.cls != OL_TY_POINTER)
		return NULL;
	ol_loc loc = e->loc;
	ol_var *it = new_temp(b, e->args[0]->type, loc);
	emit_assign(b, it, e->args[0], loc);
	for (unsigned i = 1; i < e->nargs; i++)
		emit_eval(b, e->args[i]);
	ol_block *head = new_block(b), *body = new_block(b),
		 *done = new_block(b);
	jump(b, head, NULL, loc);
	start(b, head);
	branch(b, cxx_unknown_at(b, loc, intern(b, cxx_qual_name(b, fdecl,
								  true))),
	       body, done, loc, "algorithm");
	start(b, body);
	ol_expr *args[2];
	for (int k = 0; k < arity; k++) {
		ol_expr *d = OL_NEW(b->a, ol_expr);
		d->kind = OL_E_DEREF;
		d->loc = loc;
		d->type = type_conv(b, clang_getPointeeType(
					       clang_getCursorType(
						       clang_Cursor_getArgument(c, 0))));
		d->sub[0] = var_expr(b, it, loc);
		args[k] = d;
	}
	bool ok;
	size_t nvars = b->vars.len;
	ol_expr *r = cxx_inline_rt(b, lam, NULL, args, NULL, (unsigned)arity,
				  loc, false, &ok,
				  clang_getResultType(clang_getCursorType(lam)));
	if (!ok) {
		// (not inlined: the elements go where the lambda takes them)
		for (int k = 0; k < arity; k++)
			cxx_escape(b, loc, "lambda", args[k]);
	} else if (r) {
		emit_eval(b, r);
	}
	// What the lambda's own variables still hold is the lambda's
	// business: its body, lowered as a function of its own, reports it.
	for (size_t i = nvars; ok && i < b->vars.len; i++)
		if (b->vars.items[i]->kind == OL_VAR_LOCAL)
			cxx_escape(b, loc, "lambda",
				   var_expr(b, b->vars.items[i], loc));
	ol_expr *one = OL_NEW(b->a, ol_expr);
	one->kind = OL_E_INT;
	one->loc = loc;
	one->ival = 1;
	one->type.cls = OL_TY_INT;
	ol_expr *next = OL_NEW(b->a, ol_expr);
	next->kind = OL_E_BINARY;
	next->op = OL_OP_ADD;
	next->loc = loc;
	next->type = it->type;
	next->sub[0] = var_expr(b, it, loc);
	next->sub[1] = one;
	emit_assign(b, it, next, loc);
	jump(b, head, NULL, loc);
	start(b, done);
	return cxx_unknown_at(b, loc, "algorithm");
}

static ol_expr *lower_cxx_call(builder *b, CXCursor c)
{
	CXCursor fdecl = clang_getCursorReferenced(c);
	enum CXCursorKind fk = clang_getCursorKind(fdecl);
	ol_loc loc = loc_of(b, c);
	int nargs = clang_Cursor_getNumArguments(c);
	if (nargs < 0)
		return NULL;
	if (fk == CXCursor_Constructor) {
		// An object of a class we do not follow: what its constructor
		// is given may be kept (its pointer arguments escape, as a
		// `void *` parameter's do).
		ol_expr *e = mk(b, OL_E_CALL, c);
		e->text = cxx_qual_name(b, fdecl, true);
		e->void_params = ~0u;
		e->nargs = (unsigned)nargs;
		e->args = OL_NEW_ARRAY(b->a, ol_expr *, nargs ? (size_t)nargs : 1);
		for (int i = 0; i < nargs; i++)
			e->args[i] = lower_expr(b, clang_Cursor_getArgument(
							c, (unsigned)i), true);
		thread_bodies(b, c, fdecl);
		cxx_after_call(b, fdecl, e->text, loc, e);
		return e;
	}
	if ((fk != CXCursor_CXXMethod && fk != CXCursor_ConversionFunction) ||
	    clang_CXXMethod_isStatic(fdecl))
		return NULL;
	CXCursor obj;
	unsigned first;
	if (!member_call_parts(c, &obj, &first))
		return NULL;
	// (a scope guard's member: `guard.dismiss()`)
	if (!clang_Cursor_isNull(obj) && cxx_scope_guard_dismissed(b, obj, loc))
		return cxx_unknown_at(b, loc, "dismissed");
	const char *name = cxx_fn_name(b, fdecl);
	// A lambda called directly: its body, here.
	CXCursor lam = clang_Cursor_isNull(obj) ? obj : cxx_lambda_of(obj);
	if (!clang_Cursor_isNull(lam)) {
		unsigned n = (unsigned)nargs - first;
		ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, n + 1);
		for (unsigned i = 0; i < n; i++)
			args[i] = lower_expr(b, clang_Cursor_getArgument(
							c, first + i), true);
		bool ok;
		ol_expr *r = cxx_inline_rt(b, lam, NULL, args, NULL, n, loc,
					   false, &ok, clang_getCursorType(c));
		if (ok)
			return r ? r : cxx_unknown_at(b, loc, "lambda");
	}
	const cls_model *m = clang_Cursor_isNull(obj)
		? &cxx_none_model : cxx_model_of(b, clang_getCursorType(obj));
	ol_expr *lib_oe = NULL; // (the object, lowered once)
	if (m->kind == CLS_LIB) {
		lib_oe = lower_expr(b, obj, true);
		bool done;
		ol_expr *r = lib_member(b, c, fdecl, m, lib_oe, first, nargs,
					loc, &done);
		if (done)
			return r ? r : cxx_unknown_at(b, loc, NULL);
	}
	ol_var *self = NULL;
	if (m->kind == CLS_GUARD || (clang_Cursor_isNull(obj) && b->inl.len))
		self = clang_Cursor_isNull(obj)
			       ? b->inl.items[b->inl.len - 1].self
			       : guard_object(b, obj);
	if (self) {
		CXCursor def = cxx_body_of(fdecl);
		const char *mn = intern_cx(b, clang_getCursorSpelling(fdecl));
		unsigned n = (unsigned)nargs - first;
		if (!strcmp(mn, "operator=") && clang_Cursor_isNull(def) &&
		    n == 1) {
			// The implicit assignment: field by field.
			CXCursor src = clang_Cursor_getArgument(c, first);
			CXCursor mvs = moved_from(src);
			from_object(b, self, m,
				    clang_Cursor_isNull(mvs) ? strip_all(src)
							     : mvs,
				    !clang_Cursor_isNull(mvs), loc);
			return var_expr(b, self, loc);
		}
		if (!clang_Cursor_isNull(def)) {
			ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, n + 1);
			ol_var **objs = OL_NEW_ARRAY(b->a, ol_var *, n + 1);
			for (unsigned i = 0; i < n; i++) {
				CXCursor a = clang_Cursor_getArgument(c, first + i);
				objs[i] = guard_object(b, a);
				if (!objs[i])
					args[i] = lower_expr(b, a, true);
				// (a temporary guard bound to a reference,
				// `o = Ref::take(p)`: the object itself)
				if (!objs[i] && args[i]->kind == OL_E_VAR &&
				    cxx_model_of(b, clang_getCursorType(a))
						    ->kind == CLS_GUARD)
					objs[i] = args[i]->var;
			}
			bool ok;
			ol_expr *r = inline_fn(b, def, self, args, objs, n, loc,
					       true, &ok);
			if (ok)
				return r ? r : cxx_unknown_at(b, loc, NULL);
		}
	}
	// Any other member call: `Class::m(&o, args...)`.
	ol_expr *e = mk(b, OL_E_CALL, c);
	e->text = name;
	e->attrs = ownership_attrs(b, fdecl);
	unsigned n = (unsigned)nargs - first;
	e->nargs = n + 1;
	e->args = OL_NEW_ARRAY(b->a, ol_expr *, n + 1);
	if (clang_Cursor_isNull(obj)) {
		e->args[0] = this_expr(b, c);
	} else {
		ol_expr *oe = lib_oe ? lib_oe : lower_expr(b, obj, true);
		CXType st = clang_getCanonicalType(clang_getCursorType(obj));
		if (st.kind == CXType_Record && m->kind != CLS_LIB) {
			ol_expr *ad = mk(b, OL_E_ADDR, obj);
			ad->sub[0] = oe;
			oe = ad;
		}
		e->args[0] = oe;
	}
	CXCursor *as = ol_xmalloc(sizeof(CXCursor) * (n + 1));
	for (unsigned i = 0; i < n; i++)
		as[i] = clang_Cursor_getArgument(c, first + i);
	for (unsigned i = 0; i < n; i++)
		e->args[i + 1] = lower_expr(b, as[i], true);
	free(as);
	// A member function we do not follow (a library's, even with its
	// body in a header) may keep what it is given (a container's
	// push_back): its pointer arguments escape.
	if (!cxx_followed(fdecl))
		e->void_params = ~1u;
	e->method = true;
	ol_expr *r = cxx_followed(fdecl) ? e : cxx_forget_written(b, c, first, e);
	cxx_after_call(b, fdecl, cxx_qual_name(b, fdecl, true), loc, e);
	return r;
}

ol_expr *lower_cxx_expr(builder *b, CXCursor c, bool want)
{
	(void)want;
	if (!b->cxx)
		return NULL;
	enum CXCursorKind k = clang_getCursorKind(c);
	switch (k) {
	case CXCursor_CXXThisExpr:
		return this_expr(b, c);
	case CXCursor_CXXThrowExpr: {
		cursor_vec kids = {0};
		expr_children(c, &kids);
		ol_loc loc = loc_of(b, c);
		for (size_t i = 0; i < kids.len; i++)
			emit_eval(b, lower_expr(b, kids.items[i], false));
		OL_VEC_FREE(&kids);
		flush_noreturn(b);
		cxx_unwind(b, loc);
		return cxx_unknown_at(b, loc, "throw");
	}
	case CXCursor_LambdaExpr:
		hand_lambda(b, c, false);
		return cxx_unknown_at(b, loc_of(b, c), "lambda");
	case CXCursor_CXXNewExpr: {
		ol_expr *e = lower_unknown(b, c, "new");
		if (!cxx_new_may_throw(b, c))
			return e;
		ol_loc loc = loc_of(b, c);
		cxx_after_call(b, clang_getNullCursor(), "operator new", loc,
			       NULL);
		// An allocation that throws when it fails never gives NULL
		// (`if (self->ops == 0)` after it is dead code).
		ol_var *t = new_temp(b, type_conv(b, clang_getCursorType(c)),
				     loc);
		emit_assign(b, t, e, loc);
		ol_block *got = new_block(b), *never = new_block(b);
		branch(b, var_expr(b, t, loc), got, never, loc, "new");
		start(b, never);
		seal(b, OL_TERM_NORETURN, NULL, loc, NULL);
		start(b, got);
		return var_expr(b, t, loc);
	}
	case CXCursor_MemberRefExpr: {
		CXCursor field = clang_getCursorReferenced(c);
		if (clang_getCursorKind(field) != CXCursor_FieldDecl)
			return NULL;
		cursor_vec kids = {0};
		expr_children(c, &kids);
		CXCursor base = kids.len == 1 ? kids.items[0]
					      : clang_getNullCursor();
		OL_VEC_FREE(&kids);
		ol_var *self = clang_Cursor_isNull(base)
			? (b->inl.len ? b->inl.items[b->inl.len - 1].self : NULL)
			: guard_object(b, base);
		if (self)
			return var_expr(b, field_var_of(b, self, field),
					loc_of(b, c));
		const cls_model *fm = cxx_model_of(b, clang_getCursorType(c));
		if (!clang_Cursor_isNull(base) && fm->kind != CLS_LIB)
			return NULL;
		ol_expr *be = clang_Cursor_isNull(base) ? this_expr(b, c)
							: lower_expr(b, base,
								     true);
		ol_expr *e = mk(b, OL_E_MEMBER, c);
		e->text = intern_cx(b, clang_getCursorSpelling(c));
		e->sub[0] = be;
		e->arrow = be->type.cls == OL_TY_POINTER;
		if (fm->kind == CLS_LIB)
			e->type = fm->handle;
		return e;
	}
	case CXCursor_CallExpr: {
		CXType t = clang_getCanonicalType(clang_getCursorType(c));
		// (A call returning a reference, `o = x` giving back `o`, is
		// an lvalue: no temporary.)
		CXType rt = clang_getCursorResultType(
			clang_getCursorReferenced(c));
		if (t.kind == CXType_Record &&
		    rt.kind != CXType_LValueReference &&
		    rt.kind != CXType_RValueReference) {
			const cls_model *m = cxx_model_of(b, t);
			if (m->kind != CLS_NONE)
				return temporary(b, c, m);
		}
		return lower_cxx_call(b, c);
	}
	default:
		return NULL;
	}
}

/* ---- return, goto, range-for, this ----------------------------------- */

// `return x;` moves x when it is a local object or a parameter passed by
// value (C++11 [class.copy.elision]). Anything else is copied, and so is a
// parameter of a function inlined at its call: there it stands for the
// caller's argument, which the caller destroys.
static bool implicit_move(const builder *b, CXCursor c)
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
	c = cxx_elide(strip_all(c));
	CXCursor f = clang_getCursorKind(c) == CXCursor_CallExpr
		? clang_getCursorReferenced(c) : clang_getNullCursor();
	if (clang_getCursorKind(f) == CXCursor_Constructor &&
	    clang_Cursor_getNumArguments(c) == 1 &&
	    (clang_CXXConstructor_isCopyConstructor(f) ||
	     clang_CXXConstructor_isMoveConstructor(f)))
		return strip_all(clang_Cursor_getArgument(c, 0));
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
	if (implicit_move(b, sv) &&
	    cxx_model_of(b, clang_getCursorType(sv)) == m) {
		ol_var *so = guard_object(b, sv);
		for (size_t i = depth; so && i < b->objs.len; i++)
			if (b->objs.items[i].var == so) {
				*kept = so;
				return var_expr(b, handle_var(b, so, m), loc);
			}
	}
	ol_var *r = new_temp(b, type_conv(b, clang_getCursorType(v)), loc);
	r->kind = OL_VAR_LOCAL;
	construct_into(b, r, m, v, NULL);
	return var_expr(b, handle_var(b, r, m), loc);
}

bool cxx_return(builder *b, CXCursor s, CXCursor *val)
{
	if (!b->cxx)
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
		CXCursor sv = clang_Cursor_isNull(v) ? v : strip_all(v);
		const cls_model *vm = clang_Cursor_isNull(v)
			? &cxx_none_model : cxx_model_of(b, clang_getCursorType(v));
		ol_var *kept = NULL;
		if (ic->ret && vm->kind == CLS_GUARD && vm->hfield) {
			emit_assign(b, ic->ret,
				    returned_guard(b, vm, v, ic->objs, loc,
						   &kept),
				    loc);
		} else if (ic->ret && vm->kind == CLS_LIB && is_lvalue_ref(sv)) {
			// the returned object, moved (a local, a by-value
			// parameter) or copied
			from_object(b, ic->ret, vm, sv, implicit_move(b, sv), loc);
		} else if (ic->ret && vm->kind == CLS_LIB) {
			construct_into(b, ic->ret, vm, v, NULL);
		} else if (!clang_Cursor_isNull(v)) {
			ol_expr *e = lower_expr(b, v, ic->ret != NULL);
			if (ic->ret && e)
				emit_assign(b, ic->ret, e, loc);
			else
				emit_eval(b, e);
		}
		flush_noreturn(b);
		temps_end(b, tt, loc);
		destroy_all_but(b, ic->objs, loc, kept);
		jump(b, ic->exit, NULL, loc);
		b->cur = NULL;
		return true;
	}
	CXType rt = clang_getCanonicalType(
		clang_getCursorResultType(b->fn_cursor));
	const cls_model *rm = cxx_model_of(b, rt);
	// A lambda's deduced result type: what it returns, by value.
	if (clang_getCursorKind(b->fn_cursor) == CXCursor_LambdaExpr &&
	    !clang_Cursor_isNull(v)) {
		CXType vt = clang_getCanonicalType(clang_getCursorType(v));
		if (vt.kind == CXType_Record)
			rm = cxx_model_of(b, vt);
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
			CXCursor sv = strip_all(v);
			if (is_lvalue_ref(sv))
				// (the implicit move of a local object; a
				// reference or a member is copied)
				from_object(b, t, rm, sv, implicit_move(b, sv),
					    loc);
			else
				construct_into(b, t, rm, v, NULL);
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
	destroy_all_but(b, 0, loc, kept);
	seal(b, OL_TERM_RETURN, e, loc, NULL);
	return true;
}

void cxx_goto(builder *b, CXCursor label, ol_loc at)
{
	if (!b->cxx || !b->objs.len)
		return;
	unsigned off = offset_of(clang_getCursorLocation(label));
	size_t depth = 0;
	for (size_t i = b->scopes.len; i-- > 0;) {
		scope_ent *se = &b->scopes.items[i];
		if (off >= se->begin && off < se->end) {
			depth = se->objs;
			break;
		}
	}
	destroy_down_to(b, depth, at);
}

// C++ `for (x : range) body`: a loop on an unknown condition; `x` and
// the range's objects are destroyed when the loop is left.
NOINLINE void lower_range_for(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len == 0)
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
