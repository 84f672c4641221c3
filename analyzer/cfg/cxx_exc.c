/*
 * cxx_exc.c — C++ exceptions as edges (see cxx.c for the whole lowering).
 *
 * Which calls can throw (ol_exc_mode): the rules' throwers (`"throws"`),
 * functions of the file whose bodies can throw (a `throw`, or a call of a
 * thrower; scanned once per definition and kept in the cfg cache), and
 * under --exceptions=all every call that is neither `noexcept` nor of C
 * linkage. A call that can throw gets a branch (`why` "throw") to its
 * landing before it runs: the destructors of the scopes it leaves and of
 * the statement's temporaries, then the innermost `try`'s dispatch or an
 * OL_TERM_THROW exit. A thrower that never returns ends its statement with
 * a throw. `try`/`catch` tries each handler in turn; which type was thrown
 * is not known, so one of the handlers catches it (precision first). A
 * `new` that fails throws std::bad_alloc: that edge is lowered only when
 * some code of the file could catch it (cxx_bad_alloc_caught()), else it
 * ends the process and no path follows it.
 */
#include "build_int.h"

#include "../kb/kb.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

typedef struct scan_ctx {
	builder *b;
	bool found;
	unsigned in_handler; // catch handlers around the cursor visited
	unsigned in_try;     // try blocks around it
} scan_ctx;

static enum CXChildVisitResult any_child(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)c, (void)parent;
	*(bool *)data = true;
	return CXChildVisit_Break;
}

// `throw;`: passes on the exception being handled (no operand).
bool cxx_is_rethrow(CXCursor throw_expr)
{
	bool operand = false;
	clang_visitChildren(throw_expr, any_child, &operand);
	return !operand;
}

static enum CXChildVisitResult scan_throw(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	scan_ctx *sc = data;
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CXXThrowExpr) {
		if (cxx_fatal_throw(sc->b, c))
			return CXChildVisit_Continue; // ends the process
		// A system header's handler that passes on what its `try`
		// threw (`throw;`) leaves it to the scan of the `try`:
		// libstdc++'s istream::read() rethrows only a thread's forced
		// unwinding, and its stream throws only when asked to
		// (exceptions()). A project's own `catch (...) { ..; throw; }`
		// still counts: its `try` calls what throws.
		bool rethrow = cxx_is_rethrow(c);
		if (sc->in_handler && rethrow &&
		    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
			return CXChildVisit_Continue;
		// (A `throw;` outside any handler and any `try` ends the
		// process: cxx_bare_rethrow_ends().)
		if (rethrow && !sc->in_handler && !sc->in_try)
			return CXChildVisit_Continue;
		sc->found = true;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_CXXCatchStmt || k == CXCursor_CXXTryStmt) {
		unsigned *depth = k == CXCursor_CXXCatchStmt ? &sc->in_handler
							     : &sc->in_try;
		++*depth;
		clang_visitChildren(c, scan_throw, sc);
		--*depth;
		return sc->found ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue; // its own body
	if (k == CXCursor_CallExpr) {
		CXCursor f = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(f)) {
			const char *n = intern_cx(sc->b, clang_getCursorSpelling(f));
			const ol_kb_entry *e = cxx_kb_get(sc->b, n);
			if (!e)
				e = cxx_kb_get(sc->b, cxx_qual_name(sc->b, f, true));
			if (e && e->throws != OL_KB_THROWS_NEVER) {
				sc->found = true;
				return CXChildVisit_Break;
			}
		}
	}
	return CXChildVisit_Recurse;
}

// The block of definition `def`'s body, or a null cursor.
static CXCursor body_block(CXCursor def)
{
	cursor_vec kids = {0};
	children(def, &kids);
	CXCursor body = kids.len ? kids.items[kids.len - 1]
				 : clang_getNullCursor();
	OL_VEC_FREE(&kids);
	return clang_getCursorKind(body) == CXCursor_CompoundStmt
		? body : clang_getNullCursor();
}

// Whether definition `def`'s body ends with a `throw` that nothing
// returns before (jittor's `LogFatalVoidify::operator&&(Log &) { throw
// std::runtime_error(..); }`, the end of its LOGf): a call of it never
// returns. So does one whose body throws before any statement that
// returns (yamal's `exception_builder<E>::operator,(..) { throw E(..);
// return 0; }`, the end of its fmc_runtime_error_unless() macro: the
// `return` is dead).
static bool ends_with_throw(builder *b, CXCursor def)
{
	CXCursor last = last_stmt_of_returnless_body(def);
	if (!clang_Cursor_isNull(last))
		return clang_getCursorKind(last) == CXCursor_CXXThrowExpr &&
		       !cxx_fatal_throw(b, last);
	CXCursor body = body_block(def);
	if (clang_Cursor_isNull(body))
		return false;
	cursor_vec kids = {0};
	children(body, &kids);
	bool yes = false;
	for (size_t i = 0; i < kids.len; i++) {
		CXCursor st = cxx_strip_all(kids.items[i]);
		if (clang_getCursorKind(st) == CXCursor_CXXThrowExpr) {
			yes = !cxx_fatal_throw(b, st);
			break;
		}
		if (clang_getCursorKind(st) == CXCursor_ReturnStmt ||
		    returns_in(st))
			break;
	}
	OL_VEC_FREE(&kids);
	return yes;
}

