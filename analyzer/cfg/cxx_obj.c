/*
 * cxx_obj.c — C++ objects and temporaries (see cxx.c for the whole
 * lowering).
 *
 * A local or a full-expression temporary of a followed class is a live
 * object, destroyed at every exit of its scope (scopes and destructors
 * below; the scopes themselves are opened and closed by the statement
 * lowering). How an object is made depends on its model (cxx_model.c):
 *   - a library owner is its handle: constructing it assigns the handle
 *     (a steal, an alias, a copy the rules name), copying and moving copy
 *     or move the handle, destroying it calls the rules' release;
 *   - a guard of the project has one variable per field ("g.p"); its
 *     constructors, destructor and members are inlined (cxx_call.c) with
 *     `this` standing for it. A guard returned by value by a function
 *     (a factory, `Ref::take(p)`) with one pointer field is that pointer:
 *     the function returns it, and what it returns is what the object
 *     holds. C++11 and C++14 write every such return and initialization
 *     as an elidable copy; the analysis elides it as compilers do (the
 *     standard allows both, and neither the copy nor the temporary's
 *     destruction is made), and C++17 guarantees it, so the findings do
 *     not depend on the standard;
 *   - a scope guard runs its lambda (cxx_scope.c);
 *   - anything else: what its constructor is given escapes.
 * Members of a class template are lowered on the template's pattern
 * (libclang shows no instantiated bodies); a construction the pattern
 * leaves unresolved (`Owned(p)` with p a `T *`) is the class's only
 * constructor of that many parameters.
 */
#include "build_int.h"

#include "../kb/kb.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	// (a field of a cxx_temporary object keeps the cxx_temporary's kind: what
	// it holds is named after the first variable of the source's)
	v->kind = obj->name && obj->name[0] == '$' ? OL_VAR_TEMP
						    : OL_VAR_LOCAL;
	v->name = intern(b, ol_arena_printf(b->a, "%s.%s", obj->name, fname));
	v->captured = obj->captured;
	field_var f = {obj, fname, v};
	OL_VEC_PUSH(&b->fvars, f);
	return v;
}

bool cxx_has_fields(const builder *b, const ol_var *obj)
{
	for (size_t i = 0; i < b->fvars.len; i++)
		if (b->fvars.items[i].obj == obj)
			return true;
	return false;
}

ol_var *cxx_field_var_of(builder *b, ol_var *obj, CXCursor field)
{
	return cxx_field_var(b, obj,
			     intern_cx(b, clang_getCursorSpelling(field)),
			     type_conv(b, clang_getCursorType(field)));
}

// The handle field of the guard object `obj` of model `m` (m->hfield).
ol_var *cxx_handle_var(builder *b, ol_var *obj, const cls_model *m)
{
	// (models outlive the builder that made them: their names are
	// interned again, in this one)
	return cxx_field_var(b, obj, intern(b, m->hfield), m->handle);
}

// The object variable the expression `c` names, when it is a local guard
// object (`g`, or `this` inside an inlined member). A variable declared as
// a reference (`Ref &other`, a parameter of the function analyzed) names
// an object of its caller's: its fields are the caller's memory, written
// and read as through a pointer, not variables of this function.
ol_var *cxx_guard_object(builder *b, CXCursor c)
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
	return is_local_kind(v) && !v->type.reference ? v : NULL;
}

// The first field class `cls` lays out: its own first, else its first
// base's (a null cursor when it has none).
static CXCursor first_field(CXCursor cls, int depth)
{
	cursor_vec k = {0};
	children(cls, &k);
	CXCursor f = clang_getNullCursor(), base = clang_getNullCursor();
	for (size_t i = 0; i < k.len && clang_Cursor_isNull(f); i++) {
		enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
		if (kk == CXCursor_FieldDecl)
			f = k.items[i];
		else if (kk == CXCursor_CXXBaseSpecifier &&
			 clang_Cursor_isNull(base))
			base = clang_getCursorDefinition(clang_getTypeDeclaration(
				clang_getCursorType(k.items[i])));
	}
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(f) && !clang_Cursor_isNull(base) && depth < 4)
		f = first_field(base, depth + 1);
	return f;
}

// `reinterpret_cast<PyObject **>(&ref)` (the cast `cast` of `in`) of a
// guard whose one pointer field is its first, so that the pointer the
// cast makes is that field's address (pyuno's `PyErr_Fetch(
// reinterpret_cast<PyObject **>(&excType), ..)` into its `PyRef`s, whose
// destructors release what it writes): the guard object, its model in
// `*mp`; else NULL.
static ol_var *handle_cast_object(builder *b, CXCursor cast, CXCursor in,
				  const cls_model **mp)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(cast));
	if (t.kind != CXType_Pointer ||
	    clang_getCanonicalType(clang_getPointeeType(t)).kind !=
		    CXType_Pointer)
		return NULL;
	in = strip(in);
	if (clang_getCursorKind(in) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(in) != CXUnaryOperator_AddrOf)
		return NULL;
	cursor_vec k = {0};
	expr_children(in, &k);
	CXCursor sub = k.len == 1 ? k.items[0] : clang_getNullCursor();
	OL_VEC_FREE(&k);
	ol_var *obj = clang_Cursor_isNull(sub) ? NULL
					       : cxx_guard_object(b, sub);
	if (!obj)
		return NULL;
	const cls_model *m = cxx_model_of(b, clang_getCursorType(strip(sub)));
	if (!m->hfield)
		return NULL;
	CXCursor f = first_field(m->decl, 0);
	CXString fs = clang_getCursorSpelling(f);
	bool first = !clang_Cursor_isNull(f) &&
		     !strcmp(clang_getCString(fs), m->hfield);
	clang_disposeString(fs);
	*mp = m;
	return first ? obj : NULL;
}

ol_expr *cxx_guard_handle_address(builder *b, CXCursor cast, CXCursor in)
{
	const cls_model *m;
	ol_var *obj = handle_cast_object(b, cast, in, &m);
	if (!obj)
		return NULL;
	ol_expr *e = mk(b, OL_E_ADDR, cast);
	e->sub[0] = var_expr(b, cxx_handle_var(b, obj, m), loc_of(b, cast));
	return e;
}

static bool into_only_child(CXCursor *c);

// Argument `a` is such a cast (under parentheses and other casts): the
// callee writes the guard's handle as its contract says, not some field
// of the object a call given its address may change.
static bool is_handle_cast(builder *b, CXCursor a)
{
	for (int n = 0; n < 8; n++) {
		enum CXCursorKind k = clang_getCursorKind(a);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CStyleCastExpr &&
		    k != CXCursor_CXXReinterpretCastExpr &&
		    k != CXCursor_CXXStaticCastExpr)
			return false;
		CXCursor in = a;
		if (!into_only_child(&in))
			return false;
		const cls_model *m;
		if (handle_cast_object(b, a, in, &m))
			return true;
		a = in;
	}
	return false;
}

