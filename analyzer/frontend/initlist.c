/*
 * initlist.c — reading C initializers (initlist.h).
 *
 * An initializer list is read in its syntactic form, as libclang visits
 * it: a designated initializer (`.tp_dealloc = f`) is a child whose first
 * children are MemberRef cursors naming the field, then the value; a
 * positional one is the value alone, matched to the struct's fields in
 * declaration order (the ob_base/m_base head is itself a braced list and
 * takes the first field). Nested designators (`.a.b = x`) are not read.
 */
#include "initlist.h"

#include <stdlib.h>
#include <string.h>

char *ol_initlist_spell(ol_arena *a, CXString s)
{
	char *r = ol_arena_strdup(a, clang_getCString(s));
	clang_disposeString(s);
	return r;
}

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	OL_VEC_PUSH((ol_cursor_vec *)data, c);
	return CXChildVisit_Continue;
}

void ol_initlist_children(CXCursor c, ol_cursor_vec *out)
{
	out->len = 0;
	clang_visitChildren(c, collect_child, out);
}

typedef struct fields {
	ol_arena *a;
	OL_VEC(const char *) names;
} fields;

static enum CXVisitorResult field_name(CXCursor c, CXClientData data)
{
	fields *f = data;
	OL_VEC_PUSH(&f->names,
		    ol_initlist_spell(f->a, clang_getCursorSpelling(c)));
	return CXVisit_Continue;
}

void ol_initlist_items(ol_arena *a, CXCursor init, CXType t,
		       ol_init_item_vec *out)
{
	ol_cursor_vec kids = {0}, sub = {0};
	fields f = {.a = a};
	size_t next = 0;

	clang_Type_visitFields(clang_getCanonicalType(t), field_name, &f);
	ol_initlist_children(init, &kids);
	for (size_t i = 0; i < kids.len; i++) {
		CXCursor k = kids.items[i];
		ol_init_item it = {NULL, k};
		ol_initlist_children(k, &sub);
		if (sub.len >= 2 &&
		    clang_getCursorKind(sub.items[0]) == CXCursor_MemberRef &&
		    clang_getCursorKind(sub.items[1]) != CXCursor_MemberRef) {
			it.field = ol_initlist_spell(
				a, clang_getCursorSpelling(sub.items[0]));
			it.value = sub.items[1];
			for (size_t n = 0; n < f.names.len; n++)
				if (!strcmp(f.names.items[n], it.field))
					next = n;
		} else if (next < f.names.len) {
			it.field = f.names.items[next];
		}
		next++;
		if (it.field)
			OL_VEC_PUSH(out, it);
	}
	OL_VEC_FREE(&kids);
	OL_VEC_FREE(&sub);
	OL_VEC_FREE(&f.names);
}

typedef struct fn_find {
	CXCursor fn;
	bool found;
} fn_find;

static enum CXChildVisitResult find_fn(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	fn_find *f = data;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(c);
		// (or a static member function: `(destructor)Foo::dealloc`)
		enum CXCursorKind k = clang_getCursorKind(r);
		if (k == CXCursor_FunctionDecl ||
		    (k == CXCursor_CXXMethod && clang_CXXMethod_isStatic(r))) {
			f->fn = r;
			f->found = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

bool ol_initlist_function(CXCursor e, CXCursor *out)
{
	fn_find f = {0};
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		find_fn(e, e, &f);
	if (!f.found)
		clang_visitChildren(e, find_fn, &f);
	if (f.found)
		*out = f.fn;
	return f.found;
}

bool ol_initlist_eval_int(CXCursor e, long long *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool ok = false;
	if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_getAsLongLong(r);
		ok = true;
	}
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}
