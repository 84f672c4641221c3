/*
 * cxx_call.c — C++ calls: inlining, members, lambdas, the standard
 * algorithms (see cxx.c for the whole lowering).
 *
 * A member call `o.m(x)` is `Class::m(&o, x)`, unless the object is
 * followed: a library owner's members do what the rules say (`get`,
 * `release`, `reset`, `=`), a guard's members are inlined with `this`
 * standing for the object. A lambda called directly is inlined at the
 * call; one given to a standard algorithm (for_each, transform, sort,
 * ...) is inlined in a loop over the elements; one given to std::thread
 * is lowered as a function of its own that starts without the GIL; any
 * other is handed to the caller to be lowered as a function of its own.
 * A small function of the file that throws (a check of a status, a
 * pointer, an error: cxx_exc.c) is inlined at its call, so that the path
 * that goes on has passed its test.
 *
 * Inlining binds the callee's parameters to the arguments (a guard object
 * passed by reference is the object itself), lowers its body in place and
 * returns its result as a variable. It stops at MAX_INLINE levels, at
 * recursion, and past INLINE_OPS_BUDGET operations in one function, so
 * that the lowering costs at most that much more than the function's own
 * text; what a body not inlined is given escapes.
 */
#include "build_int.h"

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

// The parameter declarations of function `fn`, in order, into `out`.
void cxx_params_of(CXCursor fn, cursor_vec *out)
{
	cursor_vec k = {0};
	children(fn, &k);
	out->len = 0;
	for (size_t i = 0; i < k.len; i++)
		if (clang_getCursorKind(k.items[i]) == CXCursor_ParmDecl)
			OL_VEC_PUSH(out, k.items[i]);
	OL_VEC_FREE(&k);
}

// Inlines the body of `fn` (a definition) at the current point, with
// `this` standing for `self` (may be NULL) and its parameters bound to
// `args` (an argument that is a guard object of a reference parameter
// names the object itself). Returns the result (a variable), NULL for
// none; *ok is false when `fn` cannot be inlined (recursion, depth).
// (cxx_inline_rt, build_int.h: the same with result type `rt`.)
ol_expr *cxx_inline_fn(builder *b, CXCursor fn, ol_var *self,
		       ol_expr **args, ol_var **objs, unsigned nargs,
		       ol_loc site, bool relocate, bool *ok)
{
	return cxx_inline_rt(b, fn, self, args, objs, nargs, site, relocate,
			     ok, clang_getResultType(clang_getCursorType(fn)));
}

static ol_expr *inline_body(builder *b, CXCursor cls, CXCursor fn,
			    ol_var *self, ol_expr **args, ol_var **objs,
			    unsigned nargs, ol_loc site, bool relocate,
			    bool *ok, CXType rt);

// The specialization a member called on `self` is lowered for: the
// object's class when it is one (`m`), else that of the member being
// inlined on the same object (`release()` called by the destructor).
static CXCursor self_class(const builder *b, const cls_model *m,
			   const ol_var *self)
{
	if (m && m->kind == CLS_GUARD &&
	    cxx_is_class_kind(clang_getCursorKind(m->spec)))
		return m->spec;
	if (self && b->inl.len && b->inl.items[b->inl.len - 1].self == self)
		return b->inl.items[b->inl.len - 1].cls;
	return clang_getNullCursor();
}

// Parameter `parm` is a pointer whose default argument is a null pointer
// constant (`0`, `nullptr`, `NULL`).
static bool default_is_null(CXCursor parm)
{
	if (clang_getCanonicalType(clang_getCursorType(parm)).kind !=
	    CXType_Pointer)
		return false;
	cursor_vec k = {0};
	children(parm, &k);
	CXCursor d = k.len ? k.items[k.len - 1] : clang_getNullCursor();
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(d) || !clang_isExpression(clang_getCursorKind(d)))
		return false;
	return cxx_null_literal(d);
}

ol_expr *cxx_inline_member(builder *b, const cls_model *m, CXCursor fn,
			   ol_var *self, ol_expr **args, ol_var **objs,
			   unsigned nargs, ol_loc site, bool *ok)
{
	return inline_body(b, self_class(b, m, self), fn, self, args, objs,
			   nargs, site, true, ok,
			   clang_getResultType(clang_getCursorType(fn)));
}

ol_expr *cxx_inline_rt(builder *b, CXCursor fn, ol_var *self,
		       ol_expr **args, ol_var **objs, unsigned nargs,
		       ol_loc site, bool relocate, bool *ok, CXType rt)
{
	return inline_body(b, self_class(b, NULL, self), fn, self, args, objs,
			   nargs, site, relocate, ok, rt);
}

static ol_expr *inline_body(builder *b, CXCursor cls, CXCursor fn,
			    ol_var *self, ol_expr **args, ol_var **objs,
			    unsigned nargs, ol_loc site, bool relocate,
			    bool *ok, CXType rt)
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
	cxx_params_of(fn, &ps);
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
				ol_expr *a = args[i];
				// (A pointer parameter's default `= 0` or `=
				// nullptr`, which libclang does not evaluate
				// for us: vigra's `reset(pointer p = 0)`.)
				if (a->kind == OL_E_UNKNOWN && !a->nargs &&
				    default_is_null(ps.items[i]))
					a = cxx_null_of(b, pv->type, site);
				emit_assign(b, pv, a, site);
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
			 b->jumps.len, relocate ? site : (ol_loc){0}, cls};
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

// The call `e` of the throwing check `fdecl` (cxx_is_throwing_check), or
// of a short function given as a template argument (expr.c), its
// arguments lowered: its body, inlined here. Returns its value (a
// void call: an unknown), or NULL when it cannot be inlined.
ol_expr *cxx_inline_check(builder *b, CXCursor fdecl, ol_expr *e)
{
	bool ok;
	ol_expr *r = cxx_inline_fn(b, cxx_body_of(fdecl), NULL, e->args, NULL,
				   e->nargs, e->loc, true, &ok);
	if (!ok)
		return NULL;
	return r ? r : cxx_unknown_at(b, e->loc, "void");
}

static CXCursor base_ctor_of(CXCursor ref, CXCursor init, cursor_vec *args);

// A base class's initializer `Base(cast(o))` (named by `ref`) in the
// constructor inlined on `self`: the base's constructor, inlined on the
// same object (the base's fields are the object's). In a class
// template's pattern, where clang leaves the initializer unresolved
// (ora's `ref<T>(PyObject *o) : baseref(o)`), the base's constructor the
// arguments fit best (base_ctor_of).
static void lower_base_init(builder *b, CXCursor ref, CXCursor init,
			    ol_var *self)
{
	cursor_vec as = {0};
	CXCursor ctor = base_ctor_of(ref, init, &as);
	if (clang_getCursorKind(ctor) != CXCursor_Constructor ||
	    as.len > 16) {
		OL_VEC_FREE(&as);
		return;
	}
	ol_expr *args[16];
	for (size_t i = 0; i < as.len; i++)
		args[i] = lower_expr(b, as.items[i], true);
	bool ok;
	cxx_inline_fn(b, ctor, self, args, NULL, (unsigned)as.len,
		      loc_of(b, init), true, &ok);
	OL_VEC_FREE(&as);
}

