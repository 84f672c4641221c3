/*
 * expr.c — lowering expressions and conditions.
 *
 * Expressions keep their C shape (cfg.h) except for the parts that are
 * control flow: `&&`, `||`, `?:`, the comma operator and GNU statement
 * expressions become blocks. When such a part runs after a sibling operand
 * that has side effects (`f(g(), a && b)`), the sibling is first copied
 * into a temporary at the point where it ran, so calls keep C's
 * left-to-right order. Casts and parentheses are dropped.
 *
 * A call records what the engine needs of its callee from the declaration:
 * its name (or the pointer expression), the macro it was written as, and
 * what calleedecl.c reads of the declaration (its ownership attributes,
 * which parameters are `void *`, whether it never returns: its path then
 * ends after the statement).
 *
 * A condition is lowered into branches directly: true and false targets,
 * with `&&`, `||`, `!`, `?:` and the comma operator as chains.
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


bool eval_int(CXCursor c, long long *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool ok = false;
	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		if (clang_EvalResult_isUnsignedInt(r))
			*out = (long long)clang_EvalResult_getAsUnsigned(r);
		else
			*out = clang_EvalResult_getAsLongLong(r);
		ok = true;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

// Is `c` a wrapper that changes neither value nor effects: parentheses,
// casts, implicit conversions, __extension__?
static bool is_transparent(CXCursor c, CXCursor *inner)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
	    k != CXCursor_UnexposedExpr && k != CXCursor_UnaryOperator &&
	    k != CXCursor_CXXStaticCastExpr &&
	    k != CXCursor_CXXFunctionalCastExpr &&
	    k != CXCursor_CXXConstCastExpr &&
	    k != CXCursor_CXXReinterpretCastExpr)
		return false;
	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Extension)
		return false;
	cursor_vec v = {0};
	expr_children(c, &v);
	bool ok = v.len == 1;
	if (ok)
		*inner = v.items[0];
	OL_VEC_FREE(&v);
	return ok;
}

// Strips transparent wrappers, and __builtin_expect() in conditions.
CXCursor strip(CXCursor c)
{
	CXCursor in;
	for (unsigned n = 0; n < 10000 && is_transparent(c, &in); n++)
		c = in;
	return c;
}

static bool is_call_to(CXCursor c, const char *name)
{
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXString s = clang_getCursorSpelling(c);
	const char *p = clang_getCString(s);
	bool r = p && strcmp(p, name) == 0;
	clang_disposeString(s);
	return r;
}

static bool is_expect(CXCursor c)
{
	return (is_call_to(c, "__builtin_expect") ||
		is_call_to(c, "__builtin_expect_with_probability")) &&
	       clang_Cursor_getNumArguments(c) >= 1;
}

static CXCursor strip_cond(CXCursor c)
{
	for (unsigned n = 0; n < 10000; n++) {
		c = strip(c);
		if (!is_expect(c))
			break;
		c = clang_Cursor_getArgument(c, 0);
	}
	return c;
}

// If `c` comes from the body of a macro, returns the name of the
// outermost macro at the expansion site, else NULL. Tokens that come
// from a macro argument were written by the user and do not count.
static const char *macro_of(builder *b, CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile ef = NULL, sf = NULL;
	unsigned eoff = 0, soff = 0;
	clang_getExpansionLocation(l, &ef, NULL, NULL, &eoff);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &soff);
	if (!ef || (sf && clang_File_isEqual(ef, sf) && soff >= eoff))
		return NULL; // not a macro, or a macro argument
	CXSourceLocation at = clang_getLocationForOffset(b->tu, ef, eoff);
	CXToken *toks = NULL;
	unsigned n = 0;
	const char *name = NULL;
	clang_tokenize(b->tu, clang_getRange(at, at), &toks, &n);
	if (n >= 1 && clang_getTokenKind(toks[0]) == CXToken_Identifier)
		name = intern_cx(b, clang_getTokenSpelling(b->tu, toks[0]));
	if (toks)
		clang_disposeTokens(b->tu, toks, n);
	return name;
}

// Lowers the operand cursors `cs` left to right into `out`. When operand
// i creates blocks, earlier operands with effects are moved into
// temporaries at the point where they ran, before operand i.
static void lower_list(builder *b, const CXCursor *cs, unsigned n,
		       ol_expr **out)
{
	for (unsigned i = 0; i < n; i++) {
		ol_block *pre = cur(b);
		size_t pos = b->bs.items[pre->id].ops.len;
		out[i] = lower_expr(b, cs[i], true);
		if (b->cur == pre)
			continue;
		for (unsigned j = 0; j < i; j++) {
			if (!has_effects(out[j]) ||
			    out[j]->type.cls == OL_TY_VOID)
				continue;
			ol_var *t = new_temp(b, out[j]->type, out[j]->loc);
			ol_op op = {.kind = OL_OPK_EVAL, .loc = out[j]->loc};
			op.expr = assign_expr(b, var_expr(b, t, out[j]->loc),
					      out[j], out[j]->loc);
			bstate *st = &b->bs.items[pre->id];
			OL_VEC_GROW(&st->ops, st->ops.len + 1);
			memmove(&st->ops.items[pos + 1], &st->ops.items[pos],
				(st->ops.len - pos) * sizeof(ol_op));
			st->ops.items[pos++] = op;
			st->ops.len++;
			out[j] = var_expr(b, t, out[j]->loc);
		}
	}
}

static ol_opcode binop_of(enum CXBinaryOperatorKind k, bool *assign)
{
	*assign = false;
	switch (k) {
	case CXBinaryOperator_Mul: return OL_OP_MUL;
	case CXBinaryOperator_Div: return OL_OP_DIV;
	case CXBinaryOperator_Rem: return OL_OP_MOD;
	case CXBinaryOperator_Add: return OL_OP_ADD;
	case CXBinaryOperator_Sub: return OL_OP_SUB;
	case CXBinaryOperator_Shl: return OL_OP_SHL;
	case CXBinaryOperator_Shr: return OL_OP_SHR;
	case CXBinaryOperator_LT: return OL_OP_LT;
	case CXBinaryOperator_GT: return OL_OP_GT;
	case CXBinaryOperator_LE: return OL_OP_LE;
	case CXBinaryOperator_GE: return OL_OP_GE;
	case CXBinaryOperator_EQ: return OL_OP_EQ;
	case CXBinaryOperator_NE: return OL_OP_NE;
	case CXBinaryOperator_And: return OL_OP_AND;
	case CXBinaryOperator_Xor: return OL_OP_XOR;
	case CXBinaryOperator_Or: return OL_OP_OR;
	default: break;
	}
	*assign = true;
	switch (k) {
	case CXBinaryOperator_Assign: return OL_OP_NONE;
	case CXBinaryOperator_MulAssign: return OL_OP_MUL;
	case CXBinaryOperator_DivAssign: return OL_OP_DIV;
	case CXBinaryOperator_RemAssign: return OL_OP_MOD;
	case CXBinaryOperator_AddAssign: return OL_OP_ADD;
	case CXBinaryOperator_SubAssign: return OL_OP_SUB;
	case CXBinaryOperator_ShlAssign: return OL_OP_SHL;
	case CXBinaryOperator_ShrAssign: return OL_OP_SHR;
	case CXBinaryOperator_AndAssign: return OL_OP_AND;
	case CXBinaryOperator_XorAssign: return OL_OP_XOR;
	case CXBinaryOperator_OrAssign: return OL_OP_OR;
	default: break;
	}
	*assign = false;
	return OL_OP_NONE;
}

// (C++) Type `t` is a template's type parameter (`T`, canonically
// `type-parameter-0-0`).
static bool type_parameter(CXType t)
{
	CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
	const char *n = clang_getCString(sp);
	bool yes = n && !strncmp(n, "type-parameter-", 15);
	clang_disposeString(sp);
	return yes;
}

// OL_E_UNKNOWN whose arguments are the expression children of `c`, so
// calls inside still run. (C++) A call that names no declaration, one
// whose callee or type depends on a template parameter
// (`py::class_<Owner<T>>(m, name)` in a template's pattern), is a call of
// an unknown callee: it borrows what it is given, as unknown callees do,
// rather than storing it as an aggregate would. But `T(o)`, an object of
// the template's type parameter T made of them (pythoncpp's `py_cast<T>(o)
// { Py_INCREF(o); return T(o); }`, C++ round 102), is what T's
// specializations make of them, an owner that takes the reference over
// among them: they escape.
// cxx_dependent_construction() makes `e` that call (lower_unknown()
// below); the same holds of a variable of a dependent type constructed
// in place (`py::class_<T> ax(m, name);`, boost-histogram's
// register_axis, whose `m` was read as stolen: 3 false rows of C++
// round 121), whose initializer libclang shows as an expression with no
// type (stmt.c): `made` is the variable's type.
void cxx_dependent_construction(ol_expr *e, CXType made)
{
	e->kind = OL_E_CALL;
	if (type_parameter(made))
		e->void_params = ~0u;
}

NOINLINE ol_expr *lower_unknown(builder *b, CXCursor c, const char *text)
{
	ol_expr *e = mk(b, OL_E_UNKNOWN, c);
	if (b->cxx && !text && clang_getCursorKind(c) == CXCursor_CallExpr)
		cxx_dependent_construction(e, clang_getCursorType(c));
	cursor_vec kids = {0};
	expr_children(c, &kids);
	e->text = text;
	if (kids.len) {
		e->nargs = (unsigned)kids.len;
		e->args = OL_NEW_ARRAY(b->a, ol_expr *, kids.len);
		lower_list(b, kids.items, e->nargs, e->args);
	}
	OL_VEC_FREE(&kids);
	return e;
}

// `a && b`, `a || b`, `!…` as a value: $t = 1 / $t = 0 in two blocks.
// In effect context (`a && f();`) the right operand just runs
// conditionally.
static NOINLINE ol_expr *lower_logical(builder *b, CXCursor c, bool want)
{
	ol_loc loc = loc_of(b, c);
	ol_block *j;
	enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(c);
	if (!want && (bk == CXBinaryOperator_LAnd || bk == CXBinaryOperator_LOr)) {
		cursor_vec k = {0};
		expr_children(c, &k);
		if (k.len == 2) {
			bool land = bk == CXBinaryOperator_LAnd;
			ol_block *rhs = new_block(b);
			j = new_block(b);
			CXCursor r = k.items[1];
			if (land)
				lower_cond(b, k.items[0], rhs, j, "&&");
			else
				lower_cond(b, k.items[0], j, rhs, "||");
			start(b, rhs);
			emit_eval(b, lower_expr(b, r, false));
			start(b, j);
		}
		OL_VEC_FREE(&k);
		return NULL;
	}
	CXCursor in = c;
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
		cursor_vec k = {0};
		expr_children(c, &k);
		if (k.len == 1)
			in = strip(k.items[0]);
		OL_VEC_FREE(&k);
	}
	bk = clang_getCursorBinaryOperatorKind(in);
	const char *why = bk == CXBinaryOperator_LAnd ? "&&" :
			  bk == CXBinaryOperator_LOr ? "||" : "?:";
	ol_var *t = new_temp(b, type_conv(b, clang_getCursorType(c)), loc);
	ol_block *tb = new_block(b), *fb = new_block(b);
	j = new_block(b);
	lower_cond_of(b, c, c, tb, fb, why);
	start(b, tb);
	emit_assign(b, t, int_expr(b, 1, loc), loc);
	jump(b, j, NULL, loc);
	start(b, fb);
	emit_assign(b, t, int_expr(b, 0, loc), loc);
	start(b, j);
	return var_expr(b, t, loc);
}

// `c ? x : y` as a value: each arm assigns the temporary in its block.
static NOINLINE ol_expr *lower_conditional(builder *b, CXCursor c, bool want)
{
	cursor_vec k = {0};
	ol_expr *res = NULL;
	expr_children(c, &k);
	if (k.len != 3) {
		OL_VEC_FREE(&k);
		return lower_unknown(b, c, NULL);
	}
	ol_loc loc = loc_of(b, c);
	ol_type ty = type_conv(b, clang_getCursorType(c));
	bool val = want && ty.cls != OL_TY_VOID;
	ol_var *t = val ? new_temp(b, ty, loc) : NULL;
	ol_block *tb = new_block(b), *fb = new_block(b), *j = new_block(b);
	CXCursor arm[2] = {k.items[1], k.items[2]};
	lower_cond_of(b, c, k.items[0], tb, fb, "?:");
	OL_VEC_FREE(&k);
	for (int i = 0; i < 2; i++) {
		start(b, i == 0 ? tb : fb);
		ol_expr *v = lower_expr(b, arm[i], val);
		if (val && v)
			emit_assign(b, t, v, loc);
		else
			emit_eval(b, v);
		jump(b, j, NULL, loc);
	}
	start(b, j);
	if (val)
		res = var_expr(b, t, loc);
	return res;
}

// GNU `a ?: b` (libclang shows an UnexposedExpr with children common,
// cond, true-value, false-value; the first three spell the same text).
static bool is_binary_conditional(CXCursor c, cursor_vec *k)
{
	if (k->len != 4)
		return false;
	for (int i = 1; i < 3; i++)
		if (!clang_equalRanges(clang_getCursorExtent(k->items[0]),
				       clang_getCursorExtent(k->items[i])))
			return false;
	(void)c;
	return true;
}

static NOINLINE ol_expr *lower_binary_conditional(builder *b, CXCursor c,
					 cursor_vec *k)
{
	ol_loc loc = loc_of(b, c);
	ol_var *t = new_temp(b, type_conv(b, clang_getCursorType(c)), loc);
	CXCursor rhs = k->items[3];
	emit_assign(b, t, lower_expr(b, k->items[0], true), loc);
	ol_block *fb = new_block(b), *j = new_block(b);
	branch(b, var_expr(b, t, loc), j, fb, loc, "?:");
	start(b, fb);
	emit_assign(b, t, lower_expr(b, rhs, true), loc);
	start(b, j);
	return var_expr(b, t, loc);
}

// GNU `({ s1; s2; v; })`: statements inline, the value through a temp.
static NOINLINE ol_expr *lower_stmt_expr(builder *b, CXCursor c, bool want)
{
	cursor_vec k = {0}, body = {0};
	ol_expr *res = NULL;
	children(c, &k);
	if (k.len == 1 &&
	    clang_getCursorKind(k.items[0]) == CXCursor_CompoundStmt)
		children(k.items[0], &body);
	for (size_t i = 0; i + 1 < body.len; i++)
		lower_stmt(b, body.items[i]);
	if (body.len) {
		CXCursor last = body.items[body.len - 1];
		if (clang_isExpression(clang_getCursorKind(last))) {
			ol_type ty = type_conv(b, clang_getCursorType(c));
			ol_expr *v = lower_expr(b, last, want);
			if (want && v && ty.cls != OL_TY_VOID) {
				ol_var *t = new_temp(b, ty, v->loc);
				emit_assign(b, t, v, v->loc);
				res = var_expr(b, t, v->loc);
			} else {
				emit_eval(b, v);
			}
		} else {
			lower_stmt(b, last);
		}
	}
	OL_VEC_FREE(&k);
	OL_VEC_FREE(&body);
	return res;
}

static NOINLINE ol_expr *lower_call(builder *b, CXCursor c);

// The child of the call `c` (its children `kids`) that names the callee.
// A plain call lists it first, `f`, `x`; an operator call lists it
// between its operands, `a`, `<<`, `b`: it is the first child that is
// none of the call's arguments. (Taking `a` for the callee lowered `a`
// twice, and a chain of n `<<` calls 2^n times.)
CXCursor call_callee(CXCursor c, const cursor_vec *kids)
{
	int nargs = clang_Cursor_getNumArguments(c);
	for (size_t i = 0; i < kids->len && i < 2; i++) {
		CXSourceRange r = clang_getCursorExtent(kids->items[i]);
		bool is_arg = false;
		for (int j = 0; j < nargs && !is_arg; j++)
			is_arg = clang_equalRanges(
				r, clang_getCursorExtent(clang_Cursor_getArgument(
					   c, (unsigned)j)));
		if (!is_arg)
			return kids->items[i];
	}
	return kids->len ? kids->items[0] : clang_getNullCursor();
}

// (C++) The callee of a call through a template argument in an
// instantiated body (libclang shows a member of a class template's
// specialization as instantiated: `drop_fn(h_)` of `holder<PyObject *,
// Py_DecRef>` calls `&Py_DecRef`, substituted for drop_fn): the reference
// to the function named, or `callee` itself.
static CXCursor substituted_callee(CXCursor callee)
{
	if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr ||
	    !clang_isInvalid(clang_getCursorKind(
		    clang_getCursorReferenced(callee))))
		return callee;
	cursor_vec k = {0};
	expr_children(callee, &k);
	CXCursor in = k.len == 1 ? strip(k.items[0]) : clang_getNullCursor();
	OL_VEC_FREE(&k);
	if (clang_getCursorKind(in) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(in) == CXUnaryOperator_AddrOf) {
		expr_children(in, &k);
		in = k.len == 1 ? strip(k.items[0]) : clang_getNullCursor();
		OL_VEC_FREE(&k);
	}
	CXCursor f = clang_getCursorReferenced(in);
	return clang_getCursorKind(in) == CXCursor_DeclRefExpr &&
			       clang_getCursorKind(f) == CXCursor_FunctionDecl
		       ? in
		       : callee;
}

// A function given as a template argument, inlined where it is called
// through its parameter: one of the project (not of a system header)
// whose body is visible, short and straight.
static bool inline_targ_fn(CXCursor f)
{
	if (clang_Cursor_isNull(f) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(f)))
		return false;
	CXCursor def = cxx_body_of(f);
	return !clang_Cursor_isNull(def) && cxx_short_body(def);
}

// The function a class template's parameter `param` is bound to where
// it is being lowered (its declaration in *fdecl when known), or NULL.
static const char *bound_function(builder *b, CXCursor param, CXCursor *fdecl)
{
	cxx_targ t;
	if (!cxx_template_arg(b, param, &t) || t.kind != CXX_TARG_FN)
		return NULL;
	*fdecl = t.fdecl;
	return t.fn;
}

ol_expr *lower_call_expr(builder *b, CXCursor c)
{
	return lower_call(b, c);
}

// (C++) `T()` or `T{}` of a template's type parameter `T` in its pattern
// (a function template's `return T{};`): the value-initialized T, zero
// (a null pointer, 0, an empty owner).
static bool value_init_of_param(CXCursor c, const cursor_vec *k)
{
	if (k->len < 1 || k->len > 2 ||
	    clang_getCursorKind(k->items[0]) != CXCursor_TypeRef ||
	    clang_getCursorKind(clang_getCursorReferenced(k->items[0])) !=
		    CXCursor_TemplateTypeParameter ||
	    clang_getCursorType(c).kind != CXType_Unexposed)
		return false;
	if (k->len == 1)
		return true;
	cursor_vec l = {0};
	children(k->items[1], &l);
	bool empty = clang_getCursorKind(k->items[1]) == CXCursor_InitListExpr &&
		     !l.len;
	OL_VEC_FREE(&l);
	return empty;
}

static NOINLINE ol_expr *lower_call(builder *b, CXCursor c)
{
	if (b->cxx) {
		ol_expr *nc = cxx_unresolved_null_compare(b, c);
		if (nc)
			return nc;
	}
	cursor_vec k = {0};
	children(c, &k);
	int nargs = clang_Cursor_getNumArguments(c);
	if (b->cxx && value_init_of_param(c, &k)) {
		OL_VEC_FREE(&k);
		return mk(b, OL_E_NULL, c);
	}
	if (k.len == 0 || nargs < 0) {
		OL_VEC_FREE(&k);
		return lower_unknown(b, c, NULL);
	}
	// `__builtin_constant_p(ERROR)`: 1 where the compiler folds its
	// argument to a constant (PostgreSQL's `elog(ERROR, ..)` ends in
	// `if (__builtin_constant_p(elevel) && elevel >= ERROR)
	// __builtin_unreachable();`, C round 67); else not known, as the
	// compiler may answer 0.
	long long folded;
	if (is_call_to(c, "__builtin_constant_p") && nargs == 1 &&
	    eval_int(c, &folded) && folded == 1) {
		OL_VEC_FREE(&k);
		ol_expr *e = mk(b, OL_E_INT, c);
		e->ival = 1;
		return e;
	}
	if (is_expect(c)) {
		OL_VEC_FREE(&k);
		return lower_expr(b, clang_Cursor_getArgument(c, 0), true);
	}
	// (C++) A construction with no callee child and no constructor
	// libclang names: an elidable copy of a temporary (cxx_elide) is the
	// temporary; any other, an object we do not follow, whose arguments
	// escape.
	if (b->cxx && k.len == (size_t)nargs &&
	    clang_isInvalid(clang_getCursorKind(clang_getCursorReferenced(c)))) {
		OL_VEC_FREE(&k);
		CXCursor el = cxx_elide(c);
		if (!clang_equalCursors(el, c))
			return lower_expr(b, el, true);
		return lower_unknown(b, c, "constructor");
	}
	// A CUDA launch `kern<<<grid, block, shmem, stream>>>(args)` holds
	// its call configuration (clang calls cudaConfigureCall or
	// __cudaPushCallConfiguration) as its second child: evaluated first,
	// so the stream it names is used there (issue 12).
	if (k.len >= 2 && clang_getCursorKind(k.items[1]) == CXCursor_CallExpr &&
	    nargs + 2 == (int)k.len) {
		CXString cs = clang_getCursorSpelling(k.items[1]);
		const char *cn = clang_getCString(cs);
		bool launch = cn && (!strcmp(cn, "cudaConfigureCall") ||
				     !strcmp(cn, "__cudaPushCallConfiguration"));
		clang_disposeString(cs);
		if (launch)
			emit_eval(b, lower_call(b, k.items[1]));
	}
	ol_expr *e = mk(b, OL_E_CALL, c);
	CXCursor callee = strip(call_callee(c, &k));
	OL_VEC_FREE(&k);
	// (C++) A function given as a template argument, called through
	// its parameter: a short one of the project is inlined (a holder's
	// "no handle" getter), for its value.
	CXCursor targ_fn = clang_getNullCursor();
	if (b->cxx) {
		CXCursor sc = substituted_callee(callee);
		if (!clang_equalCursors(sc, callee)) {
			// (a function template's pattern, as the template
			// is lowered elsewhere: `return T{};` is zero there)
			targ_fn = clang_getCursorReferenced(sc);
			CXCursor pat = clang_getSpecializedCursorTemplate(targ_fn);
			if (!clang_Cursor_isNull(pat))
				targ_fn = pat;
		}
		callee = sc;
	}
	CXCursor fdecl = clang_getCursorReferenced(callee);
	bool noreturn = false;
	// (C++) an overload set in a template's pattern: the candidate the
	// arguments fit (cxx_overload_chosen)
	bool chosen = false;
	if (b->cxx && clang_getCursorKind(fdecl) == CXCursor_OverloadedDeclRef) {
		CXCursor d = cxx_overload_chosen(c);
		if ((chosen = !clang_Cursor_isNull(d)))
			fdecl = d;
	}
	enum CXCursorKind fk = clang_getCursorKind(fdecl);
	if ((chosen || clang_getCursorKind(callee) == CXCursor_DeclRefExpr) &&
	    (fk == CXCursor_FunctionDecl || fk == CXCursor_CXXMethod ||
	     (chosen && fk == CXCursor_FunctionTemplate))) {
		e->text = fk == CXCursor_CXXMethod && b->cxx
				  ? cxx_fn_name(b, fdecl) // static member
				  : intern_cx(b, clang_getCursorSpelling(fdecl));
		if (b->cxx)
			e->text = cxx_call_name(b, fdecl, e->text);
		if (b->cxx)
			e->generic_ret = generic_result(fdecl);
		noreturn = decl_is_noreturn(b, fdecl, e->text);
		e->unanalyzed = skipped_fn(b, fdecl);
		e->attrs = ownership_attrs(b, fdecl);
		e->void_params = void_params_of(fdecl);
		e->callee_sig = func_sig(b, clang_getCursorType(fdecl));
		e->callee_overload = func_overload(b, fdecl);
		if (b->cxx)
			e->callee_def = callee_definition(b, fdecl);
		e->destroy_param = destroy_param_of(fdecl, e->void_params,
						    &e->destroy_data,
						    &e->destroy_ambiguous);
	} else if (b->cxx && fk == CXCursor_NonTypeTemplateParameter &&
		   (e->text = bound_function(b, fdecl, &targ_fn))) {
		// A class template's function parameter: the function its
		// specialization names (cxx_template_arg).
	} else if ((e->text = numpy_api_name(b, callee))) {
		// A NumPy API call through its table, named (npyapi.c).
	} else {
		e->fn = lower_expr(b, callee, true);
		CXString ts = clang_getTypeSpelling(clang_getCursorType(callee));
		const char *t = clang_getCString(ts);
		noreturn = t && strstr(t, "__attribute__((noreturn))");
		clang_disposeString(ts);
	}
	e->macro = macro_of(b, c);
	if (nargs > 0) {
		CXCursor *as = ol_xmalloc(sizeof(CXCursor) * (size_t)nargs);
		for (int i = 0; i < nargs; i++)
			as[i] = clang_Cursor_getArgument(c, (unsigned)i);
		e->nargs = (unsigned)nargs;
		e->args = OL_NEW_ARRAY(b->a, ol_expr *, (size_t)nargs);
		lower_list(b, as, e->nargs, e->args);
		free(as);

	}
	if (b->cxx) {
		ol_expr *r = cxx_algorithm(b, c, e);
		if (r)
			return r;
	}
	if (b->cxx && inline_targ_fn(targ_fn)) {
		ol_expr *r = cxx_inline_check(b, targ_fn, e);
		if (r)
			return r;
	}
	if (b->cxx && cxx_is_throwing_check(b, fdecl)) {
		ol_expr *r = cxx_inline_check(b, fdecl, e);
		if (r)
			return r;
	}
	if (b->cxx) {
		ol_expr *r = cxx_forget_written(b, c, 0, e);
		// a call that can throw gets its exceptional edge
		if (!cxx_call_throws_if_null(b, c, e) &&
		    !cxx_call_throws_on_error(b, fdecl, e))
			cxx_after_call(b, fdecl, e->text, e->loc, e);
		if (r != e) {
			if (noreturn && !b->nr_pending) {
				b->nr_pending = true;
				b->nr_loc = e->loc;
			}
			return r;
		}
	}
	if (noreturn && !b->nr_pending) {
		b->nr_pending = true;
		b->nr_loc = e->loc;
	}
	return e;
}

// The name a member reference is written with (its last token: `array`
// in `self->array`), or "" when it does not end with one.
const char *dependent_member_name(builder *b, CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *toks = NULL;
	unsigned n = 0;
	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	const char *r = "";
	if (n >= 3 && clang_getTokenKind(toks[n - 1]) == CXToken_Identifier)
		r = intern_cx(b, clang_getTokenSpelling(tu, toks[n - 1]));
	clang_disposeTokens(tu, toks, n);
	return r;
}

// A constant of integer type (C++ `constexpr uint32_t major_version =
// 1;`, C `static const int`): true, and its value in *v.
static bool int_constant(CXCursor d, long long *v)
{
	CXType t = clang_getCursorType(d);
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	if (!clang_isConstQualifiedType(t) || k < CXType_Bool ||
	    k > CXType_Int128)
		return false;
	CXEvalResult r = clang_Cursor_Evaluate(d);
	if (!r)
		return false;
	bool is_int = clang_EvalResult_getKind(r) == CXEval_Int;
	if (is_int)
		*v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return is_int;
}

static NOINLINE ol_expr *lower_declref(builder *b, CXCursor c)
{
	CXCursor d = clang_getCursorReferenced(c);
	switch (clang_getCursorKind(d)) {
	case CXCursor_VarDecl: {
		long long v;
		if (int_constant(d, &v)) {
			ol_expr *e = mk(b, OL_E_INT, c);
			e->ival = v;
			return e;
		}
		return var_expr(b, var_of(b, d), loc_of(b, c));
	}
	case CXCursor_ParmDecl: {
		ol_var *v = var_of(b, d);
		ol_expr *e = var_expr(b, v, loc_of(b, c));
		if (v && v->ref_to_pointer) {
			// `p` of a `T *&p`: `*p`, the caller's variable
			ol_expr *d = mk(b, OL_E_DEREF, c);
			d->sub[0] = e;
			return d;
		}
		return e;
	}
	case CXCursor_EnumConstantDecl: {
		ol_expr *e = mk(b, OL_E_INT, c);
		e->ival = clang_getEnumConstantDeclValue(d);
		return e;
	}
	case CXCursor_FunctionDecl: {
		ol_expr *e = mk(b, OL_E_FUNCREF, c);
		e->text = intern_cx(b, clang_getCursorSpelling(d));
		return e;
	}
	case CXCursor_NonTypeTemplateParameter: {
		// (`T null = nullptr` of the specialization being inlined)
		cxx_targ t;
		if (b->cxx && cxx_template_arg(b, d, &t) &&
		    t.kind != CXX_TARG_FN) {
			ol_expr *e = mk(b, t.kind == CXX_TARG_NULL ? OL_E_NULL
								   : OL_E_INT,
					c);
			e->ival = t.ival;
			return e;
		}
	}
		// fall through
	default: {
		ol_expr *e = mk(b, OL_E_UNKNOWN, c);
		e->text = intern_cx(b, clang_getCursorSpelling(c));
		return e;
	}
	}
}

// `&ht->ht_type`, `&self->ob_base`: the address of a struct embedded at
// offset 0 of what `ht` points to is `ht` itself, seen as another type
// (CPython's object-head idiom: a PyHeapTypeObject starts with its
// PyTypeObject). Lowered as `ht`, so a release through the alias
// releases `ht`. NULL when `sub` is not such a member of an object.
static ol_expr *object_head_alias(builder *b, CXCursor addr, CXCursor sub)
{
	CXCursor m = strip(sub);
	if (clang_getCursorKind(m) != CXCursor_MemberRefExpr)
		return NULL;
	CXCursor field = clang_getCursorReferenced(m);
	if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
	    clang_Cursor_getOffsetOfField(field) != 0 ||
	    clang_getCanonicalType(clang_getCursorType(field)).kind !=
		    CXType_Record)
		return NULL;
	cursor_vec k = {0};
	expr_children(m, &k);
	CXCursor base = k.len == 1 ? k.items[0] : clang_getNullCursor();
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(base) ||
	    clang_getCanonicalType(clang_getCursorType(base)).kind !=
		    CXType_Pointer)
		return NULL; // (`&s.head` of a struct value: not a pointer)
	// (Python objects only: the address of another kind's first member
	// is handed to code that fills that member, `jpeg_std_error(&e->pub)`.)
	ol_type t = type_conv(b, clang_getCursorType(addr));
	if (!t.object)
		return NULL;
	ol_expr *e = lower_expr(b, base, true);
	e->type = t;
	return e;
}

static NOINLINE ol_expr *lower_unary(builder *b, CXCursor c, bool want)
{
	enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
	cursor_vec kids = {0};
	expr_children(c, &kids);
	if (kids.len != 1) {
		OL_VEC_FREE(&kids);
		return lower_unknown(b, c, NULL);
	}
	CXCursor sub = kids.items[0];
	OL_VEC_FREE(&kids);
	ol_expr *e;
	switch (k) {
	case CXUnaryOperator_Extension:
		return lower_expr(b, sub, want);
	case CXUnaryOperator_AddrOf: {
		ol_expr *head = object_head_alias(b, c, sub);
		if (head)
			return head;
		e = mk(b, OL_E_ADDR, c);
		break;
	}
	case CXUnaryOperator_Deref:
		e = mk(b, OL_E_DEREF, c);
		break;
	case CXUnaryOperator_LNot: {
		CXCursor s = strip(sub);
		enum CXBinaryOperatorKind bk =
			clang_getCursorBinaryOperatorKind(s);
		if (bk == CXBinaryOperator_LAnd || bk == CXBinaryOperator_LOr ||
		    clang_getCursorKind(s) == CXCursor_ConditionalOperator)
			return lower_logical(b, c, want);
		e = mk(b, OL_E_UNARY, c);
		e->op = OL_OP_NOT;
		break;
	}
	case CXUnaryOperator_Minus:
	case CXUnaryOperator_Not:
	case CXUnaryOperator_Plus:
	case CXUnaryOperator_PreInc:
	case CXUnaryOperator_PreDec:
	case CXUnaryOperator_PostInc:
	case CXUnaryOperator_PostDec:
		e = mk(b, OL_E_UNARY, c);
		e->op = k == CXUnaryOperator_Minus ? OL_OP_NEG :
			k == CXUnaryOperator_Not ? OL_OP_BITNOT :
			k == CXUnaryOperator_Plus ? OL_OP_PLUS :
			k == CXUnaryOperator_PreInc ? OL_OP_PREINC :
			k == CXUnaryOperator_PreDec ? OL_OP_PREDEC :
			k == CXUnaryOperator_PostInc ? OL_OP_POSTINC :
						       OL_OP_POSTDEC;
		break;
	default:
		return lower_unknown(b, c, NULL);
	}
	e->sub[0] = lower_expr(b, sub, true);
	return e;
}

static NOINLINE ol_expr *lower_binary(builder *b, CXCursor c, bool want)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
	if (k == CXBinaryOperator_LAnd || k == CXBinaryOperator_LOr)
		return lower_logical(b, c, want);
	cursor_vec kids = {0};
	expr_children(c, &kids);
	if (kids.len != 2) {
		OL_VEC_FREE(&kids);
		return lower_unknown(b, c, NULL);
	}
	CXCursor ops[2] = {kids.items[0], kids.items[1]};
	OL_VEC_FREE(&kids);
	if (k == CXBinaryOperator_Comma) {
		emit_eval(b, lower_expr(b, ops[0], false));
		return lower_expr(b, ops[1], want);
	}
	bool assign;
	ol_opcode op = binop_of(k, &assign);
	if (!assign && op == OL_OP_NONE)
		return lower_unknown(b, c, NULL);
	// (C++) a parameter linked into a field its class does not own
	// (cxx_unowned_field_store): no store the engine would take for a
	// hand-over; later reads of the field here are unknown
	if (assign && op == OL_OP_NONE && b->cxx &&
	    cxx_unowned_field_store(ops[0], ops[1]))
		return lower_expr(b, ops[1], want);
	ol_expr *e = mk(b, assign ? OL_E_ASSIGN : OL_E_BINARY, c);
	if (assign) // PyTuple_SET_ITEM(t, i, v) as `t->ob_item[i] = v`
		e->macro = macro_of(b, c);
	e->op = op;
	lower_list(b, ops, 2, e->sub);
	return e;
}

// The operand of `sizeof(T)` as written: the tokens after the keyword,
// outer parentheses dropped. NULL inside a macro.
static const char *sizeof_tokens(builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	if (!same_spot(clang_getRangeStart(r)))
		return NULL;
	CXToken *toks = NULL;
	unsigned n = 0;
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	clang_tokenize(b->tu, r, &toks, &n);
	unsigned from = 1, to = n;
	if (n >= 3) {
		CXString x = clang_getTokenSpelling(b->tu, toks[1]);
		CXString y = clang_getTokenSpelling(b->tu, toks[n - 1]);
		if (!strcmp(clang_getCString(x), "(") &&
		    !strcmp(clang_getCString(y), ")"))
			from = 2, to = n - 1;
		clang_disposeString(x);
		clang_disposeString(y);
	}
	for (unsigned i = from; i < to; i++) {
		CXString x = clang_getTokenSpelling(b->tu, toks[i]);
		if (i > from)
			ol_strbuf_addc(&sb, ' ');
		ol_strbuf_add(&sb, clang_getCString(x));
		clang_disposeString(x);
	}
	if (toks)
		clang_disposeTokens(b->tu, toks, n);
	const char *r2 = sb.len ? intern(b, ol_strbuf_str(&sb)) : NULL;
	ol_strbuf_free(&sb);
	return r2;
}

static NOINLINE ol_expr *lower_sizeof(builder *b, CXCursor c)
{
	ol_expr *e = mk(b, OL_E_SIZEOF, c);
	cursor_vec kids = {0};
	long long v;
	children(c, &kids);
	if (kids.len >= 1) {
		CXType t = clang_getCursorType(kids.items[kids.len - 1]);
		e->text = intern_cx(b, clang_getTypeSpelling(t));
	} else {
		e->text = sizeof_tokens(b, c); // sizeof(int): no child
	}
	OL_VEC_FREE(&kids);
	if (eval_int(c, &v))
		e->ival = v;
	return e;
}

static NOINLINE ol_expr *lower_initlist(builder *b, CXCursor c)
{
	ol_expr *e = mk(b, OL_E_INITLIST, c);
	cursor_vec kids = {0};
	expr_children(c, &kids);
	// A compound literal wraps its initializer list: flatten it.
	if (clang_getCursorKind(c) == CXCursor_CompoundLiteralExpr &&
	    kids.len == 1 &&
	    clang_getCursorKind(kids.items[0]) == CXCursor_InitListExpr)
		expr_children(kids.items[0], &kids);
	if (kids.len) {
		e->nargs = (unsigned)kids.len;
		e->args = OL_NEW_ARRAY(b->a, ol_expr *, kids.len);
		lower_list(b, kids.items, e->nargs, e->args);
	}
	OL_VEC_FREE(&kids);
	return e;
}

// An argument the call leaves to its parameter's default (C++: a
// CXXDefaultArgExpr, which libclang shows as an unexposed expression
// without children): its value when it is an integer constant
// (`holdref(PyObject *o, bool incref = true)`), a null pointer for a
// constant 0 of pointer type; else NULL.
static ol_expr *default_argument(builder *b, CXCursor c)
{
	if (!b->cxx)
		return NULL;
	CXEvalResult r = clang_Cursor_Evaluate(c);
	if (!r)
		return NULL;
	ol_expr *e = NULL;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		long long v = clang_EvalResult_getAsLongLong(r);
		if (clang_getCanonicalType(clang_getCursorType(c)).kind ==
		    CXType_Pointer) {
			if (v == 0)
				e = mk(b, OL_E_NULL, c);
		} else {
			e = int_expr(b, v, loc_of(b, c));
		}
	}
	clang_EvalResult_dispose(r);
	return e;
}

static ol_expr *lower_expr_kind(builder *b, CXCursor c, bool want)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor in;
	if (b->cxx) { // members, objects, throw, lambdas (cxx.c)
		ol_expr *x = lower_cxx_expr(b, c, want);
		if (x)
			return x;
	}
	switch (k) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral: {
		ol_expr *e = mk(b, OL_E_INT, c);
		long long v = 0;
		if (eval_int(c, &v))
			e->ival = v;
		return e;
	}
	case CXCursor_FloatingLiteral:
	case CXCursor_ImaginaryLiteral:
	case CXCursor_FixedPointLiteral:
		return mk(b, OL_E_FLOAT, c);
	case CXCursor_StringLiteral: {
		ol_expr *e = mk(b, OL_E_STRING, c);
		CXString s = clang_getCursorSpelling(c);
		const char *p = clang_getCString(s);
		const char *q = p ? strchr(p, '"') : NULL;
		if (q && strlen(q) >= 2)
			e->text = ol_arena_strndup(b->a, q + 1, strlen(q) - 2);
		else
			e->text = ol_arena_strdup(b->a, p ? p : "");
		clang_disposeString(s);
		return e;
	}
	case CXCursor_GNUNullExpr:
	case CXCursor_CXXNullPtrLiteralExpr:
		return mk(b, OL_E_NULL, c);
	case CXCursor_CXXBoolLiteralExpr: {
		ol_expr *e = mk(b, OL_E_INT, c);
		long long v = 0;
		if (eval_int(c, &v))
			e->ival = v;
		return e;
	}
	case CXCursor_DeclRefExpr:
		return lower_declref(b, c);
	case CXCursor_CallExpr:
		return lower_call(b, c);
	case CXCursor_MemberRefExpr: {
		cursor_vec kids = {0};
		expr_children(c, &kids);
		if (kids.len != 1) {
			OL_VEC_FREE(&kids);
			return lower_unknown(b, c, NULL);
		}
		CXCursor base = kids.items[0];
		OL_VEC_FREE(&kids);
		const char *field = intern_cx(b, clang_getCursorSpelling(c));
		// (C++) `self->array` of a `U *self` whose type is a template
		// parameter: a member libclang does not resolve (nor name),
		// named as written.
		if (!field[0] && b->cxx &&
		    clang_isInvalid(clang_getCursorKind(
			    clang_getCursorReferenced(c))))
			field = dependent_member_name(b, c);
		ol_expr *be = lower_expr(b, base, true);
		if (!field[0])
			return be; // anonymous struct/union member
		// The base keeps the type it has as written, casts included:
		// in `((FooObject *)self)->x` the field belongs to FooObject
		// (the ownership graph keys fields by that struct).
		if (be && be->type.cls == OL_TY_POINTER)
			be->type = type_conv(b, clang_getCursorType(base));
		ol_expr *e = mk(b, OL_E_MEMBER, c);
		e->text = field;
		e->sub[0] = be;
		e->arrow = be->type.cls == OL_TY_POINTER;
		if (e->type.cls == OL_TY_INT)
			bitfield_range(c, &e->type);
		// PyBytes_AS_STRING(op) is `op->ob_sval` in CPython's headers:
		// an array member keeps the macro's name for the knowledge
		// base (only arrays: asking costs a tokenization).
		if (clang_getCursorType(c).kind == CXType_ConstantArray)
			e->macro = macro_of(b, c);
		return e;
	}
	case CXCursor_ArraySubscriptExpr: {
		cursor_vec kids = {0};
		expr_children(c, &kids);
		if (kids.len != 2) {
			OL_VEC_FREE(&kids);
			return lower_unknown(b, c, NULL);
		}
		ol_expr *e = mk(b, OL_E_INDEX, c);
		// PyTuple_GET_ITEM(t, i) is `t->ob_item[i]` in CPython's
		// headers: keep the macro's name for the knowledge base.
		e->macro = macro_of(b, c);
		lower_list(b, kids.items, 2, e->sub);
		OL_VEC_FREE(&kids);
		return e;
	}
	case CXCursor_UnaryOperator:
		return lower_unary(b, c, want);
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		return lower_binary(b, c, want);
	case CXCursor_ConditionalOperator: {
		ol_expr *dc = want ? cxx_dependent_conditional(b, c) : NULL;
		return dc ? dc : lower_conditional(b, c, want);
	}
	case CXCursor_StmtExpr:
		return lower_stmt_expr(b, c, want);
	case CXCursor_UnaryExpr:
		return lower_sizeof(b, c);
	case CXCursor_InitListExpr:
	case CXCursor_CompoundLiteralExpr:
		return lower_initlist(b, c);
	case CXCursor_AddrLabelExpr: {
		ol_expr *e = mk(b, OL_E_UNKNOWN, c);
		e->text = ol_arena_printf(b->a, "&&%s",
			intern_cx(b, clang_getCursorSpelling(c)));
		return e;
	}
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
		if (is_transparent(c, &in)) {
			ol_expr *e = b->cxx ? cxx_guard_handle_address(b, c, in)
					    : NULL;
			if (e)
				return e;
			e = lower_expr(b, in, want);
			// A null pointer constant: 0 converted to a pointer.
			if (e && e->kind == OL_E_INT && e->ival == 0 &&
			    clang_getCanonicalType(clang_getCursorType(c))
					    .kind == CXType_Pointer) {
				ol_expr *n = mk(b, OL_E_NULL, c);
				n->loc = e->loc;
				return n;
			}
			// The cast is dropped; the range it leaves is kept.
			if (e && e->type.cls == OL_TY_INT &&
			    k != CXCursor_ParenExpr)
				conversion_range(clang_getCursorType(c),
						 clang_getCursorType(in),
						 &e->type);
			return e;
		}
		if (k == CXCursor_UnexposedExpr) {
			cursor_vec kids = {0};
			ol_expr *e = NULL;
			expr_children(c, &kids);
			if (is_binary_conditional(c, &kids))
				e = lower_binary_conditional(b, c, &kids);
			else if (!kids.len)
				e = default_argument(b, c);
			OL_VEC_FREE(&kids);
			if (e)
				return e;
		}
		return lower_unknown(b, c, NULL);
	default:
		return lower_unknown(b, c, NULL);
	}
}

// Where the definition of `fdecl` (its template's, for an instantiation:
// histograms' `py(can_upcast<PyObject> auto *x)` beside nine other
// `py` templates) names it; line 0 when not defined in this file.
ol_loc callee_definition(builder *b, CXCursor fdecl)
{
	CXCursor t = clang_getSpecializedCursorTemplate(fdecl);
	CXCursor d = clang_getCursorDefinition(
		clang_Cursor_isNull(t) ? fdecl : t);
	if (clang_Cursor_isNull(d))
		return (ol_loc){0};
	return loc_of(b, d);
}

// Lowers expression `c`; `want` is false when only its effects matter
// (expression statements). Returns NULL for a value-less expression in
// effect context; otherwise never NULL.
ol_expr *lower_expr(builder *b, CXCursor c, bool want)
{
	ol_expr *e;
	if (++b->depth > MAX_DEPTH) {
		fail(b, OL_EPARSE, loc_of(b, c), "expression nested too deeply");
		e = mk(b, OL_E_UNKNOWN, c);
	} else {
		e = lower_expr_kind(b, c, want);
	}
	b->depth--;
	if (!e && want) {
		e = mk(b, OL_E_UNKNOWN, c);
	}
	return e;
}

// True when `s` (stripped) is lowered as one branch: not `&&`, `||`, the
// comma operator or `?:` (a `!` chain is followed to what it negates).
static bool is_leaf_cond(CXCursor s)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(s);
		cursor_vec kids = {0};
		if (k == CXCursor_ConditionalOperator)
			return false;
		if (k == CXCursor_BinaryOperator) {
			enum CXBinaryOperatorKind bk =
				clang_getCursorBinaryOperatorKind(s);
			return bk != CXBinaryOperator_LAnd &&
			       bk != CXBinaryOperator_LOr &&
			       bk != CXBinaryOperator_Comma;
		}
		if (k != CXCursor_UnaryOperator ||
		    clang_getCursorUnaryOperatorKind(s) != CXUnaryOperator_LNot)
			return true;
		expr_children(s, &kids);
		bool one = kids.len == 1;
		if (one)
			s = strip_cond(kids.items[0]);
		OL_VEC_FREE(&kids);
		if (!one)
			return true;
	}
}

static bool unsigned_type(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Bool:
	case CXType_UChar:
	case CXType_Char_U:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_UInt128:
		return true;
	default:
		return false;
	}
}

// A comparison of an unsigned value with 0 that its type decides:
// `u < 0` and `0 > u` never hold, `u >= 0` and `0 <= u` always do
// (pysdl2's `Uint32 returned; .. if (0 > returned) { .. return NULL; }`,
// whose error exit leaked nothing it could reach: C round 123). 1 or 0,
// or -1 when `s` is no such comparison. (The operands as compared: of
// the type both are converted to.)
static int unsigned_zero_compare(CXCursor s)
{
	if (clang_getCursorKind(s) != CXCursor_BinaryOperator)
		return -1;
	enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(s);
	if (bk != CXBinaryOperator_LT && bk != CXBinaryOperator_GT &&
	    bk != CXBinaryOperator_LE && bk != CXBinaryOperator_GE)
		return -1;
	cursor_vec k = {0};
	expr_children(s, &k);
	int r = -1;
	long long v;
	if (k.len == 2 && unsigned_type(clang_getCursorType(k.items[0])) &&
	    unsigned_type(clang_getCursorType(k.items[1]))) {
		bool zero_right = eval_int(k.items[1], &v) && v == 0;
		bool zero_left = !zero_right && eval_int(k.items[0], &v) &&
				 v == 0;
		if (zero_right && (bk == CXBinaryOperator_LT ||
				   bk == CXBinaryOperator_GE))
			r = bk == CXBinaryOperator_GE;
		else if (zero_left && (bk == CXBinaryOperator_GT ||
					bk == CXBinaryOperator_LE))
			r = bk == CXBinaryOperator_LE;
	}
	OL_VEC_FREE(&k);
	return r;
}

void lower_cond_of(builder *b, CXCursor owner, CXCursor c, ol_block *t,
		   ol_block *f, const char *why)
{
	// An `if` or `?:` that a macro's body writes (SIZE(s)'s
	// `PyList_Check(s) ? ...`) is no condition the user wrote here.
	bool off = b->cond_src_off;
	b->cond_src_off = loc_of(b, owner).mfile != NULL;
	// Unless the macro called there has one condition whose text can be
	// rebuilt from its definition (cfg/srctext.c).
	if (b->cond_src_off && !b->cond_src && is_leaf_cond(strip_cond(c)) &&
	    (b->cond_src = macro_cond_text(b, owner)))
		b->cond_src_not = false;
	lower_cond(b, c, t, f, why);
	b->cond_src_off = off;
}

// Lowers `c` as a condition: true -> `t`, false -> `f`. `&&`, `||`, `!`,
// `?:` and the comma operator become chains of branches.
void lower_cond(builder *b, CXCursor c, ol_block *t, ol_block *f,
		       const char *why)
{
	if (++b->depth > MAX_DEPTH) {
		fail(b, OL_EPARSE, loc_of(b, c), "condition nested too deeply");
		b->depth--;
		return;
	}
	CXCursor s = strip_cond(c);
	enum CXCursorKind k = clang_getCursorKind(s);
	cursor_vec kids = {0};
	// The leaf this condition ends in (through `!`s) is shown as written
	// here: `if (!PyList_Check(seq))` (path notes, cfg.h cond_src).
	if (!b->cond_src && !b->cond_src_off && is_leaf_cond(s)) {
		b->cond_src = src_text(b, c);
		b->cond_src_not = false;
	}
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind bk =
			clang_getCursorBinaryOperatorKind(s);
		expr_children(s, &kids);
		if (kids.len == 2 && (bk == CXBinaryOperator_LAnd ||
				      bk == CXBinaryOperator_LOr)) {
			CXCursor rhs = kids.items[1];
			ol_block *mid = new_block(b);
			if (bk == CXBinaryOperator_LAnd)
				lower_cond(b, kids.items[0], mid, f, "&&");
			else
				lower_cond(b, kids.items[0], t, mid, "||");
			start(b, mid);
			lower_cond(b, rhs, t, f, why);
			goto done;
		}
		if (kids.len == 2 && bk == CXBinaryOperator_Comma) {
			CXCursor rhs = kids.items[1];
			emit_eval(b, lower_expr(b, kids.items[0], false));
			lower_cond(b, rhs, t, f, why);
			goto done;
		}
	} else if (k == CXCursor_UnaryOperator &&
		   clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_LNot) {
		// `!x` swaps the targets: a condition never starts with `!`.
		expr_children(s, &kids);
		if (kids.len == 1) {
			if (b->cond_src)
				b->cond_src_not = !b->cond_src_not;
			lower_cond(b, kids.items[0], f, t, why);
			goto done;
		}
	} else if (k == CXCursor_ConditionalOperator) {
		expr_children(s, &kids);
		if (kids.len == 3) {
			CXCursor x = kids.items[1], y = kids.items[2];
			ol_block *tb = new_block(b), *fb = new_block(b);
			lower_cond(b, kids.items[0], tb, fb, "?:");
			start(b, tb);
			lower_cond(b, x, t, f, why);
			start(b, fb);
			lower_cond(b, y, t, f, why);
			goto done;
		}
	}
	// A leaf: evaluate and branch; constants jump directly.
	const char *src = b->cond_src;
	bool src_not = b->cond_src_not;
	b->cond_src = NULL;
	ol_expr *e = lower_expr(b, s, true);
	int decided = unsigned_zero_compare(s);
	if (e->kind == OL_E_INT && !b->nr_pending) {
		jump(b, e->ival ? t : f, NULL, e->loc);
	} else if (decided >= 0 && !b->nr_pending) {
		emit_eval(b, e);
		jump(b, decided ? t : f, NULL, e->loc);
	} else if (e->kind == OL_E_NULL && !b->nr_pending) {
		jump(b, f, NULL, e->loc);
	} else {
		ol_block *blk = b->cur;
		branch(b, e, t, f, e->loc, why);
		if (blk && blk->term == OL_TERM_BRANCH) {
			blk->cond_src = src;
			blk->cond_src_not = src_not;
		}
	}
done:
	OL_VEC_FREE(&kids);
	b->depth--;
}
