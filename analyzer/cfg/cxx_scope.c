/*
 * cxx_scope.c — scope guards: objects that run a lambda when they die
 * (see cxx.c for the whole lowering).
 *
 *   auto cleanup = make_scope_exit([&] { Py_DECREF(o); });
 *   ScopeExit guard([&] { PyBuffer_Release(&view); });
 *
 * Such a class keeps a callable in a field and calls it from its
 * destructor; it is no guard of scalar fields (cxx_model.c), so the
 * object itself is not followed. What matters is the lambda: it runs at
 * every exit of the object's scope, as a destructor would (the scope's
 * objects, cxx.c). So a local whose class's destructor calls one of its
 * fields, and whose initializer holds a lambda, is lowered as that lambda
 * inlined where the object is destroyed.
 *
 * Such guards can usually be dismissed (`guard.dismiss()`, `release()`):
 * any member called on the object disarms it. The object has one flag
 * variable, "g.$armed", set when it is made and cleared by a member call;
 * the destruction runs the lambda only when it is set, so the path that
 * dismissed the guard keeps what the lambda would have released.
 *
 * Not followed: library guards whose destructor is not in the translation
 * unit's text (their callable lives in storage the analysis does not
 * read), a guard whose callable is not a lambda written in its
 * initializer (a named function, a std::function), and what the rest of
 * the initializer does (it is not lowered: a guard's factory only wraps
 * the lambda).
 */
#include "build_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct calls_field {
	bool found;
} calls_field;

static bool is_field_ref(CXCursor c)
{
	c = strip(c);
	return clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
	       clang_getCursorKind(clang_getCursorReferenced(c)) ==
		       CXCursor_FieldDecl;
}

// A call of a field of the class: `f_()` (a function pointer, or a
// dependent callable in a template), `this->f_()`, or the call operator
// of a field, `f_()` of a std::function written `f_.operator()()`.
static enum CXChildVisitResult find_field_call(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	calls_field *cf = data;
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	cursor_vec k = {0};
	children(c, &k);
	CXCursor callee = k.len ? strip(call_callee(c, &k)) : c;
	OL_VEC_FREE(&k);
	if (is_field_ref(callee))
		cf->found = true;
	if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
		cursor_vec m = {0};
		expr_children(callee, &m);
		cf->found |= m.len == 1 && is_field_ref(m.items[0]);
		OL_VEC_FREE(&m);
	}
	CXString sp = clang_getCursorSpelling(c);
	bool op = !strcmp(clang_getCString(sp), "operator()");
	clang_disposeString(sp);
	if (op && clang_Cursor_getNumArguments(c) >= 1)
		cf->found |= is_field_ref(clang_Cursor_getArgument(c, 0));
	return cf->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

// Does the destructor of class `t` call one of the class's fields?
static bool dtor_calls_a_field(CXType t)
{
	CXCursor decl = clang_getTypeDeclaration(cxx_strip_ref(t));
	if (clang_Cursor_isNull(decl))
		return false;
	CXCursor def = clang_getCursorDefinition(decl);
	CXCursor cls = cxx_class_pattern(clang_Cursor_isNull(def) ? decl : def);
	CXCursor dtor = cxx_class_member(cls, CXCursor_Destructor, NULL);
	CXCursor body = clang_Cursor_isNull(dtor) ? dtor : cxx_body_of(dtor);
	if (clang_Cursor_isNull(body))
		return false;
	calls_field cf = {false};
	clang_visitChildren(body, find_field_call, &cf);
	return cf.found;
}

typedef struct lambda_find {
	CXCursor lam;
} lambda_find;

static enum CXChildVisitResult find_lambda(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	lambda_find *lf = data;
	(void)parent;
	CXCursor l = clang_getCursorKind(c) == CXCursor_LambdaExpr
		? c : clang_getCursorKind(c) == CXCursor_DeclRefExpr
		? cxx_lambda_of(c) : clang_getNullCursor();
	if (!clang_Cursor_isNull(l)) {
		lf->lam = l;
		return CXChildVisit_Break;
	}
	// (a lambda's own body holds no guard's callable)
	return clang_getCursorKind(c) == CXCursor_LambdaExpr
		? CXChildVisit_Continue : CXChildVisit_Recurse;
}

static const cls_model scope_model = {.kind = CLS_SCOPE_EXIT};

// The guard `obj`'s flag: set while it is armed.
static ol_var *armed_var(builder *b, ol_var *obj)
{
	ol_type it = {0};
	it.cls = OL_TY_INT;
	it.spelling = intern(b, "int");
	return cxx_field_var(b, obj, intern(b, "$armed"), it);
}

bool cxx_scope_guard(builder *b, ol_var *v, CXCursor d, CXCursor init)
{
	if (!b->cxx || clang_Cursor_isNull(init))
		return false;
	lambda_find lf = {clang_getNullCursor()};
	CXCursor l = cxx_lambda_of(init);
	if (!clang_Cursor_isNull(l))
		lf.lam = l;
	else
		clang_visitChildren(init, find_lambda, &lf);
	if (clang_Cursor_isNull(lf.lam) ||
	    !dtor_calls_a_field(clang_getCursorType(d)))
		return false;
	// (The initializer itself, a factory or a constructor taking the
	// lambda, is not lowered: made as a guard object, its temporary's
	// destruction would run the guard's own flag tests.)
	ol_loc loc = loc_of(b, d);
	emit_assign(b, armed_var(b, v), int_expr(b, 1, loc), loc);
	live_obj o = {v, &scope_model, NULL, lf.lam};
	OL_VEC_PUSH(&b->objs, o);
	return true;
}

void cxx_scope_guard_destroy(builder *b, const live_obj *o, ol_loc at)
{
	ol_block *run = new_block(b), *join = new_block(b);
	branch(b, var_expr(b, armed_var(b, o->var), at), run, join, at, "if");
	start(b, run);
	bool ok;
	cxx_inline_rt(b, o->lambda, NULL, NULL, NULL, 0, at, true, &ok,
		      clang_getResultType(clang_getCursorType(o->lambda)));
	jump(b, join, NULL, at);
	start(b, join);
}

bool cxx_scope_guard_dismissed(builder *b, CXCursor obj, ol_loc loc)
{
	obj = strip(obj);
	if (clang_getCursorKind(obj) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(obj);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return false;
	// (a guard is a variable met already: look it up, make none)
	ol_var *v = cmap_get(&b->var_map, clang_getCanonicalCursor(d));
	for (size_t i = 0; v && i < b->objs.len; i++)
		if (b->objs.items[i].var == v &&
		    b->objs.items[i].m->kind == CLS_SCOPE_EXIT) {
			emit_assign(b, armed_var(b, v), int_expr(b, 0, loc), loc);
			return true;
		}
	return false;
}