// Whether the body of definition `def` of this file can throw: a
// `throw`, or a call of a thrower of the rules; with `always`, whether it
// always does (ends_with_throw()).
static bool body_throws(builder *b, CXCursor def, bool *always)
{
	struct ol_cfg_cache *cache = b->opts->cache;
	void *v = cache ? cmap_get(&cache->throws, def) : NULL;
	if (!v) {
		scan_ctx sc = {b, false, 0, 0};
		clang_visitChildren(def, scan_throw, &sc);
		v = !sc.found ? (void *)2
		    : ends_with_throw(b, def) ? (void *)3 : (void *)1;
		if (cache)
			cmap_put(&cache->throws, def, v);
	}
	if (always)
		*always = v == (void *)3;
	return v != (void *)2;
}

static bool nothrow_spec(CXCursor f)
{
	int k = clang_getCursorExceptionSpecificationType(f);
	return k == CXCursor_ExceptionSpecificationKind_BasicNoexcept ||
	       k == CXCursor_ExceptionSpecificationKind_NoThrow ||
	       k == CXCursor_ExceptionSpecificationKind_DynamicNone ||
	       k == CXCursor_ExceptionSpecificationKind_ComputedNoexcept;
}

// A function of another file (no body here) named for throwing, that
// returns nothing: gyoto's `void Gyoto::throwError(std::string)` behind
// its GYOTO_ERROR macro, `ThrowPythonException()`, `throw_error(..)`. It
// throws, and never returns. Not one named for a condition
// (`throwIfError`, `ThrowOnFailure`, `throw_unless(..)`), which returns
// when the condition does not hold.
static bool named_thrower(CXCursor fdecl)
{
	enum CXCursorKind k = clang_getCursorKind(fdecl);
	if ((k != CXCursor_FunctionDecl &&
	     !(k == CXCursor_CXXMethod && clang_CXXMethod_isStatic(fdecl))) ||
	    clang_getCanonicalType(clang_getCursorResultType(fdecl)).kind !=
		    CXType_Void ||
	    !cxx_has_cxx_linkage(fdecl))
		return false;
	CXString sp = clang_getCursorSpelling(fdecl);
	const char *n = clang_getCString(sp);
	bool yes = n && (!strncmp(n, "throw", 5) || !strncmp(n, "Throw", 5)) &&
		   (n[5] == '_' || (n[5] >= 'A' && n[5] <= 'Z'));
	static const char *const conditions[] = {"If", "if", "On", "_on",
						 "Unless", "unless", "When",
						 "when"};
	for (size_t i = 0; yes && i < sizeof conditions / sizeof *conditions;
	     i++)
		if (strstr(n + 5, conditions[i]))
			yes = false;
	clang_disposeString(sp);
	return yes;
}

// Can a call of `fdecl` (named `name`) throw? `always`: it never returns;
// `*kb`: the rules' entry that says so, if any.
static bool may_throw(builder *b, CXCursor fdecl, const char *name,
		      bool *always, const ol_kb_entry **kb)
{
	*always = false;
	*kb = NULL;
	if (!b->cxx || b->opts->exceptions == OL_EXC_NONE)
		return false;
	const ol_kb_entry *e = cxx_kb_get(b, name);
	if (!e && !clang_Cursor_isNull(fdecl))
		e = cxx_kb_get(b, cxx_qual_name(b, fdecl, true));
	*kb = e;
	if (e) {
		*always = e->throws == OL_KB_THROWS_ALWAYS;
		// (if_null: the caller's edge, cxx_call_throws_if_null)
		return e->throws == OL_KB_THROWS_MAYBE || *always;
	}
	if (clang_Cursor_isNull(fdecl))
		return false;
	enum CXCursorKind k = clang_getCursorKind(fdecl);
	if (k == CXCursor_Destructor || nothrow_spec(fdecl))
		return false;
	CXCursor def = cxx_body_of(fdecl);
	if (!clang_Cursor_isNull(def)) {
		bool throws = body_throws(b, def, always);
		// (A virtual method's body is one of its overrides: frepple's
		// `Object::getType()` throws where no subclass registered a
		// type.)
		if (*always && clang_CXXMethod_isVirtual(fdecl))
			*always = false;
		return throws || b->opts->exceptions == OL_EXC_ALL;
	}
	if (named_thrower(fdecl)) {
		*always = true;
		return true;
	}
	if (b->opts->exceptions != OL_EXC_ALL)
		return false;
	// C linkage (the C API, libc): no exceptions.
	return cxx_has_cxx_linkage(fdecl);
}

// A call of `fdecl` never returns but by throwing.
static bool always_throws(builder *b, CXCursor fdecl, const char *name)
{
	bool always;
	const ol_kb_entry *kb;
	return may_throw(b, fdecl, name, &always, &kb) && always;
}