// `T *&`: an lvalue reference to a pointer.
bool cxx_pointer_ref(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_LValueReference &&
	       clang_getCanonicalType(clang_getPointeeType(t)).kind ==
		       CXType_Pointer;
}

// A variable, a member or an element: what `&` can be taken of.
static bool lvalue_expr(const ol_expr *x)
{
	return x && (x->kind == OL_E_VAR || x->kind == OL_E_MEMBER ||
		     x->kind == OL_E_INDEX || x->kind == OL_E_DEREF);
}

// Parameter `k` of the callee of `call` is written `T *&` (not a
// forwarding `T &&` that became one: pybind11's `py::cast(ptr, ...)`),
// and no rules entry describes the callee by its arguments' values.
static bool declared_pointer_ref(builder *b, CXCursor call, const ol_expr *e,
				 unsigned k)
{
	if (e->text && cxx_kb_get(b, e->text))
		return false;
	CXCursor fd = clang_getCursorReferenced(call);
	CXCursor pat = clang_getSpecializedCursorTemplate(fd);
	if (clang_Cursor_isNull(pat))
		return true;
	cursor_vec ps = {0};
	cxx_params_of(pat, &ps);
	bool lref = k < ps.len && clang_getCursorType(ps.items[k]).kind ==
					  CXType_LValueReference;
	OL_VEC_FREE(&ps);
	return lref;
}