// The constructor a base initializer `Base(args)` calls, and its
// arguments: the one clang resolved, or, in a template's pattern where
// the base is dependent (nifi's `List<R>(PyObject *object) :
// ReferenceHolder<R>(object)`), the base's constructor of that arity the
// arguments fit best (none on a tie; copies and moves left out).
static CXCursor base_ctor_of(CXCursor ref, CXCursor init, cursor_vec *args)
{
	CXCursor none = clang_getNullCursor();
	CXCursor call = strip(init);
	if (clang_getCursorKind(call) == CXCursor_CallExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(call)) ==
		    CXCursor_Constructor) {
		int n = clang_Cursor_getNumArguments(call);
		for (int i = 0; i < n; i++)
			OL_VEC_PUSH(args, clang_Cursor_getArgument(
						  call, (unsigned)i));
		return n < 0 ? none : clang_getCursorReferenced(call);
	}
	// (the unresolved `(object)`, a list of the arguments as written)
	if (clang_getCursorKind(init) != CXCursor_UnexposedExpr)
		return none;
	expr_children(init, args);
	if (!args->len)
		return none;
	cursor_vec ctors = {0};
	cxx_value_ctors(clang_getCursorReferenced(ref), &ctors);
	CXCursor best = cxx_best_fitting(ctors.items, ctors.len, args->items,
					 args->len);
	OL_VEC_FREE(&ctors);
	return best;
}

// A base initializer in a constructor analysed as a function of its own
// (no object inlined): a call of the base's constructor of the project on
// `this`, so that what it takes over (a pointer it stores for its
// destructor to release) the derived constructor takes over too.
static void call_base_ctor(builder *b, CXCursor ref, CXCursor init)
{
	cursor_vec args = {0};
	CXCursor ctor = base_ctor_of(ref, init, &args);
	CXCursor def = clang_Cursor_isNull(ctor) ? ctor : cxx_body_of(ctor);
	// (A constructor taking a template's type parameter, `holder(T v)`,
	// has a summary of its pattern, where T is no object: what it does
	// to the object a specialization gives it is not known here, and
	// the initializer is left alone, as before.)
	bool generic = false;
	CXCursor pat = clang_Cursor_isNull(ctor)
			       ? ctor : clang_getSpecializedCursorTemplate(ctor);
	CXCursor proto = clang_Cursor_isNull(pat) ? ctor : pat;
	for (int i = 0; !clang_Cursor_isNull(proto) &&
			i < clang_Cursor_getNumArguments(proto); i++) {
		CXType pt = clang_getCanonicalType(clang_getCursorType(
			clang_Cursor_getArgument(proto, (unsigned)i)));
		generic = generic || pt.kind == CXType_Unexposed ||
			  clang_getCanonicalType(clang_getPointeeType(pt)).kind ==
				  CXType_Unexposed;
	}
	// (A constructor defined in another file, signalblocks'
	// `SafePythonObject(PyObject *ptr)`, C++ round 100, is called too:
	// that file's summary, or none, says what it keeps.)
	CXCursor at = clang_Cursor_isNull(def) ? ctor : def;
	// (A library owner's, `std::unique_ptr<PyObject, Deleter>(o)` under
	// py2cpp's `PyPtr(PyObject *o) : _PyPtr(o) {}`, C++ round 103: the
	// base holds `o`, a store into the object the derived constructor
	// makes, which a Py_XINCREF after it pays for in a copy
	// constructor's `_PyPtr(c.get()) { Py_XINCREF(c.get()); }`.)
	const cls_model *bm = cxx_model_of(b, clang_getCursorType(ref));
	if (!clang_Cursor_isNull(at) && b->this_var && !generic &&
	    clang_Location_isInSystemHeader(clang_getCursorLocation(at)) &&
	    bm->kind == CLS_LIB && bm->destroy && args.len >= 1 &&
	    clang_getCanonicalType(clang_getCursorType(args.items[0])).kind ==
		    CXType_Pointer) {
		ol_loc l = loc_of(b, init);
		ol_expr *lhs = mk(b, OL_E_MEMBER, ref);
		lhs->text = bm->lib;
		lhs->sub[0] = var_expr(b, b->this_var, l);
		lhs->arrow = true;
		lhs->type = bm->handle;
		emit_eval(b, assign_expr(b, lhs, lower_expr(b, args.items[0], true),
					 l));
		OL_VEC_FREE(&args);
		return;
	}
	if (clang_Cursor_isNull(at) || !b->this_var || generic ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(at))) {
		OL_VEC_FREE(&args);
		return;
	}
	ol_loc loc = loc_of(b, init);
	ol_expr *e = mk(b, OL_E_CALL, init);
	e->text = cxx_fn_name(b, ctor);
	e->callee_sig = func_sig(b, clang_getCursorType(proto));
	e->callee_overload = func_overload(b, proto);
	// (not `ctor`: the object is this one, not another that keeps
	// what it is given, and what the base's constructor takes over,
	// this constructor takes over. With no summary, one of a header
	// that is not analysed, its pointer arguments escape: they may
	// be kept.)
	e->method = true;
	e->void_params = ~1u;
	e->nargs = (unsigned)args.len + 1;
	e->args = OL_NEW_ARRAY(b->a, ol_expr *, args.len + 1);
	e->args[0] = var_expr(b, b->this_var, loc);
	for (size_t i = 0; i < args.len; i++)
		e->args[i + 1] = lower_expr(b, args.items[i], true);
	emit_eval(b, e);
	OL_VEC_FREE(&args);
}

// `self.field = init` (or `this->field = init` when `self` is NULL), a
// member initializer's or a default member initializer's.
static void lower_field_init(builder *b, CXCursor ref, CXCursor field,
			     CXCursor init, ol_var *self)
{
	ol_loc l = loc_of(b, init);
	if (self) {
		ol_var *fv = cxx_field_var_of(b, self, field);
		emit_assign(b, fv, lower_expr(b, init, true), l);
		return;
	}
	// The constructor analysed as a function: `this->p = init` (a
	// parameter linked into a field the class does not own: evaluated
	// only, cxx_unowned_field_store).
	if (cxx_unowned_field_store(field, init)) {
		emit_eval(b, lower_expr(b, init, true));
		return;
	}
	ol_expr *lhs = mk(b, OL_E_MEMBER, ref);
	lhs->text = intern_cx(b, clang_getCursorSpelling(field));
	lhs->sub[0] = var_expr(b, b->this_var, l);
	lhs->arrow = true;
	lhs->type = type_conv(b, clang_getCursorType(field));
	ol_expr *rhs = lower_expr(b, init, true);
	emit_eval(b, assign_expr(b, lhs, rhs, l));
}

// A field's default member initializer (`PyThreadState *ts{nullptr};`,
// `PyObject *o = nullptr;`): its one expression, or a null cursor. A
// braced one with one element is that element; `{}` is left alone.
static CXCursor default_member_init(CXCursor field)
{
	if (clang_Cursor_isBitField(field))
		return clang_getNullCursor();
	cursor_vec k = {0};
	children(field, &k);
	CXCursor init = clang_getNullCursor();
	if (k.len && clang_isExpression(clang_getCursorKind(k.items[k.len - 1])))
		init = k.items[k.len - 1];
	OL_VEC_FREE(&k);
	if (!clang_Cursor_isNull(init) &&
	    clang_getCursorKind(init) == CXCursor_InitListExpr) {
		cursor_vec e = {0};
		expr_children(init, &e);
		init = e.len == 1 ? e.items[0] : clang_getNullCursor();
		OL_VEC_FREE(&e);
	}
	return init;
}