void cxx_unwind(builder *b, ol_loc at)
{
	if (!b->cur)
		return;
	size_t depth = b->tries.len ? b->tries.items[b->tries.len - 1].objs : 0;
	for (size_t i = b->temps.len; i-- > 0;) {
		live_obj o = b->temps.items[i];
		cxx_destroy(b, &o, at);
	}
	destroy_down_to(b, depth, at);
	if (b->tries.len)
		jump(b, b->tries.items[b->tries.len - 1].dispatch, "throw", at);
	else if (nothrow_spec(b->fn_cursor))
		// (out of a `noexcept` function, rebind's `tp_new<T>`:
		// std::terminate ends the process, no exit of the function)
		seal(b, OL_TERM_NORETURN, NULL, at, NULL);
	else
		seal(b, OL_TERM_THROW, NULL, at, NULL);
	b->cur = NULL;
}

// The test of a call's exceptional edge: unknown, or (a thrower that
// throws only through some arguments' type slots, `throws_via`) a test
// the engine reads as false when each of those arguments is of an exact
// builtin type. Those arguments must be plain variables, read again.
static ol_expr *throw_test(builder *b, const char *name, ol_loc at,
			   const ol_kb_entry *kb, const ol_expr *call)
{
	ol_expr *u = cxx_unknown_at(b, at, name ? name : "call");
	if (!kb || !kb->throws_via_known || !call)
		return u;
	ol_expr **via = OL_NEW_ARRAY(b->a, ol_expr *, kb->nthrows_via + 1);
	for (unsigned k = 0; k < kb->nthrows_via; k++) {
		unsigned i = (unsigned)kb->throws_via[k];
		if (i >= call->nargs || call->args[i]->kind != OL_E_VAR)
			return u;
		via[k] = var_expr(b, call->args[i]->var, at);
	}
	u->throws_via_args = true;
	u->args = via;
	u->nargs = kb->nthrows_via;
	return u;
}

// The exceptional edge of a call that may throw: before it runs, a
// branch to the landing (destructors, then the handler or out).
static void throw_edge(builder *b, ol_expr *test, ol_loc at)
{
	if (!b->cur || b->nr_pending)
		return;
	ol_block *land = new_block(b), *cont = new_block(b);
	branch(b, test, land, cont, at, "throw");
	start(b, land);
	cxx_unwind(b, at);
	start(b, cont);
}

// A call that throws when its first argument is NULL and otherwise
// returns (nanobind's `raise_if_null(PyTuple_New(0))`): the argument is
// computed first, and the exceptional edge is taken only when it is NULL,
// so that what the argument acquired cannot leak there. Returns true when
// `e` is such a call (its argument 0 is then a temporary).
bool cxx_call_throws_if_null(builder *b, CXCursor call, ol_expr *e)
{
	if (!b->cxx || b->opts->exceptions == OL_EXC_NONE || !b->cur ||
	    b->nr_pending || !e->text || e->nargs < 1)
		return false;
	const ol_kb_entry *k = cxx_kb_get(b, e->text);
	if (!k || k->throws != OL_KB_THROWS_IF_NULL)
		return false;
	ol_var *t = new_temp(b, e->args[0]->type, e->loc);
	// (named as written, for the path's notes)
	const char *text = src_text(b, clang_Cursor_getArgument(call, 0));
	if (text)
		t->name = text;
	emit_assign(b, t, e->args[0], e->loc);
	e->args[0] = var_expr(b, t, e->loc);
	cxx_throw_if_null(b, t, NULL, e->loc);
	return true;
}

void cxx_throw_if_null(builder *b, ol_var *t, const char *thrower, ol_loc at)
{
	ol_expr *z = cxx_null_of(b, t->type, at);
	ol_expr *is_null = OL_NEW(b->a, ol_expr);
	is_null->kind = OL_E_BINARY;
	is_null->op = OL_OP_EQ;
	is_null->loc = at;
	is_null->type.cls = OL_TY_INT;
	is_null->sub[0] = var_expr(b, t, at);
	is_null->sub[1] = z;
	ol_block *land = new_block(b), *cont = new_block(b);
	ol_block *blk = b->cur;
	branch(b, is_null, land, cont, at, "throw");
	// ("assuming 'handle<>(PyLong_FromLong(n))' does not throw")
	if (thrower && blk && blk->term == OL_TERM_BRANCH)
		blk->cond_src = thrower;
	start(b, land);
	cxx_unwind(b, at);
	start(b, cont);
}

/* ---- throwers that throw only when an error is set -------------------- */