// A parameter `T *&p` becomes `T **p` (its uses `*p`, expr.c), so that
// what the function writes there is written through an out-parameter.
void cxx_ref_to_pointer(builder *b, ol_var *v, CXType t)
{
	if (!cxx_pointer_ref(t))
		return;
	ol_type inner = type_conv(b, clang_getPointeeType(
					     clang_getCanonicalType(t)));
	if (inner.cls != OL_TY_POINTER || !inner.spelling)
		return;
	ol_type r = {0};
	r.cls = OL_TY_POINTER;
	r.pointee = inner.spelling;
	r.spelling = intern(b, ol_arena_printf(b->a, "%s *", inner.spelling));
	v->type = r;
	v->ref_to_pointer = true;
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
		CXCursor raw = clang_Cursor_getArgument(call, (unsigned)i);
		if (is_handle_cast(b, raw))
			continue;
		CXCursor a = strip(raw);
		// (the lowered arguments end with the call's)
		int at = (int)e->nargs - (n - i);
		if (clang_getCursorKind(a) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(a) ==
			    CXUnaryOperator_AddrOf) {
			cursor_vec k = {0};
			children(a, &k);
			ol_var *o = k.len == 1 ? cxx_guard_object(b, k.items[0])
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
		if (pt.kind == CXType_LValueReference && at >= 0 &&
		    cxx_pointer_ref(pt) && lvalue_expr(e->args[at]) &&
		    declared_pointer_ref(b, call, e, (unsigned)i - first)) {
			// A `T *&` parameter: the callee may replace the
			// pointer the caller's variable holds (`&x`, as C
			// writes an out-parameter).
			ol_expr *ad = mk(b, OL_E_ADDR, a);
			ad->sub[0] = e->args[at];
			ad->type.cls = OL_TY_POINTER;
			ad->type.pointee = e->args[at]->type.spelling;
			e->args[at] = ad;
			continue;
		}
		ol_var *o = cxx_guard_object(b, a);
		// (or a full-expression temporary guard given by rvalue
		// reference, csp's `engine->createOwnedObject<T>(PyObjectPtr::
		// own(p))`, which forwards it to a constructor that moves its
		// handle out: C++ round 101)
		if (!o && at >= 0 && e->args[at]->kind == OL_E_VAR &&
		    e->args[at]->var->kind == OL_VAR_TEMP &&
		    !e->args[at]->var->type.reference &&
		    cxx_has_fields(b, e->args[at]->var) &&
		    cxx_model_of(b, clang_getCursorType(a))->kind == CLS_GUARD)
			o = e->args[at]->var;
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
	if (m->kind == CLS_CLEANUP) {
		cleanup_run(b, o, at);
		return;
	}
	ol_expr *h = var_expr(b, o->var, at);
	if (m->kind == CLS_GUARD) {
		bool ok;
		cxx_inline_member(b, m, m->dtor, o->var, NULL, NULL, 0, at, &ok);
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
			emit_eval(b, cxx_synth_call(b, o->deleter, &h, 1,
						    cxx_void_type(b), at));
		else
			cxx_inline_fn(b, o->m->dtor, NULL, &h, NULL, 1, at, true,
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
	emit_eval(b, cxx_synth_call(b, m->destroy, &h, 1, cxx_void_type(b), at));
}

static unsigned offset_of(CXSourceLocation l)
{
	unsigned off = 0;
	clang_getExpansionLocation(l, NULL, NULL, NULL, &off);
	return off;
}

void scope_open(builder *b, CXCursor stmt)
{
	scope_ent e = {b->objs.len, 0, ~0u, stmt, clang_Cursor_isNull(stmt)};
	OL_VEC_PUSH(&b->scopes, e);
}

// Destroys the live objects above `depth`, innermost first, but `keep`
// (a returned object, NULL for none).
void cxx_destroy_all_but(builder *b, size_t depth, ol_loc at,
			 const ol_var *keep)
{
	for (size_t i = b->objs.len; i-- > depth;)
		if (b->objs.items[i].var != keep)
			cxx_destroy(b, &b->objs.items[i], at);
}

void destroy_down_to(builder *b, size_t depth, ol_loc at)
{
	cxx_destroy_all_but(b, depth, at, NULL);
}

void scope_close(builder *b, ol_loc at)
{
	if (!b->scopes.len)
		return;
	size_t depth = b->scopes.items[--b->scopes.len].objs;
	destroy_down_to(b, depth, at);
	b->objs.len = depth;
}

// Whether `v` is declared after the point (line, col) of the same file.
static bool declared_after(const ol_var *v, CXSourceLocation l)
{
	CXFile f;
	unsigned line = 0, col = 0;
	clang_getExpansionLocation(l, &f, &line, &col, NULL);
	if (!v->loc.line || !line)
		return false;
	return v->loc.line > line || (v->loc.line == line && v->loc.col > col);
}

// `goto label`: the objects of the scopes it leaves are destroyed, those
// declared in scopes that enclose the goto but not the label. The objects
// of the innermost scope enclosing both stay alive, but those declared
// after the label (a backward goto jumps back over their declaration).
void cxx_goto(builder *b, CXCursor label, ol_loc at)
{
	if (!b->objs.len)
		return;
	CXSourceLocation ll = clang_getCursorLocation(label);
	unsigned off = offset_of(ll);
	size_t depth = 0;
	for (size_t i = b->scopes.len; i-- > 0;) {
		scope_ent *se = &b->scopes.items[i];
		if (!se->located) {
			CXSourceRange r = clang_getCursorExtent(se->stmt);
			se->begin = offset_of(clang_getRangeStart(r));
			se->end = offset_of(clang_getRangeEnd(r));
			se->located = true;
		}
		if (off >= se->begin && off < se->end) {
			depth = i + 1 < b->scopes.len ?
				b->scopes.items[i + 1].objs : b->objs.len;
			size_t j = se->objs;
			while (j < depth &&
			       !declared_after(b->objs.items[j].var, ll))
				j++;
			depth = j;
			break;
		}
	}
	destroy_down_to(b, depth, at);
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

typedef struct base_find {
	CXType found;
	bool ok;
} base_find;

static enum CXChildVisitResult find_deleter_base(CXCursor c, CXCursor parent,
						 CXClientData data)
{
	(void)parent;
	base_find *f = data;
	if (clang_getCursorKind(c) != CXCursor_CXXBaseSpecifier)
		return CXChildVisit_Continue;
	CXType bt = clang_getCanonicalType(clang_getCursorType(c));
	if (clang_Type_getNumTemplateArguments(bt) >= 2) {
		f->found = bt;
		f->ok = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

// The type whose template arguments name a unique_ptr's deleter: `t`,
// or the base of a class derived from it (papaya2's `struct UniquePyPtr
// : std::unique_ptr<PyObject, RefDeccer>`), a few levels down.
static CXType deleter_holder(CXType t)
{
	for (int depth = 0; depth < 4 &&
			    clang_Type_getNumTemplateArguments(t) < 2; depth++) {
		CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
		base_find f = {t, false};
		if (clang_Cursor_isNull(d))
			break;
		clang_visitChildren(d, find_deleter_base, &f);
		if (!f.ok)
			break;
		t = f.found;
	}
	return t;
}

// Registers a new live object (a local or a cxx_temporary).
static void live(builder *b, ol_var *v, const cls_model *m, CXType t,
		 const char *deleter, bool temp)
{
	live_obj o = {v, m, deleter, clang_getNullCursor()};
	if (m->kind == CLS_LIB && m->destroy &&
	    !strcmp(m->destroy, "$deleter") && !deleter)
		t = deleter_holder(t);
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
		vars[i]->owner_copy = true;
		ol_expr *pe = var_expr(b, vars[i], at);
		emit_assign(b, vars[i],
			    cxx_synth_call(b, "the caller's copy", &pe, 1,
					   vars[i]->type, at),
			    at);
		live(b, vars[i], m, t, NULL, false);
	}
}

/* ---- construction ---------------------------------------------------- */

static enum CXChildVisitResult find_using(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UsingDeclaration) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

// Class `decl` names a base's members with `using` (`using
// base_t::base_t;`: it inherits the base's constructors).
static bool inherits_constructors(CXCursor decl)
{
	bool found = false;
	if (!clang_Cursor_isNull(decl))
		clang_visitChildren(decl, find_using, &found);
	return found;
}

// Moves `*c` to its only child expression; false (unmoved) when it has
// none or several.
static bool into_only_child(CXCursor *c)
{
	cursor_vec v = {0};
	expr_children(*c, &v);
	bool one = v.len == 1;
	if (one)
		*c = v.items[0];
	OL_VEC_FREE(&v);
	return one;
}

// The value under the casts of `c`, a reinterpret_cast too (lapjv's
// `reinterpret_cast<O *>(ptr)`).
static CXCursor strip_casts(CXCursor c)
{
	for (int n = 0; n < 16; n++) {
		c = cxx_strip_all(c);
		if (clang_getCursorKind(c) != CXCursor_CXXReinterpretCastExpr ||
		    !into_only_child(&c))
			break;
	}
	return c;
}

// The definition of constructor `fdecl` (a template's pattern for a
// specialization), or a null cursor.
static CXCursor ctor_definition(CXCursor fdecl)
{
	CXCursor def = clang_getCursorDefinition(fdecl);
	if (clang_Cursor_isNull(def)) {
		CXCursor pat = clang_getSpecializedCursorTemplate(fdecl);
		if (!clang_Cursor_isNull(pat))
			def = clang_getCursorDefinition(pat);
	}
	return def;
}

// Into `out`, the first argument constructor definition `def` gives to
// each of its base and member initializers, in order (casts stripped).
// Not to another constructor of its own class (a delegating one, old
// pybind11's `array(const dtype &dt, ShapeContainer shape, const void
// *ptr = nullptr, handle base = handle()) : array(dt, std::move(shape),
// {}, ptr, base) {}`): that one makes the object, whose base is given
// what that constructor's body makes (dolphindb, 7 false rows of C++
// round 117, read as handing `dt`'s handle over).
static void init_arguments(CXCursor def, cursor_vec *out)
{
	cursor_vec k = {0};
	children(def, &k);
	CXCursor own = clang_getCanonicalCursor(clang_getCursorSemanticParent(def));
	for (size_t i = 0; i + 1 < k.len; i++) {
		enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
		if ((kk != CXCursor_TypeRef && kk != CXCursor_TemplateRef) ||
		    !clang_isExpression(clang_getCursorKind(k.items[i + 1])))
			continue;
		CXCursor named = clang_getCanonicalCursor(
			clang_getCursorReferenced(k.items[i]));
		if (clang_equalCursors(named, own)) {
			// (delegating: nothing of this constructor's own)
			OL_VEC_FREE(&k);
			out->len = 0;
			return;
		}
		CXCursor init = cxx_strip_all(k.items[i + 1]);
		cursor_vec a = {0};
		expr_children(init, &a);
		// (The first child that is not the base's name.)
		for (size_t j = 0; j < a.len; j++) {
			enum CXCursorKind ak = clang_getCursorKind(a.items[j]);
			if (ak == CXCursor_TypeRef || ak == CXCursor_TemplateRef)
				continue;
			OL_VEC_PUSH(out, strip_casts(a.items[j]));
			break;
		}
		OL_VEC_FREE(&a);
	}
	OL_VEC_FREE(&k);
}

// Which parameter of constructor `fdecl` (of a class derived from a
// library owner) it hands, as the first argument, to its base's
// constructor (lapjv's `explicit _pyobj(PyObject *ptr) :
// pyobj_parent<O>(reinterpret_cast<O *>(ptr), deleter) {}`), or -1. Read
// from the constructor's own definition (a template's pattern for a
// specialization).
static int param_given_to_base(CXCursor fdecl)
{
	CXCursor def = ctor_definition(fdecl);
	// Defined in another file, and made of one pointer (py2cpp's
	// `PyPtr(PyObject *pyObj)` over a `std::unique_ptr<PyObject,
	// PyPtrDeleter>`, in PyPtr.cxx: C++ round 103): the pointer is for
	// the base, what else would an owner's constructor from one do.
	if (clang_Cursor_isNull(def) &&
	    clang_Cursor_getNumArguments(fdecl) == 1 &&
	    clang_getCanonicalType(clang_getCursorType(
		    clang_Cursor_getArgument(fdecl, 0))).kind == CXType_Pointer)
		return 0;
	if (clang_Cursor_isNull(def))
		return -1;
	int found = -1;
	cursor_vec args = {0};
	init_arguments(def, &args);
	for (size_t i = 0; i < args.len && found < 0; i++) {
		CXCursor v = args.items[i];
		CXCursor p = clang_getCursorReferenced(v);
		if (clang_getCursorKind(v) != CXCursor_DeclRefExpr ||
		    clang_getCursorKind(p) != CXCursor_ParmDecl)
			continue;
		for (int q = 0; q < clang_Cursor_getNumArguments(def); q++)
			if (clang_equalCursors(
				    p, clang_Cursor_getArgument(def, (unsigned)q)))
				found = q;
	}
	OL_VEC_FREE(&args);
	return found;
}

// A constructor of a library owner from another object that converts it
// rather than copying it: its base is given what a call makes of it
// (nanobind's `explicit str(handle h) : object(detail::raise_if_null(
// PyObject_Str(h.ptr())), detail::steal_t{})`, bencode-py's `nb::str(i)`,
// C++ round 115; pybind11's converting constructors, `check_(o) ?
// o.inc_ref().ptr() : PySequence_List(o.ptr())`). The result is a new
// object, never NULL (the constructor throws when the conversion fails),
// not the argument's handle.
static bool converting_ctor(CXCursor fdecl)
{
	if (clang_CXXConstructor_isCopyConstructor(fdecl) ||
	    clang_CXXConstructor_isMoveConstructor(fdecl))
		return false;
	CXCursor def = ctor_definition(fdecl);
	if (clang_Cursor_isNull(def))
		return false;
	cursor_vec args = {0};
	init_arguments(def, &args);
	enum CXCursorKind k = args.len ? clang_getCursorKind(args.items[0])
				       : CXCursor_InvalidCode;
	OL_VEC_FREE(&args);
	return k == CXCursor_CallExpr || k == CXCursor_ConditionalOperator;
}

// `t` is Boost.Python's `null_ok<T> *` (allow_null's), or a pointer to a
// wrapper of one (`borrowed(allow_null(p))`).
static bool type_says_null_ok(CXType t)
{
	CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
	const char *s = clang_getCString(sp);
	bool yes = s && strstr(s, "null_ok<");
	clang_disposeString(sp);
	return yes;
}

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

// A library owner made without arguments: empty, except a subclass of a
// library owner (`py::list l;`), a new object. `e`: the rules' entry for
// its own constructor, if any.
static ol_expr *made_without_arguments(builder *b, const cls_model *m,
				       const ol_kb_entry *e, ol_loc loc)
{
	if (strcmp(m->lib, m->name) && m->destroy && !e) {
		// (never NULL: the constructor throws when it fails, as
		// the other constructors of a library owner do, below)
		ol_expr *v = cxx_synth_call(b, m->name, NULL, 0, m->handle, loc);
		v->attrs = intern(b, "annotate(mojo::new_ref);"
				  "annotate(mojo::never_null)");
		return v;
	}
	return cxx_null_of(b, m->handle, loc);
}

// Strips parentheses, casts and the wrappers libclang shows as unexposed
// (temporaries materialized or bound, full-expression cleanups).
CXCursor cxx_strip_all(CXCursor c)
{
	for (int n = 0; n < 64; n++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CXXFunctionalCastExpr &&
		    k != CXCursor_CXXStaticCastExpr &&
		    k != CXCursor_CStyleCastExpr && k != CXCursor_CXXConstCastExpr)
			break;
		if (!into_only_child(&c))
			break;
	}
	return c;
}

// An elidable copy of a cxx_temporary, as C++11 and C++14 show `return
// Ref(p);` and `Ref t = make();` (a construction whose constructor
// libclang does not name, of one argument of the same class): the
// cxx_temporary, which is the object itself. Else `c`.
CXCursor cxx_elide(CXCursor c)
{
	for (int n = 0; n < 8; n++) {
		if (clang_getCursorKind(c) != CXCursor_CallExpr ||
		    clang_Cursor_getNumArguments(c) != 1 ||
		    !clang_isInvalid(clang_getCursorKind(
			    clang_getCursorReferenced(c))))
			break;
		CXCursor a = cxx_strip_all(clang_Cursor_getArgument(c, 0));
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
CXCursor cxx_moved_from(CXCursor c)
{
	c = cxx_strip_all(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(c) != 1)
		return clang_getNullCursor();
	CXString s = clang_getCursorSpelling(c);
	bool mv = !strcmp(clang_getCString(s), "move") ||
		  !strcmp(clang_getCString(s), "forward");
	clang_disposeString(s);
	return mv ? cxx_strip_all(clang_Cursor_getArgument(c, 0))
		  : clang_getNullCursor();
}

bool cxx_is_lvalue_ref(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	       k == CXCursor_CXXThisExpr || k == CXCursor_ArraySubscriptExpr;
}

// Class `cls` declares a copy constructor of its own (not defaulted, not
// deleted).
static bool own_copy_ctor(CXCursor cls)
{
	cursor_vec k = {0};
	children(cls, &k);
	bool yes = false;
	for (size_t i = 0; i < k.len && !yes; i++)
		yes = clang_getCursorKind(k.items[i]) == CXCursor_Constructor &&
		      clang_CXXConstructor_isCopyConstructor(k.items[i]) &&
		      !clang_CXXMethod_isDefaulted(k.items[i]) &&
		      !clang_CXXMethod_isDeleted(k.items[i]);
	OL_VEC_FREE(&k);
	return yes;
}

// `t` made from the object `src` of a followed class: a copy (`move`
// false) or a move.
void cxx_from_object(builder *b, ol_var *t, const cls_model *m,
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
			emit_eval(b, assign_expr(b, se,
						 cxx_null_of(b, se->type, loc),
						 loc));
			return;
		}
		if (m->destroy && m->copy && strcmp(m->copy, "alias"))
			se = cxx_synth_call(b, m->copy, &se, 1, t->type, loc);
		else if (m->destroy && !move && m->handle.object &&
			 strcmp(m->lib, m->name) && own_copy_ctor(m->decl))
			// A class of the project over a library owner that
			// does not copy (std::unique_ptr), with a copy
			// constructor of its own (py2cpp's PyPtr, its `_PyPtr(
			// c.get()) { Py_XINCREF(c.get()); }` in another file:
			// C++ round 103): the copy takes a reference.
			se = cxx_synth_call(b, "Py_XNewRef", &se, 1, t->type,
					    loc);
		emit_assign(b, t, se, loc);
		return;
	}
	if (m->kind == CLS_GUARD) {
		ol_var *so = cxx_guard_object(b, src);
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
				tv->captured = t->captured;
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
			return cxx_synth_call(b, e->calls ? e->calls : "Py_XNewRef",
					      &a0, 1, m->handle, loc);
		return a0;
	}
	ol_expr *r = cxx_lower_call(b, c);
	if (!r)
		r = lower_call_expr(b, c);
	r->type = m->handle;
	// A function of this file says what it returns; another gives a new
	// reference (or throws). Not so a `std::unique_ptr<T>` of a T that is
	// no Python object (dballe's `Options::create()`): its handle is no
	// reference, and a C++ factory throws rather than return it empty.
	if (r->kind == OL_E_CALL && clang_Cursor_isNull(cxx_body_of(fdecl)) &&
	    !r->attrs && m->destroy && m->handle.object)
		r->attrs = intern(b, "annotate(mojo::new_ref)");
	return r;
}

// `Owned(p)` inside class template Owned: a construction libclang leaves
// unresolved (its argument's type depends on T). The constructor is the
// class's only one of that many parameters (`args`), copy and move
// constructors aside, or of several the one they fit best; else a null
// cursor.
static CXCursor unresolved_ctor(builder *b, const cls_model *m, CXCursor c,
				const CXCursor *args, int nargs)
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
	cxx_value_ctors(m->decl, &k);
	CXCursor found = clang_getNullCursor();
	unsigned n = 0;
	// (A constructor from `std::nullptr_t`, `PyRef(std::nullptr_t) :
	// PyRef() {}`, takes only a null literal: not the one a value of a
	// dependent type calls, RocketSim's `PyRef(obj)` in its `steal()`.)
	for (int pass = 0; pass < 2 && n != 1; pass++) {
		n = 0;
		for (size_t i = 0; i < k.len; i++) {
			CXCursor f = k.items[i];
			if (clang_Cursor_getNumArguments(f) != nargs)
				continue;
			if (pass == 1 && nargs == 1 &&
			    clang_getCanonicalType(clang_getArgType(
				    clang_getCursorType(f), 0)).kind ==
				    CXType_NullPtr)
				continue;
			found = f;
			n++;
		}
	}
	// Several: the one the arguments' types fit best (csp's `PyPtr((
	// PyObjectOwn *) o)`, its private constructor that takes the
	// reference over, beside `PyPtr(PYOBJECT_T *o)`, which takes one
	// more: C++ round 101).
	if (n > 1)
		found = cxx_best_fitting(k.items, k.len, args, (size_t)nargs);
	OL_VEC_FREE(&k);
	return found;
}

// `t` made by the unresolved construction `c` (unresolved_ctor): the
// constructor inlined. False when it cannot be.
static bool construct_unresolved(builder *b, ol_var *t, const cls_model *m,
				 CXCursor c, ol_loc loc)
{
	cursor_vec v = {0};
	expr_children(c, &v);
	CXCursor def =
		cxx_body_of(unresolved_ctor(b, m, c, v.items, (int)v.len));
	bool ok = false;
	if (!clang_Cursor_isNull(def)) {
		ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, v.len + 1);
		for (size_t i = 0; i < v.len; i++)
			args[i] = lower_expr(b, v.items[i], true);
		cxx_inline_member(b, m, def, t, args, NULL, (unsigned)v.len,
				  loc, &ok);
	}
	OL_VEC_FREE(&v);
	return ok;
}

// `return self;` (a variable, as written) in a class template's member
// whose result is a guard of a dependent type (clingo's `static SharedObject<T> new_(..)` after
// `T *self = ..tp_alloc(..)`): the pattern shows the pointer with no
// conversion. The instantiation converts it with the class's one
// constructor from one value (unresolved_ctor), inlined here; with none
// such, the pointer is let go, as a conversion not followed would take
// it.
static void construct_from_pointer(builder *b, ol_var *t, const cls_model *m,
				   CXCursor c, ol_loc loc)
{
	if (clang_getCanonicalType(clang_getCursorType(c)).kind !=
	    CXType_Pointer)
		return;
	ol_expr *v = lower_expr(b, c, true);
	CXCursor def = cxx_body_of(unresolved_ctor(b, m, c, &c, 1));
	bool ok = false;
	if (!clang_Cursor_isNull(def)) {
		ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, 2);
		args[0] = v;
		cxx_inline_member(b, m, def, t, args, NULL, 1, loc, &ok);
	}
	if (!ok)
		cxx_let_go(b, loc, "conversion", v);
}

// A constructor `(h, bool is_borrowed)`: pybind11's deprecated one.
static bool borrowed_flag_ctor(CXCursor fdecl)
{
	if (clang_Cursor_getNumArguments(fdecl) != 2)
		return false;
	CXCursor p = clang_Cursor_getArgument(fdecl, 1);
	if (clang_getCanonicalType(clang_getCursorType(p)).kind != CXType_Bool)
		return false;
	CXString s = clang_getCursorSpelling(p);
	bool yes = !strcmp(clang_getCString(s), "is_borrowed");
	clang_disposeString(s);
	return yes;
}

// The body of the constructor that copies (`move`: moves) an object of
// class `cls`: its own, or, when the compiler writes it (none declared,
// or `= default`), its base's (ntracer's `py::object`, whose implicit
// copy constructor copies `_object_base`, `_ptr(incref(b._ptr))`). A
// null cursor when none has a body.
static CXCursor copy_ctor_body(CXCursor cls, bool move, int depth)
{
	CXCursor none = clang_getNullCursor();
	if (depth > 4 || clang_Cursor_isNull(cls))
		return none;
	cursor_vec k = {0};
	children(cls, &k);
	CXCursor def = none, base = none;
	bool declared = false;
	for (size_t i = 0; i < k.len; i++) {
		CXCursor c = k.items[i];
		if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier &&
		    clang_Cursor_isNull(base))
			base = clang_getCursorDefinition(clang_getTypeDeclaration(
				clang_getCursorType(c)));
		if (clang_getCursorKind(c) != CXCursor_Constructor ||
		    !(move ? clang_CXXConstructor_isMoveConstructor(c)
			   : clang_CXXConstructor_isCopyConstructor(c)))
			continue;
		declared = !clang_CXXMethod_isDefaulted(c);
		def = cxx_body_of(c);
	}
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(def) && !declared)
		def = copy_ctor_body(base, move, depth + 1);
	return def;
}

