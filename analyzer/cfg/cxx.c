/*
 * cxx.c — lowering C++ statements.
 *
 * Approximations, each with a note on the function:
 *   for (x : range) body   a loop on an unknown condition;
 *   try { } catch (...)    each handler may be entered instead of the
 *                          body (exceptions are not modelled yet: a throw
 *                          is not an exit, destructors do not run).
 * Member functions, lambdas and templates are not lowered (frontend/tu.c
 * lowers plain function definitions only).
 */
#include "build_int.h"

#include "../base/strbuf.h"
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

// C++ `for (x : range) body`: a loop on an unknown condition.
NOINLINE void lower_range_for(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len == 0)
		goto out;
	ol_block *head = new_block(b), *bb = new_block(b), *exit = new_block(b);
	start(b, head);
	branch(b, unknown_cond(b, s, "range-for"), bb, exit, loc_of(b, s),
	       "for");
	start(b, bb);
	lower_prefix(b, k.items, k.len - 1);
	push_jump(b, exit, head);
	lower_stmt(b, k.items[k.len - 1]);
	b->jumps.len--;
	jump(b, head, NULL, loc_of(b, s));
	start(b, exit);
out:
	OL_VEC_FREE(&k);
}

// C++ `try { } catch`: each handler may be entered instead of the body
// (an approximation: exceptions are not modelled).
NOINLINE void lower_try(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	ol_block *join = new_block(b);
	ol_block **hs = ol_xcalloc(k.len ? k.len : 1, sizeof(*hs));
	for (size_t i = 1; i < k.len; i++) {
		ol_block *next = new_block(b);
		hs[i] = new_block(b);
		branch(b, unknown_cond(b, k.items[i], "catch"), next, hs[i],
		       loc_of(b, k.items[i]), "catch");
		start(b, next);
	}
	if (k.len)
		lower_stmt(b, k.items[0]);
	jump(b, join, NULL, loc_of(b, s));
	for (size_t i = 1; i < k.len; i++) {
		cursor_vec h = {0};
		start(b, hs[i]);
		children(k.items[i], &h);
		lower_prefix(b, h.items, h.len);
		OL_VEC_FREE(&h);
		jump(b, join, NULL, loc_of(b, s));
	}
	free(hs);
	OL_VEC_FREE(&k);
	start(b, join);
}
