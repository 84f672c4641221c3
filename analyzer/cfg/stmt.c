/*
 * stmt.c — lowering C statements.
 *
 * There is always a "current" block: a statement appends ops to it, and
 * control flow seals it with a terminator and opens the next one. Code
 * after a `return`, `break` or `goto` gets no block (b->cur is NULL) until
 * a label makes it reachable again. `break` and `continue` jump to the
 * innermost enclosing loop's or switch's targets; `case` labels become the
 * switch block's cases (with GNU ranges); `goto` to a label not seen yet
 * creates its block on first mention.
 *
 * `for (init; cond; inc)`: libclang does not say which parts are present,
 * so they are told apart by their tokens' positions (for_parts).
 * Statements this lowering does not know run their children in order,
 * with a note ("lowered approximately").
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static NOINLINE void lower_var_decl(builder *b, CXCursor d)
{
	ol_var *v = var_of(b, d);
	if (v->kind != OL_VAR_LOCAL)
		return; // static locals are initialised once; externs elsewhere
	CXCursor init = clang_Cursor_getVarDeclInitializer(d);
	ol_loc loc = loc_of(b, d);
	if (clang_getCursorKind(init) == CXCursor_InvalidFile)
		init = clang_getNullCursor();
	if (b->cxx) {
		// C++: an object of a class with a destructor (cxx.c), and the
		// initializer's temporaries destroyed after it.
		temps_tok tt = temps_begin(b);
		bool done = cxx_var_decl(b, v, d, init);
		if (!done && !clang_Cursor_isNull(init)) {
			ol_expr *e = lower_expr(b, init, true);
			// (`py::class_<T> v(m, name)`: a construction of a
			// library owner's dependent type)
			if (e->kind == OL_E_UNKNOWN && !e->text &&
			    clang_getCursorType(init).kind == CXType_Invalid &&
			    clang_getCursorKind(init) == CXCursor_UnexposedExpr &&
			    cxx_model_of(b, clang_getCursorType(d))->kind ==
				    CLS_LIB)
				cxx_dependent_construction(
					e, clang_getCursorType(d));
			emit_assign(b, v, e, loc);
		} else if (!done)
			emit_op(b, (ol_op){.kind = OL_OPK_DECL, .loc = loc,
					   .var = v});
		flush_noreturn(b);
		temps_end(b, tt, loc);
		cleanup_var_declared(b, v, d);
		return;
	}
	if (clang_Cursor_isNull(init) ||
	    clang_getCursorKind(init) == CXCursor_InvalidFile) {
		ol_op op = {.kind = OL_OPK_DECL, .loc = loc, .var = v};
		emit_op(b, op);
	} else {
		emit_assign(b, v, lower_expr(b, init, true), loc);
		flush_noreturn(b);
	}
	cleanup_var_declared(b, v, d); // (`__attribute__((cleanup(fn)))`)
}

typedef struct name_scan {
	builder *b;
	OL_VEC(const char *) names; // interned
} name_scan;

static enum CXChildVisitResult names_referenced(CXCursor c, CXCursor parent,
						CXClientData data)
{
	(void)parent;
	name_scan *ns = data;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		const char *n = intern_cx(ns->b, clang_getCursorSpelling(c));
		if (n && *n)
			OL_VEC_PUSH(&ns->names, n);
	}
	return CXChildVisit_Recurse;
}

// A class local to the function, whose member functions are not
// analyzed: a scope guard's (Boost's `BOOST_SCOPE_EXIT(&type, &value) {
// Py_XDECREF(type); .. } BOOST_SCOPE_EXIT_END` declares one, whose
// destructor runs that body at the scope's end with the variables it
// names: mworks' formatException, 3 false rows of C++ round 118). What
// the variables of the function that its bodies name (by name: the
// guard's parameters take the captured variables' names) hold is the
// guard's to release, as a cleanup attribute's is: no longer followed.
static void local_class_skipped(builder *b, CXCursor cls)
{
	name_scan ns = {b, {0}};
	clang_visitChildren(cls, names_referenced, &ns);
	for (size_t i = 0; i < b->vars.len; i++) {
		ol_var *v = b->vars.items[i];
		for (size_t k = 0; v->kind == OL_VAR_LOCAL && v->name &&
				   k < ns.names.len; k++)
			if (!strcmp(v->name, ns.names.items[k]))
				v->cleanup = true;
	}
	OL_VEC_FREE(&ns.names);
	note(b, "line %u: skipped: the member functions of a class local to "
		"the function are not analyzed (what they name of the "
		"function's variables is no longer followed)",
	     loc_of(b, cls).line);
}

static NOINLINE void lower_decl_stmt(builder *b, CXCursor s)
{
	cursor_vec kids = {0};
	children(s, &kids);
	for (size_t i = 0; i < kids.len; i++) {
		enum CXCursorKind k = clang_getCursorKind(kids.items[i]);
		if (k == CXCursor_VarDecl)
			lower_var_decl(b, kids.items[i]);
		else if (b->cxx && (k == CXCursor_ClassDecl ||
				   k == CXCursor_StructDecl))
			local_class_skipped(b, kids.items[i]);
	}
	OL_VEC_FREE(&kids);
}

// Lowers the leading children of if/while/switch that are not the
// condition (C++ init statements and condition variables).
NOINLINE void lower_prefix(builder *b, CXCursor *ks, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_VarDecl)
			lower_var_decl(b, ks[i]);
		else if (clang_isStatement(k) || clang_isExpression(k))
			lower_stmt(b, ks[i]);
	}
}

// Where the objects of statement `s`'s scope are destroyed: its last
// character (a block's `}`), or, inlined, the call site; `{0}` when it
// has none.
static ol_loc scope_end(builder *b, CXCursor s)
{
	ol_loc at = {0};
	if (b->objs.len <= b->scopes.items[b->scopes.len - 1].objs)
		return at;
	CXSourceLocation e = clang_getRangeEnd(clang_getCursorExtent(s));
	at = loc_of(b, s);
	CXFile f;
	unsigned line, col;
	clang_getExpansionLocation(e, &f, &line, &col, NULL);
	if (!b->inl.len || !b->inl.items[b->inl.len - 1].site.line) {
		at.line = line;
		at.col = col > 1 ? col - 1 : col;
	}
	return at;
}

// (C++) `if` statement `s` declares something before its condition (a
// condition variable, `if (auto it = get_iter(o))`, or an init
// statement).
static bool if_declares(CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	bool yes = k.len && !clang_isExpression(clang_getCursorKind(k.items[0]));
	OL_VEC_FREE(&k);
	return yes;
}

static NOINLINE void lower_if(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	ol_block *join = NULL; // created after the first arms: dump order
	// (C++) An object its condition declares lives for the statement
	// (both arms, its `else if`s): destroyed at its end, on the paths
	// that made it only. An `else if` that declares one is lowered as a
	// statement of its own, with its own end.
	CXCursor whole = s;
	bool scoped = b->cxx && if_declares(s);
	if (scoped)
		scope_open(b, s);
	// `else if` chains are walked in this loop, not by recursion.
	for (;;) {
		children(s, &k);
		size_t p = 0;
		while (p < k.len &&
		       !clang_isExpression(clang_getCursorKind(k.items[p])))
			p++;
		if (k.len - p < 2) { // broken code: no condition or body
			lower_prefix(b, k.items, k.len);
			break;
		}
		lower_prefix(b, k.items, p);
		CXCursor cond = k.items[p], then = k.items[p + 1];
		bool has_else = k.len - p >= 3;
		CXCursor els = has_else ? k.items[p + 2] : then;
		ol_block *tb = new_block(b);
		ol_block *fb = has_else ? new_block(b) : NULL;
		if (!join)
			join = new_block(b);
		if (!fb)
			fb = join;
		lower_cond_of(b, s, cond, tb, fb, "if");
		start(b, tb);
		lower_stmt(b, then);
		jump(b, join, NULL, loc_of(b, then));
		if (!has_else)
			break;
		start(b, fb);
		if (clang_getCursorKind(els) == CXCursor_IfStmt &&
		    b->depth < MAX_DEPTH && !(b->cxx && if_declares(els))) {
			s = els;
			continue;
		}
		lower_stmt(b, els);
		break;
	}
	OL_VEC_FREE(&k);
	if (join)
		start(b, join);
	if (scoped)
		scope_close(b, scope_end(b, whole));
}

void push_jump(builder *b, ol_block *brk, ol_block *cont)
{
	jump_ctx j = {brk, cont, b->objs.len};
	OL_VEC_PUSH(&b->jumps, j);
}

static NOINLINE void lower_while(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len < 2) {
		lower_prefix(b, k.items, k.len);
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor cond = k.items[k.len - 2], body = k.items[k.len - 1];
	ol_block *head = new_block(b), *bb = new_block(b),
		 *exit = new_block(b);
	start(b, head);
	// (C++) An object declared in the condition, `while (Ref item{
	// PyIter_Next(it)})`, lives for one iteration: destroyed at the
	// body's end, when the test fails, and by a break or continue.
	size_t depth = b->objs.len;
	if (b->cxx)
		scope_open(b, s);
	lower_prefix(b, k.items, k.len - 2);
	OL_VEC_FREE(&k);
	bool cond_objs = b->cxx && b->objs.len > depth;
	ol_block *failed = cond_objs ? new_block(b) : exit;
	lower_cond_of(b, s, cond, bb, failed, "while");
	jump_ctx j = {exit, head, depth};
	OL_VEC_PUSH(&b->jumps, j);
	start(b, bb);
	lower_stmt(b, body);
	if (cond_objs && b->cur)
		destroy_down_to(b, depth, loc_of(b, s));
	jump(b, head, NULL, loc_of(b, s));
	b->jumps.len--;
	if (cond_objs) {
		start(b, failed);
		destroy_down_to(b, depth, loc_of(b, s));
		jump(b, exit, NULL, loc_of(b, s));
	}
	if (b->cxx) {
		b->scopes.len--;
		b->objs.len = depth;
	}
	start(b, exit);
}

static NOINLINE void lower_do(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len != 2) {
		lower_prefix(b, k.items, k.len);
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor body = k.items[0], cond = k.items[1];
	OL_VEC_FREE(&k);
	ol_block *bb = new_block(b), *cb = new_block(b), *exit = new_block(b);
	start(b, bb);
	push_jump(b, exit, cb);
	lower_stmt(b, body);
	b->jumps.len--;
	start(b, cb);
	lower_cond_of(b, s, cond, bb, exit, "do-while");
	start(b, exit);
}

// Is `c` (stripped) an expression that only makes sense as the third part
// of a `for`: ++, --, compound assignment?
static bool looks_like_inc(CXCursor c)
{
	c = strip(c);
	enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
	return u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
	       u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec ||
	       clang_getCursorKind(c) == CXCursor_CompoundAssignOperator;
}

static bool looks_like_init(CXCursor c)
{
	c = strip(c);
	return clang_getCursorKind(c) == CXCursor_DeclStmt ||
	       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
}

// Sorts the `np` clause children of a ForStmt into init/cond/inc (absent
// clauses are not visited by libclang). Uses the `;` tokens when the
// `for` is written in the file; inside a macro, guesses from their shape.
static void for_parts(builder *b, CXCursor s, CXCursor body, CXCursor *ks,
		      size_t np, CXCursor *part[3])
{
	if (np == 3) {
		part[0] = &ks[0], part[1] = &ks[1], part[2] = &ks[2];
		return;
	}
	if (np == 0)
		return;
	CXSourceLocation from = clang_getRangeStart(clang_getCursorExtent(s));
	CXSourceLocation to = clang_getRangeStart(clang_getCursorExtent(body));
	if (same_spot(from) && same_spot(to)) {
		CXToken *toks = NULL;
		unsigned n = 0, depth = 0, semi[2] = {~0u, ~0u}, ns = 0;
		clang_tokenize(b->tu, clang_getRange(from, to), &toks, &n);
		for (unsigned i = 0; i < n && ns < 2; i++) {
			if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
				continue;
			CXString sp = clang_getTokenSpelling(b->tu, toks[i]);
			const char *p = clang_getCString(sp);
			if (strchr("([{", p[0]) && p[1] == 0)
				depth++;
			else if (strchr(")]}", p[0]) && p[1] == 0 && depth)
				depth--;
			else if (p[0] == ';' && depth == 1) {
				unsigned off;
				clang_getExpansionLocation(
					clang_getTokenLocation(b->tu, toks[i]),
					NULL, NULL, NULL, &off);
				semi[ns++] = off;
			}
			clang_disposeString(sp);
		}
		if (toks)
			clang_disposeTokens(b->tu, toks, n);
		if (ns == 2) {
			for (size_t i = 0; i < np; i++) {
				unsigned off;
				clang_getExpansionLocation(
					clang_getRangeStart(
						clang_getCursorExtent(ks[i])),
					NULL, NULL, NULL, &off);
				int which = off < semi[0] ? 0 :
					    off < semi[1] ? 1 : 2;
				part[which] = &ks[i];
			}
			return;
		}
	}
	// Guess: the first clause is init if it looks like one, the last
	// is inc if it looks like one, the rest is cond.
	size_t i = 0;
	if (looks_like_init(ks[0]) && (np == 2 || !looks_like_inc(ks[0])))
		part[0] = &ks[i++];
	if (i < np && looks_like_inc(ks[np - 1]) && (np - i == 2 || np == 1))
		part[2] = &ks[np - 1], np--;
	if (i < np)
		part[1] = &ks[i++];
	if (i < np)
		part[2] = &ks[i];
}

// See ol_block.cases_cover_type. The values of a switch's cases are
// distinct (C forbids a duplicate), so the values they take in the span
// add up to its size exactly when they cover it.
static bool cases_cover_type(const ol_block *sw)
{
	const ol_type *t = &sw->cond->type;
	long long lo = t->range_lo;
	long long hi = t->from_enum ? t->enum_hi : t->range_hi;
	if (!t->has_range || hi < lo)
		return false;
	unsigned long long covered = 0;
	for (unsigned k = 0; k < sw->ncases; k++) {
		long long a = sw->cases[k].lo > lo ? sw->cases[k].lo : lo;
		long long z = sw->cases[k].hi < hi ? sw->cases[k].hi : hi;
		if (a <= z)
			covered += (unsigned long long)(z - a) + 1;
	}
	// An enum whose values leave gaps (`none = 0, udp = 1, shm = 4,
	// tcp = 5`): as many distinct case values in its span as it has
	// enumerators handle each of them (ecal's PopulateTopics2List).
	if (t->from_enum && t->enum_count && covered == t->enum_count)
		return true;
	return covered == (unsigned long long)(hi - lo) + 1;
}

static NOINLINE void lower_for(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len == 0) {
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor body = k.items[k.len - 1];
	CXCursor *part[3] = {NULL, NULL, NULL};
	for_parts(b, s, body, k.items, k.len - 1, part);
	if (part[0])
		lower_stmt(b, *part[0]);
	ol_block *head = new_block(b), *bb = new_block(b);
	ol_block *step = part[2] ? new_block(b) : head;
	ol_block *exit = new_block(b);
	start(b, head);
	if (part[1])
		lower_cond_of(b, s, *part[1], bb, exit, "for");
	push_jump(b, exit, step);
	start(b, bb);
	if (part[1])
		OL_VEC_PUSH(&b->for_conds, *part[1]);
	lower_stmt(b, body);
	if (part[1])
		b->for_conds.len--;
	b->jumps.len--;
	if (part[2]) {
		start(b, step);
		emit_eval(b, lower_expr(b, *part[2], false));
		flush_noreturn(b);
	}
	jump(b, head, NULL, loc_of(b, s));
	OL_VEC_FREE(&k);
	start(b, exit);
}

static NOINLINE void lower_switch(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len < 2) {
		lower_prefix(b, k.items, k.len);
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor cond = k.items[k.len - 2], body = k.items[k.len - 1];
	lower_prefix(b, k.items, k.len - 2);
	OL_VEC_FREE(&k);
	ol_expr *c = lower_expr(b, cond, true);
	ol_block *exit = new_block(b);
	switch_ctx sc = {0};
	sc.sw = seal(b, OL_TERM_SWITCH, c, c->loc, "switch");
	OL_VEC_PUSH(&b->switches, sc);
	push_jump(b, exit, NULL);
	lower_stmt(b, body); // starts unreachable: code before any `case`
	jump(b, exit, NULL, loc_of(b, s));
	b->jumps.len--;
	sc = b->switches.items[--b->switches.len];
	if (sc.sw->term == OL_TERM_SWITCH) {
		sc.sw->ncases = (unsigned)sc.cases.len;
		sc.sw->cases = ol_arena_memdup(b->a, sc.cases.items,
					       sc.cases.len * sizeof(ol_case));
		sc.sw->default_succ = sc.def ? sc.def : exit;
		sc.sw->cases_cover_type = cases_cover_type(sc.sw);
	}
	OL_VEC_FREE(&sc.cases);
	start(b, exit);
}

// `case`/`default` labels; a run of them (`case 1: case 2: stmt`) is
// handled in this loop. Outside a switch (broken code) they are ignored.
static NOINLINE void lower_case(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	for (;;) {
		enum CXCursorKind kind = clang_getCursorKind(s);
		if (kind != CXCursor_CaseStmt && kind != CXCursor_DefaultStmt)
			break;
		children(s, &k);
		if (k.len == 0)
			goto out;
		CXCursor sub = k.items[k.len - 1];
		if (b->switches.len) {
			switch_ctx *sc = &b->switches.items[b->switches.len - 1];
			ol_block *blk = new_block(b);
			start(b, blk);
			if (kind == CXCursor_DefaultStmt) {
				sc->def = blk;
			} else if (k.len >= 2) {
				ol_case cs = {0, 0, blk};
				if (!eval_int(k.items[0], &cs.lo))
					note(b, "case value not constant");
				cs.hi = cs.lo;
				if (k.len >= 3 &&
				    !eval_int(k.items[1], &cs.hi))
					cs.hi = cs.lo;
				OL_VEC_PUSH(&sc->cases, cs);
			}
		}
		s = sub;
	}
	lower_stmt(b, s);
out:
	OL_VEC_FREE(&k);
}

static ol_block *label_block(builder *b, CXCursor lab)
{
	ol_block *blk = cmap_get(&b->label_map, lab);
	if (!blk) {
		blk = new_block(b);
		cmap_put(&b->label_map, lab, blk);
	}
	return blk;
}

static NOINLINE void lower_label(builder *b, CXCursor s)
{
	ol_block *blk = label_block(b, s);
	blk->label = intern_cx(b, clang_getCursorSpelling(s));
	start(b, blk);
	cursor_vec k = {0};
	children(s, &k);
	if (k.len)
		lower_stmt(b, k.items[k.len - 1]);
	OL_VEC_FREE(&k);
}

static NOINLINE void lower_goto(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	CXCursor lab = clang_getNullCursor();
	if (k.len)
		lab = clang_getCursorReferenced(k.items[0]);
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(lab) ||
	    clang_getCursorKind(lab) != CXCursor_LabelStmt) {
		note(b, "goto to an unknown label ends the path");
		seal(b, OL_TERM_NORETURN, NULL, loc_of(b, s), "goto");
		return;
	}
	cxx_goto(b, lab, loc_of(b, s)); // (C++) objects of scopes left
	jump(b, label_block(b, lab), "goto", loc_of(b, s));
	b->cur = NULL;
}

static NOINLINE void lower_return(builder *b, CXCursor s)
{
	CXCursor rv;
	if (cxx_return(b, s, &rv)) // destructors after the value
		return;
	cursor_vec k = {0};
	expr_children(s, &k);
	ol_expr *v = k.len ? lower_expr(b, k.items[0], true) : NULL;
	OL_VEC_FREE(&k);
	seal(b, OL_TERM_RETURN, v, loc_of(b, s), NULL);
}

static NOINLINE void lower_other(builder *b, CXCursor s, enum CXCursorKind k)
{
	cursor_vec kids = {0};
	if (k != CXCursor_UnexposedStmt)
		note_approx(b, s, k);
	children(s, &kids);
	for (size_t i = 0; i < kids.len; i++) {
		enum CXCursorKind ck = clang_getCursorKind(kids.items[i]);
		if (ck == CXCursor_VarDecl)
			lower_var_decl(b, kids.items[i]);
		else if (clang_isStatement(ck) || clang_isExpression(ck))
			lower_stmt(b, kids.items[i]);
	}
	OL_VEC_FREE(&kids);
}

static void lower_stmt_kind(builder *b, CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	cursor_vec kids = {0};
	switch (k) {
	case CXCursor_CompoundStmt: {
		children(s, &kids);
		// (C: the variables a cleanup attribute names, cleanup.c)
		scope_open(b, s);
		for (size_t i = 0; i < kids.len && !b->err; i++)
			lower_stmt(b, kids.items[i]);
		// The block's objects are destroyed at its `}`.
		scope_close(b, scope_end(b, s));
		break;
	}
	case CXCursor_DeclStmt:
		lower_decl_stmt(b, s);
		break;
	case CXCursor_IfStmt:
		lower_if(b, s);
		break;
	case CXCursor_WhileStmt:
		lower_while(b, s);
		break;
	case CXCursor_DoStmt:
		lower_do(b, s);
		break;
	case CXCursor_ForStmt:
		lower_for(b, s);
		break;
	case CXCursor_SwitchStmt:
		lower_switch(b, s);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		lower_case(b, s);
		break;
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt: {
		bool brk = k == CXCursor_BreakStmt;
		for (size_t i = b->jumps.len; i-- > 0;) {
			jump_ctx *j = &b->jumps.items[i];
			ol_block *to = brk ? j->brk : j->cont;
			if (!to)
				continue;
			// (C++) the objects of the scopes it leaves
			destroy_down_to(b, j->objs, loc_of(b, s));
			jump(b, to, brk ? "break" : "continue", loc_of(b, s));
			break;
		}
		b->cur = NULL;
		break;
	}
	case CXCursor_LabelStmt:
		lower_label(b, s);
		break;
	case CXCursor_GotoStmt:
		lower_goto(b, s);
		break;
	case CXCursor_IndirectGotoStmt: {
		expr_children(s, &kids);
		ol_expr *e = kids.len ? lower_expr(b, kids.items[0], true) :
					NULL;
		ol_block *blk = seal(b, OL_TERM_GOTO, e, loc_of(b, s),
				     "goto *");
		if (blk->term == OL_TERM_GOTO)
			OL_VEC_PUSH(&b->indirect, blk);
		break;
	}
	case CXCursor_ReturnStmt:
		lower_return(b, s);
		break;
	case CXCursor_NullStmt:
		break;
	case CXCursor_CXXForRangeStmt:
		lower_range_for(b, s);
		break;
	case CXCursor_CXXTryStmt:
		lower_try(b, s);
		break;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		emit_eval(b, lower_unknown(b, s, "asm"));
		break;
	default:
		if (clang_isExpression(k)) {
			// (C++) the statement's temporaries die at its end
			temps_tok tt = temps_begin(b);
			emit_eval(b, lower_expr(b, s, false));
			flush_noreturn(b);
			temps_end(b, tt, loc_of(b, s));
			break;
		}
		if (k == CXCursor_VarDecl) {
			lower_var_decl(b, s);
			break;
		}
		if (clang_isDeclaration(k) || clang_isInvalid(k))
			break;
		lower_other(b, s, k);
		break;
	}
	OL_VEC_FREE(&kids);
}

void lower_stmt(builder *b, CXCursor s)
{
	if (b->err)
		return;
	if (++b->depth > MAX_DEPTH) {
		fail(b, OL_EPARSE, loc_of(b, s), "statement nested too deeply");
	} else {
		lower_stmt_kind(b, s);
		flush_noreturn(b);
	}
	b->depth--;
}