// A guard `t` copied from the object `src` by the constructor `def`
// (copy_ctor_body) inlined; false when it cannot be.
static bool copy_inlined(builder *b, ol_var *t, const cls_model *m,
			 CXCursor def, CXCursor src, ol_loc loc)
{
	ol_var *so = clang_Cursor_isNull(def) ? NULL
					      : cxx_guard_object(b, src);
	if (!so)
		return false;
	bool ok;
	ol_var *objs[1] = {so};
	cxx_inline_member(b, m, def, t, NULL, objs, 1, loc, &ok);
	return ok;
}

// A guard `t` made from the object `src` as written, no constructor
// named: in a template's pattern, where clang leaves the copy to each
// specialization (rebind's `return ok ? out : Object();` in a function
// template), the class's own copy constructor (a move-only class's move
// constructor, for a local the return moves), inlined; false when it has
// none to inline.
static bool guard_copied_by_ctor(builder *b, ol_var *t, const cls_model *m,
				 CXCursor src, ol_loc loc)
{
	const cls_model *sm = cxx_model_of(b, clang_getCursorType(src));
	if (m->kind != CLS_GUARD || sm->kind != CLS_GUARD ||
	    !clang_equalCursors(sm->decl, m->decl))
		return false;
	CXCursor def = copy_ctor_body(m->decl, false, 0);
	if (clang_Cursor_isNull(def) && cxx_implicit_move(b, src))
		def = copy_ctor_body(m->decl, true, 0);
	return copy_inlined(b, t, m, def, src, loc);
}