static bool calls_pyerr_occurred(CXCursor c)
{
	c = cxx_strip_all(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXString sp = clang_getCursorSpelling(c);
	bool yes = clang_getCString(sp) &&
		   !strcmp(clang_getCString(sp), "PyErr_Occurred");
	clang_disposeString(sp);
	return yes;
}

static bool always_throws(builder *b, CXCursor fdecl, const char *name);

// Statement `st` always ends in a throw: a `throw`, a call that never
// returns but by throwing, a block that ends with one, or an `if` whose
// condition is a constant true (the `if (__builtin_expect(!(false), 0))`
// of yamal's fmc_runtime_error_unless(false)) around one.
static bool stmt_always_throws(builder *b, CXCursor st, unsigned depth)
{
	st = cxx_strip_all(st);
	enum CXCursorKind k = clang_getCursorKind(st);
	if (depth > 4 || (k != CXCursor_CallExpr && returns_in(st)))
		return false;
	cursor_vec kids = {0};
	bool yes = false;
	switch (k) {
	case CXCursor_CXXThrowExpr:
		return !cxx_fatal_throw(b, st);
	case CXCursor_CallExpr: {
		CXCursor f = clang_getCursorReferenced(st);
		return !clang_Cursor_isNull(f) &&
		       always_throws(b, f,
				     intern_cx(b, clang_getCursorSpelling(f)));
	}
	case CXCursor_CompoundStmt:
		children(st, &kids);
		yes = kids.len &&
		      stmt_always_throws(b, kids.items[kids.len - 1], depth + 1);
		break;
	case CXCursor_IfStmt: {
		children(st, &kids);
		if (kids.len != 2)
			break;
		CXEvalResult r = clang_Cursor_Evaluate(kids.items[0]);
		yes = r && clang_EvalResult_getKind(r) == CXEval_Int &&
		      clang_EvalResult_getAsLongLong(r) != 0 &&
		      stmt_always_throws(b, kids.items[1], depth + 1);
		if (r)
			clang_EvalResult_dispose(r);
		break;
	}
	default:
		break;
	}
	OL_VEC_FREE(&kids);
	return yes;
}

// `PyErr_Occurred()`, or `PyErr_Occurred() != NULL` (nullptr, 0).
static bool asks_error_set(CXCursor cond)
{
	cond = cxx_strip_all(cond);
	if (calls_pyerr_occurred(cond))
		return true;
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(cond) != CXBinaryOperator_NE)
		return false;
	cursor_vec kids = {0};
	children(cond, &kids);
	bool yes = kids.len == 2 && calls_pyerr_occurred(kids.items[0]);
	OL_VEC_FREE(&kids);
	return yes;
}

// `const auto err = PyErr_Occurred();` (pythonfmu's handle_py_exception,
// C++ round 100): the variable declared, else a null cursor.
static CXCursor error_set_var(CXCursor decl)
{
	CXCursor none = clang_getNullCursor();
	if (clang_getCursorKind(decl) != CXCursor_DeclStmt)
		return none;
	cursor_vec kids = {0};
	children(decl, &kids);
	CXCursor v = kids.len == 1 ? kids.items[0] : none;
	OL_VEC_FREE(&kids);
	if (clang_getCursorKind(v) != CXCursor_VarDecl)
		return none;
	children(v, &kids);
	bool yes = kids.len && calls_pyerr_occurred(kids.items[kids.len - 1]);
	OL_VEC_FREE(&kids);
	return yes ? v : none;
}

// `err`, or `err != nullptr` (NULL, 0), of that variable.
static bool asks_error_var(CXCursor cond, CXCursor var)
{
	cond = cxx_strip_all(cond);
	cursor_vec kids = {0};
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(cond) == CXBinaryOperator_NE) {
		children(cond, &kids);
		if (kids.len == 2 && cxx_null_literal(kids.items[1]))
			cond = cxx_strip_all(kids.items[0]);
		OL_VEC_FREE(&kids);
	}
	return clang_getCursorKind(cond) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(cond), var);
}