typedef struct {
	const cursor_vec *listed; // the fields the constructor initializes
	cursor_vec *out;	  // the others with a default initializer
} nsdmi_visit;

static enum CXChildVisitResult collect_nsdmi(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	nsdmi_visit *v = data;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	for (size_t i = 0; i < v->listed->len; i++)
		if (clang_equalCursors(v->listed->items[i], c))
			return CXChildVisit_Continue;
	if (!clang_Cursor_isNull(default_member_init(c)))
		OL_VEC_PUSH(v->out, c);
	return CXChildVisit_Continue;
}

// A constructor's member initializers: `p(o)` is `self.p = o` (or
// `this->p = o` when `self` is NULL); a base class's, its constructor on
// `self` too. Then the default member initializers of the fields it does
// not name (`PyThreadState *_ts{nullptr};`: a guard made again in each
// turn of a loop starts from NULL, not from the last turn's value).
void lower_ctor_inits(builder *b, CXCursor fn, ol_var *self)
{
	cursor_vec k = {0}, listed = {0}, defaults = {0};
	children(fn, &k);
	for (size_t i = 0; i + 1 < k.len; i++)
		if (clang_getCursorKind(k.items[i]) == CXCursor_MemberRef)
			OL_VEC_PUSH(&listed,
				    clang_getCursorReferenced(k.items[i]));
	nsdmi_visit nv = {&listed, &defaults};
	clang_visitChildren(clang_getCursorSemanticParent(fn), collect_nsdmi,
			    &nv);
	for (size_t i = 0; i + 1 < k.len; i++) {
		enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
		if ((kk == CXCursor_TypeRef || kk == CXCursor_TemplateRef) &&
		    clang_isExpression(clang_getCursorKind(k.items[i + 1]))) {
			// (`Base<R>(object)`: the template's arguments come
			// first, the initializer last)
			size_t j = i + 1;
			while (kk == CXCursor_TemplateRef && j + 1 < k.len &&
			       clang_isExpression(
				       clang_getCursorKind(k.items[j + 1])))
				j++;
			if (self)
				lower_base_init(b, k.items[i], k.items[j], self);
			else
				call_base_ctor(b, k.items[i], k.items[j]);
			i = j;
			continue;
		}
		if (kk != CXCursor_MemberRef)
			continue;
		CXCursor init = k.items[i + 1];
		if (!clang_isExpression(clang_getCursorKind(init)))
			continue;
		CXCursor field = clang_getCursorReferenced(k.items[i]);
		if (clang_getCursorKind(field) != CXCursor_FieldDecl)
			continue;
		lower_field_init(b, k.items[i], field, init, self);
	}
	for (size_t i = 0; i < defaults.len; i++)
		lower_field_init(b, defaults.items[i], defaults.items[i],
				 default_member_init(defaults.items[i]), self);
	OL_VEC_FREE(&k);
	OL_VEC_FREE(&listed);
	OL_VEC_FREE(&defaults);
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
		// (`this->m()` is `m()`: the object is the one whose member
		// is being lowered, inlined or not)
		if (m.len == 1 && clang_getCursorKind(cxx_strip_all(
					  m.items[0])) != CXCursor_CXXThisExpr)
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

// The declaration a name refers to (`i`, `v`, `this->v`), or a null
// cursor.
static CXCursor named_decl(CXCursor c)
{
	c = cxx_strip_all(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr
		? clang_getCanonicalCursor(clang_getCursorReferenced(c))
		: clang_getNullCursor();
}

// The loop bound `b` as the call it is or was made of: `v.size()`, or
// that of a local `n` declared `int n = v.size();` (xmipp's `size`).
static CXCursor size_of_bound(CXCursor b)
{
	b = cxx_strip_all(b);
	CXCursor d = clang_getCursorKind(b) == CXCursor_DeclRefExpr
			     ? clang_getCursorReferenced(b)
			     : clang_getNullCursor();
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return b;
	cursor_vec k = {0};
	children(d, &k);
	CXCursor init = k.len ? cxx_strip_all(k.items[k.len - 1]) : b;
	OL_VEC_FREE(&k);
	return init;
}

// `v.at(i)` inside `for (..; i < v.size(); ..)`: the index is in range,
// and `at` does not throw (qcalculator's and xmipp's loops over a
// vector, C++ rounds 71 and 77), or `i < n` with `n` declared as
// `v.size()`. The container and the index are named alike in the loop's
// test (a change of either, or of `n`, in the body is not looked for).
static bool index_bounded_by_loop(builder *b, CXCursor call, CXCursor obj)
{
	if (clang_Cursor_isNull(obj) || !b->for_conds.len ||
	    clang_Cursor_getNumArguments(call) != 1)
		return false;
	CXString sp = clang_getCursorSpelling(call);
	bool at = clang_getCString(sp) && !strcmp(clang_getCString(sp), "at");
	clang_disposeString(sp);
	CXCursor vd = named_decl(obj);
	CXCursor id = named_decl(clang_Cursor_getArgument(call, 0));
	if (!at || clang_Cursor_isNull(vd) || clang_Cursor_isNull(id))
		return false;
	for (size_t i = b->for_conds.len; i-- > 0;) {
		CXCursor cond = cxx_strip_all(b->for_conds.items[i]);
		if (clang_getCursorKind(cond) != CXCursor_BinaryOperator ||
		    clang_getCursorBinaryOperatorKind(cond) !=
			    CXBinaryOperator_LT)
			continue;
		cursor_vec k = {0};
		children(cond, &k);
		bool yes = false;
		if (k.len == 2 &&
		    clang_equalCursors(named_decl(k.items[0]), id)) {
			CXCursor size = size_of_bound(k.items[1]);
			CXString n = clang_getCursorSpelling(size);
			CXCursor so;
			unsigned first;
			yes = clang_getCursorKind(size) == CXCursor_CallExpr &&
			      clang_getCString(n) &&
			      !strcmp(clang_getCString(n), "size") &&
			      member_call_parts(size, &so, &first) &&
			      clang_equalCursors(named_decl(so), vd);
			clang_disposeString(n);
		}
		OL_VEC_FREE(&k);
		if (yes)
			return true;
	}
	return false;
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
	CXCursor o = cxx_strip_all(obj);
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
	init = cxx_strip_all(init);
	return clang_getCursorKind(init) == CXCursor_LambdaExpr
		       ? init : clang_getNullCursor();
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
	o = cxx_strip_all(o);
	if (clang_getCursorKind(o) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(o);
	CXType t = clang_getCursorType(d);
	return clang_getCursorKind(d) == CXCursor_ParmDecl &&
	       t.kind == CXType_LValueReference &&
	       !clang_isConstQualifiedType(clang_getPointeeType(t));
}

// Where `oe = ..` or `oe.reset(..)` stores a new value: a member of the
// owner's class type (`ref = make();` in a constructor's body: papaya2's
// MinkValReturnData; `m_upPyObject.reset(p)` of a std::unique_ptr member:
// PyLiaison's Object, C++ round 112) is stored as its initializer stores
// it: an object, destroyed by its own destructor when the constructor
// throws. Anything else is `oe` itself.
static ol_expr *owner_member_lhs(builder *b, CXCursor c, const cls_model *m,
				 ol_expr *oe)
{
	if (oe->kind != OL_E_MEMBER)
		return oe;
	ol_expr *lhs = mk(b, OL_E_MEMBER, c);
	*lhs = *oe;
	lhs->type = type_conv(b, clang_getCursorType(m->decl));
	lhs->owner_object = true;
	return lhs;
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
	// A conversion to a value that is no pointer (pybind11's `int n =
	// py::int_(o)`, `std::string s = py::str(o)`) copies the value out
	// of the object: no handle, nothing used after the object dies.
	// (`operator bool` tests the handle.)
	if (fk == CXCursor_ConversionFunction && strcmp(mn, "operator bool") &&
	    clang_getCanonicalType(clang_getCursorResultType(fdecl)).kind !=
		    CXType_Pointer) {
		emit_eval(b, oe);
		return cxx_unknown_at(b, loc, "conversion");
	}
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
			cxx_construct_into(b, tv, m, rc, NULL);
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
			emit_eval(b, cxx_synth_call(b, m->destroy, &oe, 1,
						    cxx_void_type(b), loc));
		} else if (!m->destroy) {
			// A non-owning handle kept in memory (nanobind's
			// `t->self = self` into a ticket's `handle`): it takes
			// no reference and gives none, as its type says; the
			// store is no hand-over (no MOJO-BOR-202).
			emit_eval(b, oe);
			return oe;
		}
		emit_eval(b, assign_expr(b, owner_member_lhs(b, c, m, oe),
					 var_expr(b, tv, loc), loc));
		return oe;
	}
	const ol_kb_entry *e = cxx_member_entry(b, m->decl, mn, NULL, 0);
	switch (e ? e->cxx : OL_KB_CXX_NONE) {
	case OL_KB_CXX_GET:
		return oe;
	case OL_KB_CXX_TAKE: {
		ol_var *tv = new_temp(b, m->handle, loc);
		emit_assign(b, tv, oe, loc);
		emit_eval(b, assign_expr(b, oe, cxx_null_of(b, m->handle, loc),
					 loc));
		return var_expr(b, tv, loc);
	}
	case OL_KB_CXX_RESET: {
		ol_expr *nv = nargs > (int)first
			? lower_expr(b, clang_Cursor_getArgument(c, first), true)
			: cxx_null_of(b, m->handle, loc);
		// The caller's object (py2cpp's `out.reset(po)` of a `PyPtr
		// &out`, C++ round 103): what it held and what it holds now
		// are the caller's, as for `out = ..` above.
		if (oe->kind == OL_E_VAR && caller_object(c, first)) {
			cxx_escape(b, loc, "caller's object", nv);
			return NULL;
		}
		if (oe->kind == OL_E_VAR) {
			live_obj o = {oe->var, m, NULL, clang_getNullCursor()};
			cxx_destroy(b, &o, loc);
		}
		emit_eval(b, assign_expr(b, owner_member_lhs(b, c, m, oe), nv,
					 loc));
		return NULL;
	}
	case OL_KB_CXX_INCREF:
	case OL_KB_CXX_DECREF:
		emit_eval(b, cxx_synth_call(b, e->calls ? e->calls :
					    e->cxx == OL_KB_CXX_INCREF ? "Py_XINCREF"
								   : "Py_XDECREF",
					    &oe, 1, cxx_void_type(b), loc));
		return oe;
	default:
		break;
	}
	*done = false;
	return NULL;
}

// Hands lambda `lam` to the caller, to be lowered as a function of its
// own (`how`: build.h's OL_LAMBDA_*).
static void hand_lambda(builder *b, CXCursor lam, unsigned how)
{
	if (!b->opts->on_lambda)
		return;
	ol_loc l = loc_of(b, lam);
	b->opts->on_lambda(lam, ol_arena_printf(b->a, "%s::lambda@%u:%u",
						b->fn->name, l.line, l.col),
			   how, b->opts->payload);
}

typedef struct gil_object_scan {
	builder *b;
	bool found;
} gil_object_scan;

// A local of a library's GIL class (pybind11's or nanobind's
// `gil_scoped_acquire`), whose constructor takes the GIL in a way the
// rules do not describe.
static enum CXChildVisitResult find_gil_object(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	gil_object_scan *g = data;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		CXType t = clang_getCanonicalType(clang_getCursorType(c));
		CXCursor d = clang_getTypeDeclaration(t);
		if (!clang_Cursor_isNull(d) &&
		    strstr(cxx_qual_name(g->b, d, true), "gil_scoped_acquire")) {
			g->found = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

// `std::thread t(f, ...)` (or std::jthread) with f a lambda: its body
// runs in a new thread, which does not hold the GIL. (Unless it makes a
// library's `gil_scoped_acquire`, which the analysis does not follow:
// then what the body holds is not said, rather than every call in it
// reported.)
static void thread_bodies(builder *b, CXCursor c, CXCursor ctor)
{
	const char *q = cxx_qual_name(b, ctor, true);
	if (strcmp(q, "std::thread::thread") && strcmp(q, "std::jthread::jthread"))
		return;
	int n = clang_Cursor_getNumArguments(c);
	for (int i = 0; i < n; i++) {
		CXCursor lam =
			cxx_lambda_of(clang_Cursor_getArgument(c, (unsigned)i));
		if (clang_Cursor_isNull(lam))
			continue;
		gil_object_scan g = {b, false};
		clang_visitChildren(lam, find_gil_object, &g);
		hand_lambda(b, lam, g.found ? 0 : OL_LAMBDA_THREAD);
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
// value (unknown), or NULL when `c` is no such call. (The call's name is
// the library's full name, cxx_call_name(); the lambda comes after
// `first` and `last`.)
ol_expr *cxx_algorithm(builder *b, CXCursor c, ol_expr *e)
{
	if (!b->cxx || e->nargs < 3 || !e->text)
		return NULL;
	int arity = algorithm_arity(e->text);
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
	branch(b, cxx_unknown_at(b, loc, e->text), body, done, loc,
	       "algorithm");
	start(b, body);
	ol_expr *args[2];
	CXType elem = clang_getPointeeType(
		clang_getCursorType(clang_Cursor_getArgument(c, 0)));
	for (int k = 0; k < arity; k++) {
		ol_expr *d = OL_NEW(b->a, ol_expr);
		d->kind = OL_E_DEREF;
		d->loc = loc;
		d->type = type_conv(b, elem);
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
	ol_expr *next = OL_NEW(b->a, ol_expr);
	next->kind = OL_E_BINARY;
	next->op = OL_OP_ADD;
	next->loc = loc;
	next->type = it->type;
	next->sub[0] = var_expr(b, it, loc);
	next->sub[1] = int_expr(b, 1, loc);
	emit_assign(b, it, next, loc);
	jump(b, head, NULL, loc);
	start(b, done);
	return cxx_unknown_at(b, loc, "algorithm");
}

/* ---- owners defined elsewhere --------------------------------------- */

// Type `t` (or what it points to) is a class of the project whose
// destructor is declared but defined in another file: an owner whose
// members this file cannot follow (IcePy's PyObjectHandle).
static bool opaque_owner_class(CXType t)
{
	t = clang_getCanonicalType(clang_getNonReferenceType(t));
	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	CXCursor cls = clang_getTypeDeclaration(t);
	if (!cxx_is_class_kind(clang_getCursorKind(cls)) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(cls)))
		return false;
	CXCursor dt = cxx_class_member(cls, CXCursor_Destructor, NULL);
	return !clang_Cursor_isNull(dt) && !clang_CXXMethod_isDefaulted(dt) &&
	       clang_Cursor_isNull(cxx_body_of(dt));
}

/* ---- getters --------------------------------------------------------- */

// The field a member function only returns (`PyObject *get() { return
// m_obj; }`, `operator PyObject *() const { return (PyObject *)
// this->_var; }`): a pointer field of `this`, read as it is at each call.
// A null cursor for anything else (a virtual member may be overridden).
static CXCursor getter_field(CXCursor fdecl)
{
	CXCursor none = clang_getNullCursor();
	CXCursor def = cxx_body_of(fdecl);
	if (clang_Cursor_isNull(def) || clang_CXXMethod_isVirtual(fdecl) ||
	    clang_CXXMethod_isStatic(fdecl) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(def)) ||
	    clang_Cursor_getNumArguments(def) != 0 ||
	    clang_getCanonicalType(clang_getCursorResultType(def)).kind !=
		    CXType_Pointer)
		return none;
	CXCursor body = fn_body(def);
	cursor_vec k = {0};
	if (!clang_Cursor_isNull(body))
		children(body, &k);
	CXCursor ret = k.len == 1 ? k.items[0] : none;
	OL_VEC_FREE(&k);
	if (clang_getCursorKind(ret) != CXCursor_ReturnStmt)
		return none;
	children(ret, &k);
	CXCursor e = k.len == 1 ? k.items[0] : none;
	OL_VEC_FREE(&k);
	for (int depth = 0; depth < 8 && !clang_Cursor_isNull(e); depth++) {
		enum CXCursorKind ek = clang_getCursorKind(e);
		if (ek != CXCursor_UnexposedExpr && ek != CXCursor_ParenExpr &&
		    ek != CXCursor_CStyleCastExpr &&
		    ek != CXCursor_CXXStaticCastExpr &&
		    ek != CXCursor_CXXReinterpretCastExpr &&
		    ek != CXCursor_CXXConstCastExpr)
			break;
		expr_children(e, &k);
		e = k.len == 1 ? k.items[0] : none;
		OL_VEC_FREE(&k);
	}
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return none;
	CXCursor field = clang_getCursorReferenced(e);
	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return none;
	expr_children(e, &k);
	bool of_this = !k.len || (k.len == 1 && clang_getCursorKind(cxx_strip_all(
					   k.items[0])) == CXCursor_CXXThisExpr);
	OL_VEC_FREE(&k);
	return of_this ? field : none;
}

bool cxx_null_literal(CXCursor c)
{
	c = cxx_strip_all(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_GNUNullExpr)
		return true;
	long long v;
	return k == CXCursor_IntegerLiteral && eval_int(c, &v) && v == 0;
}

// `oe == NULL` (`eq`) or `oe != NULL`, NULL of oe's type.
static ol_expr *null_compare(builder *b, ol_expr *oe, bool eq, ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_BINARY;
	e->op = eq ? OL_OP_EQ : OL_OP_NE;
	e->loc = loc;
	e->type.cls = OL_TY_INT;
	e->sub[0] = oe;
	e->sub[1] = cxx_null_of(b, oe->type, loc);
	return e;
}

// `p == nullptr` and `p != nullptr` on a library owner (std::unique_ptr's
// free `operator==`): its handle compared with NULL, a test of it (a
// member operator of the owner is lib_member's).
static ol_expr *lib_null_compare(builder *b, CXCursor c, CXCursor fdecl,
				 int nargs, ol_loc loc)
{
	if (nargs != 2 || clang_getCursorKind(fdecl) == CXCursor_CXXMethod)
		return NULL;
	const char *mn = intern_cx(b, clang_getCursorSpelling(fdecl));
	bool eq = !strcmp(mn, "operator==");
	if (!eq && strcmp(mn, "operator!="))
		return NULL;
	for (unsigned i = 0; i < 2; i++) {
		CXCursor o = clang_Cursor_getArgument(c, i);
		if (!cxx_null_literal(clang_Cursor_getArgument(c, 1 - i)))
			continue;
		const cls_model *m = cxx_model_of(b, clang_getCursorType(o));
		if (m->kind != CLS_LIB)
			continue;
		ol_expr *oe = lower_expr(b, o, true);
		oe->type = m->handle;
		return null_compare(b, oe, eq, loc);
	}
	return NULL;
}

// `new T(args)` of a class the lowering follows (a guard whose
// destructor releases what it holds, sems' `new SCPyDictArg(locals)`):
// the object lives on the heap until someone deletes it, so its
// constructor runs on no full-expression temporary, destroyed at the end
// of the statement; what the object holds is kept there. NULL for any
// other `new`.
static ol_expr *new_of_followed_class(builder *b, CXCursor c)
{
	cursor_vec k = {0};
	expr_children(c, &k);
	CXCursor init = k.len == 1 ? cxx_strip_all(k.items[0])
				   : clang_getNullCursor();
	OL_VEC_FREE(&k);
	if (clang_getCursorKind(init) != CXCursor_CallExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(init)) !=
		    CXCursor_Constructor)
		return NULL;
	const cls_model *m = cxx_model_of(b, clang_getCursorType(init));
	if (m->kind == CLS_NONE)
		return NULL;
	cxx_construct_on_heap(b, init, m);
	ol_expr *e = mk(b, OL_E_UNKNOWN, c);
	e->text = "new";
	return e;
}

// A member called on `c ? py::cast(v) : py::none()` whose type depends on
// a template's parameter (`(..).release()`, `(..).ptr()`), on what such
// a member returns (`(..).release().ptr()`), or on a call of a function
// chosen by its arguments (`edges(ax).ptr()`): a member of the owner
// an arm makes (cxx_owner_arm) or the function returns, found by its
// name; *m its model.
static CXCursor dependent_owner_method(builder *b, CXCursor c,
				       const cls_model **m, int depth)
{
	cursor_vec k = {0};
	children(c, &k);
	CXCursor callee = k.len ? strip(call_callee(c, &k)) : c;
	OL_VEC_FREE(&k);
	CXCursor found = clang_getNullCursor();
	if (depth > 4 || clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
		return found;
	cursor_vec o = {0};
	expr_children(callee, &o);
	CXCursor base = o.len == 1 ? cxx_strip_all(o.items[0]) : callee;
	OL_VEC_FREE(&o);
	CXType t;
	bool owner = false;
	if (clang_getCursorKind(base) == CXCursor_ConditionalOperator) {
		owner = cxx_owner_arm(b, base, &t, m);
	} else if (clang_getCursorKind(base) == CXCursor_CallExpr &&
		   clang_Cursor_isNull(clang_getCursorReferenced(base))) {
		// (`edges(ax).ptr()`: what the function chosen returns;
		// `(..).release().ptr()`: what the member returns)
		t = cxx_call_value_type(base);
		if (t.kind != CXType_Record) {
			CXCursor bm = dependent_owner_method(b, base, m,
							     depth + 1);
			t = clang_getCanonicalType(
				clang_getCursorResultType(bm));
		}
		*m = cxx_model_of(b, t);
		owner = t.kind == CXType_Record && (*m)->kind == CLS_LIB;
	}
	const char *name = owner ? dependent_member_name(b, callee) : "";
	if (*name)
		found = cxx_method_named((*m)->decl, name, 0);
	return found;
}

ol_expr *cxx_lower_call(builder *b, CXCursor c)
{
	CXCursor fdecl = clang_getCursorReferenced(c);
	const cls_model *dm = NULL;
	if (clang_getCursorKind(fdecl) != CXCursor_Constructor &&
	    (clang_Cursor_isNull(fdecl) ||
	     clang_isInvalid(clang_getCursorKind(fdecl))))
		fdecl = cxx_overload_chosen(c);
	if (clang_Cursor_isNull(fdecl))
		fdecl = dependent_owner_method(b, c, &dm, 0);
	enum CXCursorKind fk = clang_getCursorKind(fdecl);
	ol_loc loc = loc_of(b, c);
	int nargs = clang_Cursor_getNumArguments(c);
	if (nargs < 0)
		return NULL;
	if (fk == CXCursor_Constructor) {
		// An object of a class we do not follow: what its constructor
		// is given may be kept (its pointer arguments escape, as a
		// `void *` parameter's do). A constructor of the project with
		// a body (a class template's through its pattern) is called
		// as its summary is named; any other by its qualified name (a
		// contract of another file). The object made is the first
		// argument, as the summary of the constructor's body (here or
		// in another file) counts it: unknown here.
		ol_expr *e = mk(b, OL_E_CALL, c);
		const char *q = cxx_qual_name(b, fdecl, true);
		CXCursor def = cxx_body_of(fdecl);
		bool own = !cxx_kb_get(b, q) && !clang_Cursor_isNull(def) &&
			   !clang_Location_isInSystemHeader(
				   clang_getCursorLocation(def));
		e->text = own ? cxx_fn_name(b, fdecl) : q;
		e->void_params = ~0u;
		e->callee_overload = func_overload(b, fdecl);
		if (own) {
			CXCursor pat = clang_getSpecializedCursorTemplate(fdecl);
			e->callee_sig = func_sig(
				b, clang_getCursorType(clang_Cursor_isNull(pat)
							       ? fdecl : pat));
			e->method = true;
		}
		e->ctor = true;
		e->nargs = (unsigned)nargs + 1;
		e->args = OL_NEW_ARRAY(b->a, ol_expr *, (size_t)nargs + 1);
		e->args[0] = cxx_unknown_at(b, loc, "this");
		for (int i = 0; i < nargs; i++)
			e->args[i + 1] = lower_expr(
				b, clang_Cursor_getArgument(c, (unsigned)i), true);
		thread_bodies(b, c, fdecl);
		cxx_after_call(b, fdecl, q, loc, e);
		return e;
	}
	ol_expr *cmp = lib_null_compare(b, c, fdecl, nargs, loc);
	if (cmp)
		return cmp;
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
	// Declared never to return (Qt's qFatal(..), that is
	// `QMessageLogger(..).fatal(..)` under Q_NORETURN): the statement
	// ends the path.
	if (!b->nr_pending && method_is_noreturn(b, fdecl)) {
		b->nr_pending = true;
		b->nr_loc = loc;
	}
	// A lambda called directly: its body, here. Converted to a function
	// pointer (datatable's METHOD(...) tables, a callback handed to C)
	// it is not called here: a function of its own.
	CXCursor lam = clang_Cursor_isNull(obj) ? obj : cxx_lambda_of(obj);
	if (!clang_Cursor_isNull(lam) &&
	    clang_getCursorKind(fdecl) == CXCursor_ConversionFunction) {
		hand_lambda(b, lam, OL_LAMBDA_C_CALLBACK);
		return cxx_unknown_at(b, loc, "lambda");
	}
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
	const cls_model *m = dm ? dm
		: clang_Cursor_isNull(obj)
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
			       : cxx_guard_object(b, obj);
	if (!self && m->kind == CLS_GUARD && !clang_Cursor_isNull(obj) &&
	    clang_getCanonicalType(clang_getCursorType(obj)).kind ==
		    CXType_Record &&
	    !clang_Cursor_isNull(cxx_body_of(fdecl))) {
		// A member called on a temporary (mysql-shell's
		// `make_result(v).release()`): the full-expression temporary
		// the lowering made of it, whose fields are variables.
		lib_oe = lower_expr(b, obj, true);
		if (lib_oe->kind == OL_E_VAR &&
		    lib_oe->var->kind == OL_VAR_TEMP &&
		    !lib_oe->var->type.reference &&
		    cxx_has_fields(b, lib_oe->var))
			self = lib_oe->var;
	}
	if (self) {
		CXCursor def = cxx_body_of(fdecl);
		const char *mn = intern_cx(b, clang_getCursorSpelling(fdecl));
		unsigned n = (unsigned)nargs - first;
		if (!strcmp(mn, "operator=") && clang_Cursor_isNull(def) &&
		    n == 1) {
			// The implicit assignment: field by field.
			CXCursor src = clang_Cursor_getArgument(c, first);
			CXCursor mvs = cxx_moved_from(src);
			cxx_from_object(b, self, m,
					clang_Cursor_isNull(mvs) ? cxx_strip_all(src)
							     : mvs,
					!clang_Cursor_isNull(mvs), loc);
			return var_expr(b, self, loc);
		}
		if (!clang_Cursor_isNull(def)) {
			ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, n + 1);
			ol_var **objs = OL_NEW_ARRAY(b->a, ol_var *, n + 1);
			for (unsigned i = 0; i < n; i++) {
				CXCursor a = clang_Cursor_getArgument(c, first + i);
				objs[i] = cxx_guard_object(b, a);
				if (!objs[i])
					args[i] = lower_expr(b, a, true);
				// (a cxx_temporary guard bound to a reference,
				// `o = Ref::take(p)`: the object itself)
				if (!objs[i] && args[i]->kind == OL_E_VAR &&
				    !args[i]->var->type.reference &&
				    cxx_model_of(b, clang_getCursorType(a))
						    ->kind == CLS_GUARD)
					objs[i] = args[i]->var;
			}
			bool ok;
			ol_expr *r = cxx_inline_member(b, m, def, self, args,
						       objs, n, loc, &ok);
			if (ok)
				return r ? r : cxx_unknown_at(b, loc, NULL);
		}
	}
	// A getter of a plain object (a class that releases nothing when it
	// dies: no owner whose get() lends): the field it returns, read here
	// (each call the same value, as the field is).
	CXCursor field = (unsigned)nargs == first && m->kind == CLS_NONE
				 ? getter_field(fdecl) : clang_getNullCursor();
	if (!clang_Cursor_isNull(field)) {
		ol_expr *oe = clang_Cursor_isNull(obj)
			? this_expr(b, c)
			: lib_oe ? lib_oe : lower_expr(b, obj, true);
		ol_expr *fe = mk(b, OL_E_MEMBER, c);
		fe->text = intern_cx(b, clang_getCursorSpelling(field));
		fe->sub[0] = oe;
		fe->arrow = oe->type.cls == OL_TY_POINTER;
		return fe;
	}
	// Any other member call: `Class::m(&o, args...)`.
	ol_expr *e = mk(b, OL_E_CALL, c);
	e->text = name;
	e->attrs = ownership_attrs(b, fdecl);
	// (overloads of a member share its name: the signature picks the
	// summary, summary_of_call())
	e->callee_sig = func_sig(b, clang_getCursorType(fdecl));
	e->callee_overload = func_overload(b, fdecl);
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
	e->opaque_owner = m->kind == CLS_NONE && !clang_Cursor_isNull(obj) &&
			  opaque_owner_class(clang_getCursorType(obj));
	ol_expr *r = cxx_followed(fdecl) ? e : cxx_forget_written(b, c, first, e);
	if (!index_bounded_by_loop(b, c, obj) &&
	    !cxx_call_throws_on_error(b, fdecl, e))
		cxx_after_call(b, fdecl, cxx_qual_name(b, fdecl, true), loc, e);
	return r;
}

static enum CXChildVisitResult find_type_ref(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_TypeRef) {
		*(CXCursor *)data = clang_getCursorReferenced(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

// The template type parameter `Deleter()` makes a temporary of (its type
// names no declaration in the pattern: its TypeRef does), or a null
// cursor.
static CXCursor type_param_named(CXCursor e)
{
	CXCursor d = clang_getNullCursor();
	clang_visitChildren(e, find_type_ref, &d);
	return clang_getCursorKind(d) == CXCursor_TemplateTypeParameter
		       ? d : clang_getNullCursor();
}

// `m_ptr != nullptr` in a class template's pattern, where the operator is
// not resolved (its operands' types depend on the template, and the
// namespace declares operator== and operator!= templates of its own:
// kopano-core's `KC::memory_ptr`): a test of the pointer against NULL.
// NULL when it is not that.
ol_expr *cxx_unresolved_null_compare(builder *b, CXCursor c)
{
	CXCursor f = clang_getCursorReferenced(c);
	enum CXCursorKind fk = clang_getCursorKind(f);
	if (fk == CXCursor_FunctionDecl || fk == CXCursor_CXXMethod)
		return NULL; // (resolved: lib_null_compare, a call)
	// Its operands around the operator's reference, which libclang shows
	// without a name (an unresolved lookup): the operator is its token.
	cursor_vec ch = {0};
	children(c, &ch);
	CXCursor x = clang_getNullCursor(), y = clang_getNullCursor();
	CXCursor op = clang_getNullCursor();
	if (ch.len == 3) {
		op = call_callee(c, &ch);
		if (clang_equalCursors(op, ch.items[1])) {
			x = ch.items[0];
			y = ch.items[2];
		}
	}
	OL_VEC_FREE(&ch);
	CXCursor o = clang_Cursor_isNull(x) ? x
		   : cxx_null_literal(y) ? x : cxx_null_literal(x) ? y
		   : clang_getNullCursor();
	if (clang_Cursor_isNull(o))
		return NULL;
	CXToken *toks = NULL;
	unsigned nt = 0;
	clang_tokenize(b->tu, clang_getCursorExtent(op), &toks, &nt);
	bool eq = false, ne = false;
	if (nt == 1 && clang_getTokenKind(toks[0]) == CXToken_Punctuation) {
		CXString sp = clang_getTokenSpelling(b->tu, toks[0]);
		const char *s = clang_getCString(sp);
		eq = s && !strcmp(s, "==");
		ne = s && !strcmp(s, "!=");
		clang_disposeString(sp);
	}
	if (toks)
		clang_disposeTokens(b->tu, toks, nt);
	if (!eq && !ne)
		return NULL;
	return null_compare(b, lower_expr(b, o, true), eq, loc_of(b, c));
}

// `Deleter()(m_ptr)` in a member of a class template inlined on an object
// of a specialization (kopano-core's `memory_ptr<PyObject, kcpy_delete>`,
// whose destructor calls its deleter so): a temporary of a type parameter
// called, which is the bound class's operator(), inlined. NULL when it
// is not that.
static ol_expr *param_functor_call(builder *b, CXCursor c)
{
	if (!b->inl.len)
		return NULL;
	cursor_vec k = {0};
	expr_children(c, &k);
	ol_expr *r = NULL;
	CXCursor d = k.len >= 1 && k.len <= 9
		? cxx_template_type_decl(b, type_param_named(k.items[0]))
		: clang_getNullCursor();
	CXCursor op = clang_Cursor_isNull(d) ? d
		: cxx_class_member(d, CXCursor_CXXMethod, "operator()");
	CXCursor body = clang_Cursor_isNull(op) ? op : cxx_body_of(op);
	if (!clang_Cursor_isNull(body)) {
		unsigned n = (unsigned)k.len - 1;
		ol_expr *args[8];
		for (unsigned i = 0; i < n; i++)
			args[i] = lower_expr(b, k.items[i + 1], true);
		bool ok = false;
		ol_loc loc = loc_of(b, c);
		r = cxx_inline_fn(b, body, NULL, args, NULL, n, loc, true, &ok);
		if (ok && !r)
			r = cxx_unknown_at(b, loc, "void");
		else if (!ok)
			r = cxx_unknown_at(b, loc, "deleter");
	}
	OL_VEC_FREE(&k);
	return r;
}

// The type of the value a call makes. In a template's pattern, a call
// whose arguments or object are dependent has a dependent type even when
// the function is known (clingo's `getAttr(name).callable()` on the
// dependent `this` of `ObjectProtocoll<T>`, openrave's
// `pySmoothTrajectory(arg0)` with `T0 arg0`): the type the function's
// declaration returns, when that is a class.
CXType cxx_call_value_type(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	if (t.kind != CXType_Dependent)
		return t;
	// (A call of a function template, or of one of an overload set,
	// whose arguments depend on a template's parameter: the one
	// chosen, when its result type does not: boost-histogram's
	// `unchecked_set(tup, ++i, edges(ax, flow, true))` in a generic
	// lambda, whose `py::array_t<double>` was lost undestroyed: 2
	// false rows of C++ round 121.)
	CXCursor f = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(f) ||
	    clang_getCursorKind(f) == CXCursor_OverloadedDeclRef)
		f = cxx_overload_chosen(c);
	CXType rt = clang_getCanonicalType(clang_getCursorResultType(f));
	return rt.kind == CXType_Record ? rt : t;
}

const ol_kb_entry *cxx_handle_conversion(builder *b, CXCursor c)
{
	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    clang_getCanonicalType(clang_getCursorType(c)).kind !=
		    CXType_Dependent ||
	    clang_Cursor_getNumArguments(c) != 1)
		return NULL;
	CXCursor f = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(f) ||
	    clang_getCursorKind(f) == CXCursor_OverloadedDeclRef)
		f = cxx_overload_chosen(c);
	if (clang_Cursor_isNull(f))
		return NULL;
	const ol_kb_entry *e = cxx_kb_get(b, cxx_qual_name(b, f, true));
	if (!e || (e->cxx != OL_KB_CXX_STEAL && e->cxx != OL_KB_CXX_ALIAS &&
		   e->cxx != OL_KB_CXX_BORROW))
		return NULL;
	return e;
}

// `py::reinterpret_steal<T>(py::handle(p))` whose type T is a template's
// parameter (cxx_handle_conversion(); mssql-python's `template <typename
// T = py::object> T steal(PyObject *p)`, and its `borrow`): no object of
// a known class is made in the pattern, but every instance makes an
// owner of the handle, taken over (steal) or with one more reference
// (borrow), as the rules say of the library's function. The pattern
// returns that handle: the helper hands its argument back, or a new
// reference to it (5 false rows of C++ round 120, where
// `steal(PyImport_ImportModule(..))` lost the module). NULL for any
// other call.
static ol_expr *dependent_handle_conversion(builder *b, CXCursor c)
{
	const ol_kb_entry *e = cxx_handle_conversion(b, c);
	if (!e)
		return NULL;
	ol_loc loc = loc_of(b, c);
	ol_expr *a0 = lower_expr(b, clang_Cursor_getArgument(c, 0), true);
	ol_type h = cxx_pyobject_type(b);
	a0->type = h;
	if (e->cxx == OL_KB_CXX_BORROW)
		return cxx_synth_call(b, e->calls ? e->calls : "Py_XNewRef", &a0,
				      1, h, loc);
	return a0;
}

// `x = pick(x, ..)` whose call a template's parameter leaves unresolved,
// `x` a library owner (a `py::object` parameter of a template): clang
// shows a plain assignment, but every instance move-assigns the object
// the chosen function returns by value: that object made, the old value
// released, the new one moved in (stim's to_numpy, whose four
// `output_xs = pick_output_numpy_array(output_xs, ..)` were each a
// temporary released after its handle was copied: 4 false MOJO-OWN-104
// rows of C++ round 125). NULL for any other expression.
static ol_expr *dependent_move_assign(builder *b, CXCursor c)
{
	if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return NULL;
	cursor_vec k = {0};
	expr_children(c, &k);
	CXCursor lc = k.len == 2 ? k.items[0] : clang_getNullCursor();
	CXCursor rc = k.len == 2 ? cxx_strip_all(k.items[1])
				 : clang_getNullCursor();
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(lc) ||
	    clang_getCursorKind(rc) != CXCursor_CallExpr ||
	    clang_getCanonicalType(clang_getCursorType(rc)).kind !=
		    CXType_Dependent ||
	    clang_getCursorKind(cxx_strip_all(lc)) != CXCursor_DeclRefExpr)
		return NULL;
	const cls_model *m = cxx_model_of(b, clang_getCursorType(lc));
	CXType vt = cxx_call_value_type(rc);
	if (m->kind != CLS_LIB || !m->destroy || vt.kind != CXType_Record ||
	    cxx_model_of(b, vt)->kind != CLS_LIB)
		return NULL;
	ol_expr *oe = lower_expr(b, lc, true);
	if (oe->kind != OL_E_VAR || !oe->var)
		return NULL;
	ol_loc loc = loc_of(b, c);
	ol_var *tv = new_temp(b, m->handle, loc);
	cxx_construct_into(b, tv, m, rc, NULL);
	live_obj o = {oe->var, m, NULL, clang_getNullCursor()};
	cxx_destroy(b, &o, loc);
	emit_assign(b, oe->var, var_expr(b, tv, loc), loc);
	return var_expr(b, oe->var, loc);
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
		if (cxx_fatal_throw(b, c) || cxx_bare_rethrow_ends(b, c))
			seal(b, OL_TERM_NORETURN, NULL, loc, NULL);
		else
			cxx_unwind(b, loc);
		return cxx_unknown_at(b, loc, "throw");
	}
	case CXCursor_LambdaExpr:
		hand_lambda(b, c, 0);
		return cxx_unknown_at(b, loc_of(b, c), "lambda");
	case CXCursor_CXXNewExpr: {
		ol_expr *e = new_of_followed_class(b, c);
		if (!e)
			e = lower_unknown(b, c, "new");
		if (!cxx_new_may_throw(b, c))
			return e;
		ol_loc loc = loc_of(b, c);
		if (cxx_bad_alloc_caught(b))
			cxx_after_call(b, clang_getNullCursor(), "operator new",
				       loc, NULL);
		// An allocation that throws when it fails never gives NULL
		// (`if (self->ops == 0)` after it is dead code).
		ol_var *t = new_temp(b, type_conv(b, clang_getCursorType(c)),
				     loc);
		// (named as written, for the path's notes)
		const char *text = src_text(b, c);
		if (text)
			t->name = text;
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
			: cxx_guard_object(b, base);
		if (self)
			return var_expr(b, cxx_field_var_of(b, self, field),
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
	case CXCursor_CXXFunctionalCastExpr: {
		// `Owned(PyUnicode_FromString(..))` in a template not
		// instantiated (typy's ScopedPyObjectPtr): a cast to the
		// class left dependent, no constructor chosen; an object of
		// a followed class made of the pointer all the same.
		CXCursor op;
		const cls_model *m = cxx_model_of(b, clang_getCursorType(c));
		if (m->kind == CLS_GUARD && cxx_dependent_conversion(c, &op))
			return cxx_temporary(b, c, m);
		return NULL;
	}
	case CXCursor_BinaryOperator:
		return dependent_move_assign(b, c);
	case CXCursor_CallExpr: {
		ol_expr *hc = dependent_handle_conversion(b, c);
		if (hc)
			return hc;
		ol_expr *pf = param_functor_call(b, c);
		if (!pf)
			pf = cxx_unresolved_null_compare(b, c);
		if (pf)
			return pf;
		CXType t = cxx_call_value_type(c);
		// (A call returning a reference, `o = x` giving back `o`, is
		// an lvalue: no cxx_temporary. Seen through its typedefs:
		// `std::vector<Ref>::reference` of `items[i]`, mahotas'
		// `Ref &r = pyramid[o];`.)
		CXType rt = clang_getCanonicalType(clang_getCursorResultType(
			clang_getCursorReferenced(c)));
		if (t.kind == CXType_Record &&
		    rt.kind != CXType_LValueReference &&
		    rt.kind != CXType_RValueReference) {
			// A temporary whose destructor never returns (glog's
			// `LogMessageFatal(..) << ..` in a failed CHECK()):
			// the statement ends the path.
			if (!b->nr_pending && dtor_is_noreturn(b, t)) {
				b->nr_pending = true;
				b->nr_loc = loc_of(b, c);
			}
			const cls_model *m = cxx_model_of(b, t);
			if (m->kind != CLS_NONE)
				return cxx_temporary(b, c, m);
		}
		return cxx_lower_call(b, c);
	}
	default:
		return NULL;
	}
}