// A functional cast to a class that a template leaves dependent (the
// class's constructor not chosen), of a pointer: `Owned(p)` where p's
// type is known but the expression is in a template not instantiated.
// `*op`: the pointer's expression.
bool cxx_dependent_conversion(CXCursor c, CXCursor *op)
{
	if (clang_getCursorKind(c) != CXCursor_CXXFunctionalCastExpr ||
	    clang_getCanonicalType(clang_getCursorType(c)).kind !=
		    CXType_Record)
		return false;
	CXCursor in = c;
	if (!into_only_child(&in))
		return false;
	*op = in;
	return clang_getCanonicalType(clang_getCursorType(in)).kind ==
	       CXType_Pointer;
}

// Constructs the object `t` of model `m` from the initializer `init`
// (a constructor call, a copy or move, a function's result).
void cxx_construct_into(builder *b, ol_var *t, const cls_model *m,
			CXCursor init, const char **deleter)
{
	ol_loc loc = loc_of(b, init);
	CXCursor op;
	if (m->kind == CLS_GUARD && cxx_dependent_conversion(init, &op)) {
		construct_from_pointer(b, t, m, op, loc);
		return;
	}
	CXCursor c = cxx_elide(cxx_strip_all(init));
	CXCursor mv = cxx_moved_from(c);
	if (!clang_Cursor_isNull(mv)) {
		cxx_from_object(b, t, m, mv, true, loc);
		return;
	}
	enum CXCursorKind k = clang_getCursorKind(c);
	if (cxx_is_lvalue_ref(c) &&
	    cxx_model_of(b, clang_getCursorType(c))->kind != CLS_NONE) {
		if (!guard_copied_by_ctor(b, t, m, c, loc))
			cxx_from_object(b, t, m, c, false, loc);
		return;
	}
	if (k == CXCursor_ConditionalOperator) {
		// `o = doc ? nb::str(doc) : nb::none()`: the arm taken makes
		// the object itself (C++17 elision; its cxx_temporary is not
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
				cxx_construct_into(b, t, m, arm[i], deleter);
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
				cxx_construct_into(b, t, m, v.items[0], deleter);
			else if (!v.len)
				emit_assign(b, t, mk(b, OL_E_NULL, c), loc);
			OL_VEC_FREE(&v);
		}
		return;
	}
	if (k != CXCursor_CallExpr) {
		if (m->kind == CLS_LIB)
			emit_assign(b, t, lower_expr(b, c, true), loc);
		else if (m->kind == CLS_GUARD &&
			 clang_getCursorKind(strip(init)) == CXCursor_DeclRefExpr)
			construct_from_pointer(b, t, m, c, loc);
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
			// does): neither the copy nor the cxx_temporary's
			// destruction is made. Else what it holds is not
			// known here, but for a call through an expression
			// (rebind's `Object o = static_cast<F &&>(f)();`, a
			// callable whose type a template gives): an object
			// whose destructor releases its handle owns what it
			// holds, a new reference.
			ol_expr *r = cxx_lower_call(b, c);
			if (!r)
				r = lower_call_expr(b, c);
			if (m->hfield) {
				if (r->kind == OL_E_CALL && !r->text &&
				    !r->attrs && m->handle.object &&
				    cxx_guard_releases_handle(m))
					r->attrs = intern(
						b, "annotate(mojo::new_ref)");
				r->type = m->handle;
				emit_assign(b, cxx_handle_var(b, t, m), r, loc);
			} else {
				emit_eval(b, r);
			}
		}
		return;
	}
	// A constructor. From another object of a followed class: a copy or
	// a move (the cxx_temporary of a prvalue is the object itself). (A
	// library owner made from an object and more, nanobind's
	// `class_<T>(scope, "name")`, is a new object.)
	if (nargs >= 1) {
		CXCursor a0 = cxx_strip_all(clang_Cursor_getArgument(c, 0));
		const cls_model *am = cxx_model_of(
			b, clang_getCursorType(clang_Cursor_getArgument(c, 0)));
		if (am->kind != CLS_NONE &&
		    ((m->kind == CLS_LIB && nargs == 1 &&
		      !converting_ctor(fdecl)) ||
					     clang_CXXConstructor_isCopyConstructor(fdecl) ||
					     clang_CXXConstructor_isMoveConstructor(fdecl))) {
			CXCursor src = cxx_moved_from(a0);
			bool move = !clang_Cursor_isNull(src);
			if (!move)
				src = a0;
			// (the move constructor the compiler chose for `return
			// o;` moves a local or a by-value parameter)
			if (clang_CXXConstructor_isMoveConstructor(fdecl) &&
			    cxx_implicit_move(b, src))
				move = true;
			if (cxx_is_lvalue_ref(src)) {
				// (the compiler's own copy or move: the
				// base's that it calls)
				CXCursor def = cxx_body_of(fdecl);
				if (clang_Cursor_isNull(def) &&
				    clang_CXXMethod_isDefaulted(fdecl))
					def = copy_ctor_body(
						m->decl,
						clang_CXXConstructor_isMoveConstructor(
							fdecl),
						0);
				if (m->kind == CLS_GUARD &&
				    copy_inlined(b, t, m, def, src, loc))
					return;
				cxx_from_object(b, t, m, src, move, loc);
			} else if (m->kind == CLS_LIB && am->kind == CLS_LIB &&
				   m->lib && am->lib && strcmp(m->lib, am->lib) &&
				   m->destroy && m->copy &&
				   strcmp(m->copy, "alias")) {
				// An owner of another library class made of a
				// temporary (Boost.Python's `object(handle<>(
				// borrowed(p)))`): the temporary is made and
				// destroyed at the statement's end, the new
				// owner copies its handle.
				ol_expr *te = cxx_temporary(b, a0, am);
				emit_assign(b, t,
					    cxx_synth_call(b, m->copy, &te, 1,
							   t->type, loc),
					    loc);
			} else {
				cxx_construct_into(b, t, m, a0, deleter);
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
			cxx_inline_member(b, m, def, t, args, NULL,
					  (unsigned)nargs, loc, &ok);
		// The compiler's default constructor (implicit, or `=
		// default`): the default member initializers only.
		if (!ok && nargs == 0 && clang_CXXMethod_isDefaulted(fdecl)) {
			lower_ctor_inits(b, fdecl, t);
			return;
		}
		if (!ok) // a constructor we cannot see: its arguments escape
			for (int i = 0; i < nargs; i++) {
				ol_expr *u = cxx_unknown_at(b, loc, "constructor");
				u->nargs = 1;
				u->args = &args[i];
				emit_eval(b, u);
			}
		return;
	}
	// A library owner's constructor (the rules name the class's own), or
	// the base's it inherits (`using base_t::base_t;`: papaya2's
	// UniquePyPtr over std::unique_ptr).
	const ol_kb_entry *e = own_ctor_entry(b, m->decl);
	if (!e && inherits_constructors(m->decl) && !converting_ctor(fdecl))
		e = cxx_member_entry(b, m->decl, "()", NULL, 0);
	// Or its own constructor, which hands one of its parameters to the
	// base's (lapjv's _pyobj over a std::unique_ptr). (A library's
	// class is modelled by the rules: pybind11's `object(handle h, bool
	// is_borrowed) : handle(h)` below.)
	int given = -1;
	if (!e && nargs >= 1 &&
	    !clang_Location_isInSystemHeader(clang_getCursorLocation(fdecl)) &&
	    (given = param_given_to_base(fdecl)) >= 0 && given < nargs)
		e = cxx_member_entry(b, m->decl, "()", NULL, 0);
	else
		given = -1;
	if (nargs == 0) {
		// (`return py::none();` from a function returning a
		// `py::object`: the object of the class constructed, moved
		// into the base the function returns, not a base made empty:
		// libqi-python's getSelf, read as returning NULL or a
		// borrowed reference, 2 false rows of C++ round 120)
		const cls_model *cm =
			cxx_model_of(b, clang_getCursorType(c));
		if (cm != m && cm->kind == CLS_LIB && m->lib && cm->lib &&
		    !strcmp(cm->lib, m->lib)) {
			m = cm;
			e = own_ctor_entry(b, m->decl);
		}
		emit_assign(b, t, made_without_arguments(b, m, e, loc), loc);
		return;
	}
	unsigned a0_at = given > 0 ? (unsigned)given : 0;
	ol_expr *a0 = lower_expr(b, clang_Cursor_getArgument(c, a0_at), true);
	if (given >= 0) {
		// (Its other arguments are only evaluated.)
		for (int i = 0; i < nargs; i++)
			if (i != given)
				emit_eval(b, lower_expr(b, clang_Cursor_getArgument(
								   c, (unsigned)i),
							true));
		nargs = 1;
	}
	if (e && (e->cxx == OL_KB_CXX_STEAL || e->cxx == OL_KB_CXX_ALIAS ||
		  e->cxx == OL_KB_CXX_BORROW) &&
	    (a0->type.cls == OL_TY_POINTER || a0->kind == OL_E_NULL)) {
		if (e->cxx == OL_KB_CXX_BORROW)
			a0 = cxx_synth_call(b, e->calls ? e->calls : "Py_XNewRef",
					    &a0, 1, m->handle, loc);
		emit_assign(b, t, a0, loc);
		// An owner whose constructor throws when given NULL
		// (Boost.Python's `handle<>(p)`; `handle<>(allow_null(p))`
		// takes NULL, as its type `null_ok<T> *` says).
		if (e->throws == OL_KB_THROWS_IF_NULL &&
		    b->opts->exceptions != OL_EXC_NONE &&
		    !type_says_null_ok(clang_getCursorType(
			    clang_Cursor_getArgument(c, a0_at))))
			cxx_throw_if_null(b, t, src_text(b, c), loc);
		// A shared owner (std::shared_ptr): from here its copies share
		// the handle, and the last one's deleter releases it; not
		// followed, so handed over at once (pytype's `BindingData(
		// (DataType *)obj, cleanup)` returned by its maker).
		if (e->cxx == OL_KB_CXX_STEAL && m->destroy &&
		    !strcmp(m->destroy, "$escape"))
			cxx_escape(b, loc, "shared owner",
				   var_expr(b, t, loc));
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
	// pybind11's deprecated `object(handle h, bool is_borrowed)` and its
	// subclasses' (atheris' `py::object(py::handle(p), false)`): false
	// takes the reference over, true takes one more. (A flag not known:
	// a new object, as any other constructor makes.)
	long long borrowed;
	if (nargs == 2 && borrowed_flag_ctor(fdecl) &&
	    eval_int(clang_Cursor_getArgument(c, 1), &borrowed)) {
		a0->type = m->handle;
		if (borrowed)
			a0 = cxx_synth_call(b, "Py_XNewRef", &a0, 1, m->handle,
					    loc);
		emit_assign(b, t, a0, loc);
		return;
	}
	// Any other constructor of a library owner (`py::str s("x")`,
	// `py::class_<T>(m, "T")`): a new object, its arguments used; never
	// NULL, the constructor throws when it fails.
	ol_expr **args = OL_NEW_ARRAY(b->a, ol_expr *, (size_t)nargs);
	args[0] = a0;
	for (int i = 1; i < nargs; i++)
		args[i] = lower_expr(b, clang_Cursor_getArgument(c, (unsigned)i),
				     true);
	ol_expr *call = cxx_synth_call(b, m->name, args, (unsigned)nargs,
				       m->handle, loc);
	if (m->destroy)
		call->attrs = intern(b, "annotate(mojo::new_ref);"
				     "annotate(mojo::never_null)");
	emit_assign(b, t, call, loc);
}

// `init` makes a new object (a function's result by value, a constructor
// call), not a reference to one that exists.
static bool makes_temporary(CXCursor init)
{
	CXCursor c = cxx_strip_all(init);
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXCursor f = clang_getCursorReferenced(c);
	enum CXCursorKind fk = clang_getCursorKind(f);
	if (fk == CXCursor_Constructor)
		return true;
	if (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod)
		return false;
	enum CXTypeKind rk =
		clang_getCanonicalType(clang_getCursorResultType(f)).kind;
	return rk == CXType_Record;
}

bool cxx_var_decl(builder *b, ol_var *v, CXCursor d, CXCursor init)
{
	if (!b->cxx)
		return false;
	CXType t = clang_getCursorType(d);
	// `const auto &type = GetType();`: a temporary bound to a reference
	// lives as long as the reference (optree's, mplcairo's): the
	// variable is that object, destroyed at the end of its scope.
	CXType rt = clang_getCanonicalType(t);
	if ((rt.kind == CXType_LValueReference ||
	     rt.kind == CXType_RValueReference) &&
	    !clang_Cursor_isNull(init) && makes_temporary(init))
		t = clang_getPointeeType(rt);
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
			emit_assign(b, v,
				    made_without_arguments(
					    b, m, own_ctor_entry(b, m->decl),
					    loc),
				    loc);
		} else {
			CXCursor ctor = cxx_class_member(m->decl, CXCursor_Constructor,
						     NULL);
			bool ok = false;
			if (!clang_Cursor_isNull(ctor) &&
			    !clang_Cursor_isNull(cxx_body_of(ctor)) &&
			    clang_Cursor_getNumArguments(cxx_body_of(ctor)) == 0)
				cxx_inline_member(b, m, cxx_body_of(ctor), v,
						  NULL, NULL, 0, loc, &ok);
		}
	} else {
		cxx_construct_into(b, v, m, init, &deleter);
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
	CXCursor s = cxx_strip_all(c);
	if (clang_getCursorKind(s) == CXCursor_CallExpr &&
	    clang_Cursor_getNumArguments(s) == 1)
		s = cxx_strip_all(clang_Cursor_getArgument(s, 0));
	return cxx_is_lvalue_ref(s);
}

// The object prvalue `c` of model `m` makes, in a variable of its own,
// constructed with the temporaries inside it not followed; `*ok`: were
// temporaries followed where it is made.
static ol_var *made_object(builder *b, CXCursor c, CXType t,
			   const cls_model *m, const char **deleter, bool *ok)
{
	ol_var *tv = new_temp(b, type_conv(b, t), loc_of(b, c));
	cxx_retype_var(b, tv, t);
	*ok = b->temps_ok;
	b->temps_ok = false; // temporaries inside: not followed either
	cxx_construct_into(b, tv, m, c, deleter);
	b->temps_ok = *ok;
	return tv;
}

void cxx_construct_on_heap(builder *b, CXCursor c, const cls_model *m)
{
	ol_loc loc = loc_of(b, c);
	const char *deleter = NULL;
	bool ok;
	ol_var *tv = made_object(b, c, clang_getCursorType(c), m, &deleter,
				 &ok);
	// (what the object holds is the heap's until someone deletes it)
	for (size_t i = 0; i < b->fvars.len; i++)
		if (b->fvars.items[i].obj == tv)
			cxx_escape(b, loc, "new",
				   var_expr(b, b->fvars.items[i].v, loc));
	if (m->kind == CLS_LIB)
		cxx_escape(b, loc, "new", var_expr(b, tv, loc));
}

// A prvalue of a followed class outside an initializer: a cxx_temporary,
// destroyed at the end of the statement (in a condition, not followed).
static ol_expr *temporary_of_type(builder *b, CXCursor c, CXType t,
				  const cls_model *m)
{
	ol_loc loc = loc_of(b, c);
	const char *deleter = NULL;
	bool ok;
	ol_var *tv = made_object(b, c, t, m, &deleter, &ok);
	if (ok) {
		live(b, tv, m, t, deleter, true);
	} else if (m->kind == CLS_LIB && !handle_of_variable(m, c)) {
		// (an owner we do not destroy keeps what it holds; a handle
		// made from a variable holds nothing of its own; one made
		// of a call's result, nothing either, but what it wraps is
		// no longer followed: nanobind's `borrow(PyDict_GetItem(..))`
		// before the reference it takes)
		if (m->destroy)
			cxx_escape(b, loc, "cxx_temporary",
				   var_expr(b, tv, loc));
		else
			cxx_let_go(b, loc, "cxx_temporary",
				   var_expr(b, tv, loc));
	} else if (m->kind == CLS_GUARD) {
		// (a guard's copy made for a by-value argument inside
		// another cxx_temporary: its fields, not destroyed, escape)
		for (size_t i = 0; i < b->fvars.len; i++)
			if (b->fvars.items[i].obj == tv)
				cxx_escape(b, loc, "cxx_temporary",
					   var_expr(b, b->fvars.items[i].v,
						    loc));
	}
	return var_expr(b, tv, loc);
}

ol_expr *cxx_temporary(builder *b, CXCursor c, const cls_model *m)
{
	return temporary_of_type(b, c, clang_getCursorType(c), m);
}

bool cxx_owner_arm(builder *b, CXCursor c, CXType *t, const cls_model **m)
{
	if (!b->cxx || clang_getCursorKind(c) != CXCursor_ConditionalOperator ||
	    clang_getCanonicalType(clang_getCursorType(c)).kind !=
		    CXType_Dependent)
		return false;
	cursor_vec k = {0};
	expr_children(c, &k);
	bool found = false;
	for (size_t i = 1; k.len == 3 && i < 3 && !found; i++) {
		CXCursor a = cxx_strip_all(k.items[i]);
		if (clang_getCursorKind(a) != CXCursor_CallExpr)
			continue;
		CXType at = cxx_call_value_type(a);
		CXType rt = clang_getCanonicalType(clang_getCursorResultType(
			clang_getCursorReferenced(a)));
		if (at.kind != CXType_Record ||
		    rt.kind == CXType_LValueReference ||
		    rt.kind == CXType_RValueReference)
			continue;
		*m = cxx_model_of(b, at);
		*t = at;
		found = (*m)->kind == CLS_LIB;
	}
	OL_VEC_FREE(&k);
	return found;
}

ol_expr *cxx_dependent_conditional(builder *b, CXCursor c)
{
	CXType t;
	const cls_model *m;
	if (!cxx_owner_arm(b, c, &t, &m))
		return NULL;
	return temporary_of_type(b, c, t, m);
}