// `void check(..) { if (!PyErr_Occurred()) return; ..; throw ..; }`
// (nupic's checkPyError): the function returns when no error is set, and
// else ends with a throw, its guard's `return` the only one. Or
// `void raise(..) { if (PyErr_Occurred() != nullptr) { ..; throw ..; } }`,
// its only statement (yamal's raise_python_error(), whose throw is the
// fmc_runtime_error_unless(false) macro's).
static bool throws_iff_error_set(builder *b, CXCursor def)
{
	CXCursor body = body_block(def);
	if (clang_Cursor_isNull(body))
		return false;
	cursor_vec kids = {0};
	children(body, &kids);
	// (or `const auto err = PyErr_Occurred(); if (err != nullptr) {
	// ..; throw ..; }`)
	CXCursor var = kids.len == 2 ? error_set_var(kids.items[0])
				     : clang_getNullCursor();
	if ((kids.len == 1 || !clang_Cursor_isNull(var)) &&
	    clang_getCursorKind(kids.items[kids.len - 1]) == CXCursor_IfStmt) {
		CXCursor only = kids.items[kids.len - 1];
		OL_VEC_FREE(&kids);
		children(only, &kids);
		bool yes = kids.len == 2 && !returns_in(only) &&
			   (clang_Cursor_isNull(var)
				    ? asks_error_set(kids.items[0])
				    : asks_error_var(kids.items[0], var)) &&
			   stmt_always_throws(b, kids.items[1], 0);
		OL_VEC_FREE(&kids);
		return yes;
	}
	bool yes = returns_in(body) == 1 && kids.len >= 2 &&
		   clang_getCursorKind(kids.items[0]) == CXCursor_IfStmt &&
		   clang_getCursorKind(cxx_strip_all(
			   kids.items[kids.len - 1])) == CXCursor_CXXThrowExpr;
	CXCursor guard = yes ? kids.items[0] : clang_getNullCursor();
	OL_VEC_FREE(&kids);
	if (!yes)
		return false;
	children(guard, &kids);
	// (the condition `!PyErr_Occurred()`, the branch a `return;`, no
	// else)
	yes = kids.len == 2;
	CXCursor cond = yes ? cxx_strip_all(kids.items[0])
			    : clang_getNullCursor();
	CXCursor then = yes ? kids.items[1] : clang_getNullCursor();
	OL_VEC_FREE(&kids);
	if (!yes || clang_getCursorKind(cond) != CXCursor_UnaryOperator)
		return false;
	children(cond, &kids);
	yes = kids.len == 1 && calls_pyerr_occurred(kids.items[0]);
	OL_VEC_FREE(&kids);
	if (yes && clang_getCursorKind(then) == CXCursor_CompoundStmt) {
		children(then, &kids);
		yes = kids.len == 1;
		then = yes ? kids.items[0] : clang_getNullCursor();
		OL_VEC_FREE(&kids);
	}
	return yes && clang_getCursorKind(then) == CXCursor_ReturnStmt;
}

bool cxx_call_throws_on_error(builder *b, CXCursor fdecl, const ol_expr *e)
{
	if (!b->cxx || b->opts->exceptions == OL_EXC_NONE || !b->cur ||
	    b->nr_pending || clang_Cursor_isNull(fdecl) ||
	    (clang_getCursorKind(fdecl) != CXCursor_FunctionDecl &&
	     clang_getCursorKind(fdecl) != CXCursor_CXXMethod))
		return false;
	// (A member may be overridden by one that does something else.)
	CXCursor def = cxx_body_of(fdecl);
	if (clang_Cursor_isNull(def) || clang_CXXMethod_isVirtual(fdecl) ||
	    !throws_iff_error_set(b, def))
		return false;
	// `if (PyErr_Occurred())`, asked before the call: right after the
	// call that set the error, the engine ties the test to that call's
	// result (a new reference made, no error).
	ol_type t = {0};
	t.cls = OL_TY_POINTER;
	t.spelling = "PyObject *";
	t.pointee = "PyObject";
	t.object = true;
	ol_block *blk = b->cur;
	throw_edge(b, cxx_synth_call(b, "PyErr_Occurred", NULL, 0, t, e->loc),
		   e->loc);
	// (the path's notes name the checker: "'check' throws here")
	if (blk && blk->term == OL_TERM_BRANCH)
		blk->cond_src = e->text;
	return true;
}

/* ---- new ------------------------------------------------------------ */

// Can the allocation of `new`-expression `c` throw (std::bad_alloc)? Not
// a placement form, `new (where) T` or `new (std::nothrow) T` (placement
// new is noexcept, nothrow returns NULL instead), nor a class's own
// `operator new` declared not to throw. (What the constructor does is
// its call's business.)
bool cxx_new_may_throw(builder *b, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	clang_tokenize(b->tu, clang_getCursorExtent(c), &toks, &n);
	bool placement = false;
	for (unsigned i = 0; i + 1 < n; i++) {
		CXString sp = clang_getTokenSpelling(b->tu, toks[i]);
		bool is_new = !strcmp(clang_getCString(sp), "new");
		clang_disposeString(sp);
		if (!is_new)
			continue;
		CXString nx = clang_getTokenSpelling(b->tu, toks[i + 1]);
		placement = !strcmp(clang_getCString(nx), "(");
		clang_disposeString(nx);
		break;
	}
	if (toks)
		clang_disposeTokens(b->tu, toks, n);
	if (placement)
		return false;
	CXType t = clang_getPointeeType(clang_getCursorType(c));
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	if (!clang_Cursor_isNull(d) &&
	    clang_getCursorKind(d) != CXCursor_NoDeclFound) {
		CXCursor op = cxx_class_member(d, CXCursor_CXXMethod,
					       "operator new");
		if (!clang_Cursor_isNull(op) && nothrow_spec(op))
			return false;
	}
	return true;
}

// The qualified name of the class `t` names, references seen through
// (`std::bad_alloc` of `const std::bad_alloc &`), or NULL.
static const char *class_name_of(builder *b, CXType t)
{
	if (t.kind == CXType_LValueReference ||
	    t.kind == CXType_RValueReference)
		t = clang_getPointeeType(t);
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	if (clang_Cursor_isNull(d) ||
	    clang_getCursorKind(d) == CXCursor_NoDeclFound)
		return NULL;
	return cxx_qual_name(b, d, true);
}

// `catch (...)`, or of std::exception or std::bad_alloc (by value or
// reference).
static bool catches_bad_alloc(builder *b, CXCursor stmt)
{
	// The handler's first child is its exception declaration, absent
	// for `catch (...)`.
	cursor_vec kids = {0};
	children(stmt, &kids);
	CXCursor decl = kids.len ? kids.items[0] : clang_getNullCursor();
	OL_VEC_FREE(&kids);
	if (clang_Cursor_isNull(decl) ||
	    clang_getCursorKind(decl) != CXCursor_VarDecl)
		return true; // catch (...)
	const char *n = class_name_of(b, clang_getCursorType(decl));
	return n && (!strcmp(n, "std::exception") ||
		     !strcmp(n, "std::bad_alloc"));
}

// A namespace of a binding library whose dispatcher catches every C++
// exception (pybind11, nanobind, Boost.Python).
static bool binder_namespace(builder *b, CXCursor ref)
{
	CXCursor ns = clang_getCursorReferenced(ref);
	if (clang_Cursor_isNull(ns))
		return false;
	const char *n = cxx_qual_name(b, ns, true);
	return n && (!strcmp(n, "pybind11") || !strcmp(n, "nanobind") ||
		     !strcmp(n, "boost::python"));
}

static enum CXChildVisitResult scan_catch(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	builder *b = data;
	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	enum CXCursorKind k = clang_getCursorKind(c);
	if ((k == CXCursor_CXXCatchStmt && catches_bad_alloc(b, c)) ||
	    (k == CXCursor_NamespaceRef && binder_namespace(b, c))) {
		b->opts->cache->bad_alloc_caught = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

// Does some code of this file catch the std::bad_alloc a failed `new`
// throws? If none does, the exception leaves the function and every C++
// caller the file has, reaches CPython's C frames, and ends the process
// (std::terminate): what the function held on that edge is no leak
// anyone sees, and the edge is not lowered at all. Caught are
// `catch (...)`, `catch (std::exception &)` and `catch (std::bad_alloc
// &)` written in the main file, and any code bound through pybind11,
// nanobind or Boost.Python, whose dispatchers turn a C++ exception into a
// Python one. (Callers in other files are not seen: a catch there, of an
// exported function's bad_alloc, goes unnoticed; rules/README.md.)
bool cxx_bad_alloc_caught(builder *b)
{
	struct ol_cfg_cache *cache = b->opts->cache;
	if (!cache)
		return true; // (not scanned: as if caught, the edge kept)
	if (!cache->bad_alloc_caught) {
		cache->bad_alloc_caught = 2;
		clang_visitChildren(clang_getTranslationUnitCursor(b->tu),
				    scan_catch, b);
	}
	return cache->bad_alloc_caught == 1;
}

// `throw std::bad_alloc()` (tkrzw's `xrealloc`, a failed allocation
// reported the standard way) in a file where nothing catches it: it ends
// the process, as a failed `new` does.
// A `throw;` with no handler around it in its function, nor a `try`
// (mypaint's `default: throw;` after a switch over every value of an
// enum): with no exception being handled it calls std::terminate; called
// from a handler elsewhere it would rethrow, which is not followed (a
// helper that rethrows is not known to throw). A handler or a `try` of
// the caller it is inlined into counts (b->handlers, b->tries).
bool cxx_bare_rethrow_ends(const builder *b, CXCursor throw_expr)
{
	return !b->handlers && !b->tries.len && cxx_is_rethrow(throw_expr);
}

bool cxx_fatal_throw(builder *b, CXCursor throw_expr)
{
	cursor_vec kids = {0};
	children(throw_expr, &kids);
	const char *n = kids.len ? class_name_of(b, clang_getCursorType(
						     kids.items[0]))
				 : NULL;
	OL_VEC_FREE(&kids);
	return n && !strcmp(n, "std::bad_alloc") && !cxx_bad_alloc_caught(b);
}

/* ---- throwing checks ------------------------------------------------ */

// The size of a throwing check: its statements and expressions, as
// libclang shows them (implicit conversions, temporaries and the calls a
// `std::string` message makes count too: vigra's pythonToCppException,
// which builds its message from the pending error, shows 65).
#define CHECK_MAX_STMTS 128

typedef struct check_scan {
	unsigned stmts; // statements and expressions met
	bool loop;      // a loop, a `try` or a lambda
} check_scan;

static enum CXChildVisitResult scan_check(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	check_scan *cs = data;
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
	    k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt ||
	    k == CXCursor_CXXTryStmt || k == CXCursor_LambdaExpr ||
	    k == CXCursor_GotoStmt) {
		cs->loop = true;
		return CXChildVisit_Break;
	}
	if (clang_isStatement(k) || clang_isExpression(k))
		cs->stmts++;
	return cs->stmts > CHECK_MAX_STMTS ? CXChildVisit_Break
					 : CXChildVisit_Recurse;
}

bool cxx_short_body(CXCursor def)
{
	check_scan cs = {0, false};
	clang_visitChildren(def, scan_check, &cs);
	return !cs.loop && cs.stmts <= CHECK_MAX_STMTS;
}

// A throwing check: a function of the file whose body throws, short and
// straight (no loop, at most CHECK_MAX_STMTS statements and expressions):
// `check(cudaMalloc(&p, n), "...")` with `if (e != cudaSuccess) throw
// ...`, `if (!o) throw error_already_set();`. Its body is inlined at the
// call (cxx_call.c), so that the edge that does not throw is known to have
// passed the test, which a summary cannot say (it has no thrown paths).
// Also one of a header of the project (wreport's `throw_ifnull` template
// in its utils/core.h, which a summary cannot speak for: its `T *` is no
// object pointer until instantiated).
bool cxx_is_throwing_check(builder *b, CXCursor fdecl)
{
	if (!b->cxx || b->opts->exceptions == OL_EXC_NONE ||
	    clang_Cursor_isNull(fdecl) || !cxx_project_body(b, fdecl))
		return false;
	enum CXCursorKind k = clang_getCursorKind(fdecl);
	if (k != CXCursor_FunctionDecl &&
	    !(k == CXCursor_CXXMethod && clang_CXXMethod_isStatic(fdecl)))
		return false;
	CXCursor def = cxx_body_of(fdecl);
	if (clang_Cursor_isNull(def))
		return false;
	// (scanned once per definition, kept with body_throws()'s verdicts)
	struct ol_cfg_cache *cache = b->opts->cache;
	void *v = cache ? cmap_get(&cache->checks, def) : NULL;
	if (v)
		return v == (void *)1;
	// (One that throws exactly when an error is set has its own edge,
	// named after it: cxx_call_throws_on_error.)
	bool always = false;
	bool check = body_throws(b, def, &always) && !always &&
		     cxx_short_body(def) && !throws_iff_error_set(b, def);
	if (cache)
		cmap_put(&cache->checks, def, check ? (void *)1 : (void *)2);
	return check;
}

// `p`, `!p`, `p == nullptr` (NULL, 0; either side): the parameter a
// condition tests for null, else a null cursor.
static CXCursor null_tested_param(CXCursor cond)
{
	cond = cxx_strip_all(cond);
	cursor_vec kids = {0};
	CXCursor p = clang_getNullCursor();
	enum CXCursorKind k = clang_getCursorKind(cond);
	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(cond) == CXUnaryOperator_LNot) {
		children(cond, &kids);
		if (kids.len == 1)
			p = cxx_strip_all(kids.items[0]);
	} else if (k == CXCursor_BinaryOperator &&
		   clang_getCursorBinaryOperatorKind(cond) ==
			   CXBinaryOperator_EQ) {
		children(cond, &kids);
		if (kids.len == 2 && cxx_null_literal(kids.items[1]))
			p = cxx_strip_all(kids.items[0]);
		else if (kids.len == 2 && cxx_null_literal(kids.items[0]))
			p = cxx_strip_all(kids.items[1]);
	}
	OL_VEC_FREE(&kids);
	if (clang_Cursor_isNull(p) ||
	    clang_getCursorKind(p) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	CXCursor d = clang_getCursorReferenced(p);
	return clang_getCursorKind(d) == CXCursor_ParmDecl
		       ? d : clang_getNullCursor();
}

// `Object(PyObject *o) { if (o == nullptr) throw ..; m_up.reset(o); }`
// (PyLiaison's pyl::Object, C++ round 112): the body's first statement
// throws when a pointer parameter is null, and nothing after it throws.
// That parameter's index, else -1.
static int throws_iff_null_param(builder *b, CXCursor def)
{
	CXCursor body = body_block(def);
	if (clang_Cursor_isNull(body))
		return -1;
	cursor_vec kids = {0}, guard = {0};
	children(body, &kids);
	int at = -1;
	if (kids.len >= 1 &&
	    clang_getCursorKind(kids.items[0]) == CXCursor_IfStmt) {
		children(kids.items[0], &guard);
		CXCursor parm = guard.len == 2
					? null_tested_param(guard.items[0])
					: clang_getNullCursor();
		if (!clang_Cursor_isNull(parm) &&
		    stmt_always_throws(b, guard.items[1], 0))
			for (int i = 0, n = clang_Cursor_getNumArguments(def);
			     i < n && at < 0; i++)
				if (clang_equalCursors(
					    clang_Cursor_getArgument(def,
								     (unsigned)i),
					    parm))
					at = i;
	}
	for (size_t i = 1; at >= 0 && i < kids.len; i++) {
		scan_ctx sc = {b, false, 0, 0};
		clang_visitChildren(kids.items[i], scan_throw, &sc);
		if (sc.found)
			at = -1;
	}
	OL_VEC_FREE(&guard);
	OL_VEC_FREE(&kids);
	return at;
}

// The exceptional edge of a call of a function of the file that throws
// only when its `k`-th parameter is null (throws_iff_null_param()), the
// argument a pointer variable: taken when that variable is null (the
// callee cannot change the caller's variable it was given by value).
static bool null_arg_edge(builder *b, CXCursor fdecl, const ol_expr *call,
			  ol_loc at)
{
	if (!call || clang_Cursor_isNull(fdecl))
		return false;
	CXCursor def = cxx_body_of(fdecl);
	if (clang_Cursor_isNull(def))
		return false;
	int k = throws_iff_null_param(b, def);
	if (k < 0)
		return false;
	unsigned i = (unsigned)k + (call->ctor || call->method ? 1u : 0u);
	if (i >= call->nargs || call->args[i]->kind != OL_E_VAR ||
	    call->args[i]->var->type.cls != OL_TY_POINTER)
		return false;
	cxx_throw_if_null(b, call->args[i]->var, NULL, at);
	return true;
}

void cxx_after_call(builder *b, CXCursor fdecl, const char *name, ol_loc at,
		    const ol_expr *call)
{
	bool always;
	const ol_kb_entry *kb;
	if (!may_throw(b, fdecl, name, &always, &kb))
		return;
	if (always) {
		// Never returns: the statement ends with a throw.
		if (!b->nr_pending) {
			b->nr_pending = true;
			b->nr_throw = true;
			b->nr_loc = at;
		}
		return;
	}
	if (!kb && null_arg_edge(b, fdecl, call, at))
		return;
	throw_edge(b, throw_test(b, name, at, kb, call), at);
}

// A handler of pybind11's error_already_set, whose constructor took the
// Python error out of the indicator (PyErr_Fetch): the handler starts
// with the indicator clear, as after that constructor (its rules entry),
// so a `PyErr_Fetch(&type, &value, &tb)` in it gives NULLs (easygraph's
// graph methods, C++ round 98), unless `e.restore()` put it back.
static void caught_error_already_set(builder *b, CXType ty, CXCursor at)
{
	CXType t = clang_getCanonicalType(cxx_strip_ref(ty));
	CXString s = clang_getTypeSpelling(t);
	const char *sp = clang_getCString(s);
	if (sp && !strncmp(sp, "const ", 6))
		sp += 6;
	bool ours = sp && !strcmp(sp, "pybind11::error_already_set");
	clang_disposeString(s);
	if (!ours)
		return;
	ol_expr *e = mk(b, OL_E_CALL, at);
	e->text = "pybind11::error_already_set::error_already_set";
	emit_eval(b, e);
}

// C++ `try { } catch`: the body's throws go to the dispatch, which tries
// each handler in turn (`catch (...)` matches anything); no match goes
// on unwinding.
NOINLINE void lower_try(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	ol_block *dispatch = new_block(b), *join = new_block(b);
	ol_loc loc = loc_of(b, s);
	try_ctx t = {dispatch, b->objs.len};
	OL_VEC_PUSH(&b->tries, t);
	if (k.len)
		lower_stmt(b, k.items[0]);
	jump(b, join, NULL, loc);
	b->tries.len--;
	start(b, dispatch);
	b->handlers++;
	// Which types are thrown is not known: one of the handlers catches
	// it (the last one when no other did), rather than a guess that
	// none does (precision first).
	bool caught = k.len < 2;
	for (size_t i = 1; i < k.len && !caught; i++) {
		cursor_vec h = {0};
		children(k.items[i], &h);
		CXCursor param = clang_getNullCursor(), body = clang_getNullCursor();
		for (size_t j = 0; j < h.len; j++) {
			enum CXCursorKind hk = clang_getCursorKind(h.items[j]);
			if (hk == CXCursor_VarDecl)
				param = h.items[j];
			else if (hk == CXCursor_CompoundStmt)
				body = h.items[j];
		}
		CXType pt = clang_getCursorType(k.items[i]);
		ol_loc hl = loc_of(b, k.items[i]);
		if (i + 1 < k.len &&
		    (!clang_Cursor_isNull(param) || pt.kind != CXType_Invalid)) {
			CXType ty = clang_Cursor_isNull(param)
					    ? pt : clang_getCursorType(param);
			ol_block *hb = new_block(b), *next = new_block(b);
			branch(b, cxx_unknown_at(b, hl, intern_cx(b,
					clang_getTypeSpelling(cxx_strip_ref(ty)))),
			       hb, next, hl, "catch");
			start(b, hb);
			caught_error_already_set(b, ty, k.items[i]);
			if (!clang_Cursor_isNull(body))
				lower_stmt(b, body);
			jump(b, join, NULL, hl);
			start(b, next);
		} else {
			caught = true; // catch (...)
			if (!clang_Cursor_isNull(param) ||
			    pt.kind != CXType_Invalid)
				caught_error_already_set(
					b, clang_Cursor_isNull(param)
						   ? pt : clang_getCursorType(param),
					k.items[i]);
			if (!clang_Cursor_isNull(body))
				lower_stmt(b, body);
			jump(b, join, NULL, hl);
		}
		OL_VEC_FREE(&h);
	}
	b->handlers--;
	if (!caught)
		cxx_unwind(b, loc);
	OL_VEC_FREE(&k);
	start(b, join);
}
