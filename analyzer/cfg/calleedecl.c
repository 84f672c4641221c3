/*
 * calleedecl.c — what a called function's declaration says, for the call
 * the lowering records (expr.c's lower_call(), cxx_call.c).
 *
 * Read from the declaration, never from the call:
 *   - whether it never returns: by name (abort, Py_FatalError, longjmp,
 *     ..), by its type or an attribute (`__attribute__((noreturn))`), by a
 *     specifier in its tokens (`_Noreturn`, `[[noreturn]]`, a library's
 *     macro named so), or by a body of the file that never returns;
 *     remembered per declaration (the translation unit's cache when there
 *     is one). A member, and a class's destructor, likewise;
 *   - whether it is a function of the file left out for its errors;
 *   - (C++) whether a template's result type is written with its
 *     parameters;
 *   - its ownership attributes (rules/README.md), with the contract its
 *     documentation states (doccontract.c);
 *   - which parameters are `void *`, and which destroy function parameter
 *     goes with which of them (engine/handoff.c).
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

static const char *const noreturn_names[] = {
	"abort", "exit", "_exit", "_Exit", "quick_exit", "Py_FatalError",
	"_Py_FatalErrorFunc", "_Py_FatalErrorFormat", "Py_Exit",
	"__builtin_unreachable", "__builtin_trap", "__builtin_abort",
	"__assert_fail", "__assert_rtn", "__assert_perror_fail", "longjmp",
	"siglongjmp", "_longjmp", "__longjmp_chk", "pthread_exit",
	"thrd_exit", "__stack_chk_fail",
};

// `_Noreturn`, `[[noreturn]]`, `__attribute__((__noreturn__))`, or a
// library's macro for them, named so: Py_NO_RETURN, Qt's Q_NORETURN (on
// QMessageLogger::fatal, under qFatal()), GLib's G_NORETURN and
// G_GNUC_NORETURN, BOOST_NORETURN, ABSL_ATTRIBUTE_NORETURN.
static bool tok_is_noreturn(const char *t)
{
	static const char *const suffixes[] = {"NORETURN", "NO_RETURN"};
	if (strcmp(t, "_Noreturn") == 0 || strcmp(t, "noreturn") == 0 ||
	    strcmp(t, "__noreturn__") == 0)
		return true;
	size_t n = strlen(t);
	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
		size_t k = strlen(suffixes[i]);
		if (n >= k && strcmp(t + n - k, suffixes[i]) == 0 &&
		    (n == k || t[n - k - 1] == '_'))
			return true;
	}
	return false;
}

// Does the token range `r` contain a noreturn spelling?
static bool range_says_noreturn(CXTranslationUnit tu, CXSourceRange r)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	bool found = false;
	clang_tokenize(tu, r, &toks, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		if (clang_getTokenKind(toks[i]) != CXToken_Identifier &&
		    clang_getTokenKind(toks[i]) != CXToken_Keyword)
			continue;
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *p = clang_getCString(s);
		found = p && tok_is_noreturn(p);
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return found;
}

// Where a declaration's "never returns" is remembered: the translation
// unit's cache when there is one (the same few callees are asked about
// from every function), else this function's own map.
static cmap *noreturn_memo(builder *b)
{
	return b->opts->cache ? &b->opts->cache->noreturn : &b->noreturn_map;
}

static enum CXChildVisitResult count_return(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
	    k == CXCursor_IndirectGotoStmt)
		++*(unsigned *)data;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue; // its own returns
	return CXChildVisit_Recurse;
}

unsigned returns_in(CXCursor body)
{
	unsigned n = 0;
	clang_visitChildren(body, count_return, &n);
	return n;
}

// The last statement of function definition `def`'s body, seen through
// the implicit wrappers (a temporary's cleanups), when the body has no
// `return` (nor a `goto`): else a null cursor.
CXCursor last_stmt_of_returnless_body(CXCursor def)
{
	cursor_vec kids = {0};
	children(def, &kids);
	CXCursor body = clang_getNullCursor();
	if (kids.len && clang_getCursorKind(kids.items[kids.len - 1]) ==
				CXCursor_CompoundStmt)
		body = kids.items[kids.len - 1];
	OL_VEC_FREE(&kids);
	if (clang_Cursor_isNull(body))
		return body;
	if (returns_in(body))
		return clang_getNullCursor();
	children(body, &kids);
	CXCursor last = kids.len ? kids.items[kids.len - 1]
				 : clang_getNullCursor();
	OL_VEC_FREE(&kids);
	while (!clang_Cursor_isNull(last) &&
	       clang_getCursorKind(last) == CXCursor_UnexposedExpr) {
		children(last, &kids);
		last = kids.len == 1 ? kids.items[0] : clang_getNullCursor();
		OL_VEC_FREE(&kids);
	}
	return last;
}

// A function of this file whose body never returns: no `return` in it,
// and its last statement a call of a function that never returns
// (Triton's `static inline void notEnoughMemory(void) { std::cerr << ..;
// exit(-1); }`, a C extension's `fatal(msg)`), or a `throw;` (credence's
// `Python_Loader_Error() { PyErr_Print(); throw; }`, C++ round 101: with
// no exception being handled it calls std::terminate, and in a handler it
// rethrows; it never comes back).
static bool body_never_returns(builder *b, CXCursor d)
{
	CXCursor def = clang_getCursorDefinition(d);
	if (clang_Cursor_isNull(def))
		return false;
	CXCursor last = last_stmt_of_returnless_body(def);
	if (b->cxx && clang_getCursorKind(last) == CXCursor_CXXThrowExpr &&
	    cxx_is_rethrow(last))
		return true;
	if (clang_Cursor_isNull(last) ||
	    clang_getCursorKind(last) != CXCursor_CallExpr)
		return false;
	CXCursor callee = clang_getCursorReferenced(last);
	if (clang_Cursor_isNull(callee))
		return false;
	CXString sp = clang_getCursorSpelling(callee);
	const char *n = intern_cx(b, sp);
	return n && decl_is_noreturn(b, callee, n);
}

// Is the function declaration `d` noreturn: by name, by its type
// (`__attribute__((noreturn))`), by an attribute cursor or a specifier in
// its tokens (`_Noreturn`, `[[noreturn]]`, `Py_NO_RETURN`), or by a body
// of this file that never returns?
bool decl_is_noreturn(builder *b, CXCursor d, const char *name)
{
	for (size_t i = 0; name &&
			   i < sizeof(noreturn_names) / sizeof(*noreturn_names);
	     i++)
		if (strcmp(name, noreturn_names[i]) == 0)
			return true;
	void *cached = cmap_get(noreturn_memo(b), d);
	if (cached)
		return cached == (void *)1;
	bool yes = false;
	CXString ts = clang_getTypeSpelling(clang_getCursorType(d));
	const char *t = clang_getCString(ts);
	yes = t && strstr(t, "noreturn");
	clang_disposeString(ts);
	cursor_vec kids = {0};
	children(d, &kids);
	for (size_t i = 0; i < kids.len && !yes; i++)
		if (clang_isAttribute(clang_getCursorKind(kids.items[i])))
			yes = range_says_noreturn(
				b->tu, clang_getCursorExtent(kids.items[i]));
	OL_VEC_FREE(&kids);
	if (!yes) {
		// Specifiers before the name: `_Noreturn void f(void)`.
		CXSourceRange ext = clang_getCursorExtent(d);
		CXSourceLocation at = clang_getCursorLocation(d);
		yes = range_says_noreturn(
			b->tu, clang_getRange(clang_getRangeStart(ext), at));
	}
	if (!yes) {
		// (No while its own body is read: a recursion is no proof.)
		cmap_put(noreturn_memo(b), d, (void *)2);
		yes = body_never_returns(b, d);
	}
	cmap_put(noreturn_memo(b), d, yes ? (void *)1 : (void *)2);
	return yes;
}

// A function of the file left out for the errors in its body (python-
// snappy's `maybe_resize`, whose `Py_SIZE(s) = n` no longer compiles).
bool skipped_fn(const builder *b, CXCursor fdecl)
{
	if (!b->opts || !b->opts->nskipped)
		return false;
	CXCursor c = clang_getCanonicalCursor(fdecl);
	for (size_t i = 0; i < b->opts->nskipped; i++)
		if (clang_equalCursors(
			    c, clang_getCanonicalCursor(b->opts->skipped[i])))
			return true;
	return false;
}

// (C++) A member function declared never to return, by its declaration
// only (a method named `exit` or `abort` is no proof).
bool method_is_noreturn(builder *b, CXCursor fdecl)
{
	return decl_is_noreturn(b, fdecl, NULL);
}

bool dtor_is_noreturn(builder *b, CXType t)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	if (clang_Cursor_isNull(d))
		return false;
	// (Cached under the class's cursor: 1 yes, 2 no.)
	void *cached = cmap_get(noreturn_memo(b), d);
	if (cached)
		return cached == (void *)1;
	CXCursor dtor = cxx_class_member(d, CXCursor_Destructor, NULL);
	bool yes = false;
	if (!clang_Cursor_isNull(dtor)) {
		const char *n = intern_cx(b, clang_getCursorSpelling(dtor));
		yes = n && decl_is_noreturn(b, dtor, n);
	}
	cmap_put(noreturn_memo(b), d, yes ? (void *)1 : (void *)2);
	return yes;
}

// (C++) `fdecl` specializes a function template whose result type is
// written with its parameters (`template <class T> T *get(..)`): the two
// result types are spelled apart.
bool generic_result(CXCursor fdecl)
{
	CXCursor pat = clang_getSpecializedCursorTemplate(fdecl);
	if (clang_Cursor_isNull(pat))
		return false;
	CXString a = clang_getTypeSpelling(clang_getCursorResultType(pat));
	CXString r = clang_getTypeSpelling(clang_getCursorResultType(fdecl));
	const char *as = clang_getCString(a), *rs = clang_getCString(r);
	bool generic = as && rs && strcmp(as, rs);
	clang_disposeString(a);
	clang_disposeString(r);
	return generic;
}

// The ownership attributes of declaration `d` (rules/README.md), normalized to
// "name(args)" and joined with ';': Clang's ownership_returns/takes/holds
// (unexposed attributes: read from their tokens) and annotate("..."),
// and the contract its documentation states (doccontract.c). NULL when
// there is none.
const char *ownership_attrs(builder *b, CXCursor d)
{
	cursor_vec kids = {0};
	children(d, &kids);
	ol_strbuf out;
	ol_strbuf_init(&out);
	for (size_t i = 0; i < kids.len; i++) {
		CXCursor k = kids.items[i];
		enum CXCursorKind kk = clang_getCursorKind(k);
		if (kk == CXCursor_AnnotateAttr) {
			CXString sp = clang_getCursorSpelling(k);
			const char *t = clang_getCString(sp);
			if (t && !strncmp(t, "mojo::", 6)) {
				if (out.len)
					ol_strbuf_addc(&out, ';');
				ol_strbuf_printf(&out, "annotate(%s)", t);
			}
			clang_disposeString(sp);
			continue;
		}
		if (!clang_isAttribute(kk))
			continue;
		CXToken *toks = NULL;
		unsigned n = 0;
		clang_tokenize(b->tu, clang_getCursorExtent(k), &toks, &n);
		if (n >= 1) {
			CXString first = clang_getTokenSpelling(b->tu, toks[0]);
			const char *f = clang_getCString(first);
			bool own = f && !strncmp(f, "ownership_", 10);
			clang_disposeString(first);
			if (own) {
				if (out.len)
					ol_strbuf_addc(&out, ';');
				for (unsigned j = 0; j < n; j++) {
					CXString ts = clang_getTokenSpelling(
						b->tu, toks[j]);
					ol_strbuf_add(&out, clang_getCString(ts));
					clang_disposeString(ts);
				}
			}
		}
		if (toks)
			clang_disposeTokens(b->tu, toks, n);
	}
	OL_VEC_FREE(&kids);
	doc_contract_attrs(d, &out);
	const char *r = out.len ? ol_arena_strdup(b->a, ol_strbuf_str(&out))
				: NULL;
	ol_strbuf_free(&out);
	return r;
}

// Bit i set when parameter i of function declaration `d` is `void *`.
unsigned void_params_of(CXCursor d)
{
	CXType ft = clang_getCursorType(d);
	int n = clang_getNumArgTypes(ft);
	unsigned mask = 0;
	for (int i = 0; i < n && i < 32; i++) {
		CXType t = clang_getCanonicalType(clang_getArgType(ft,
							       (unsigned)i));
		if (t.kind == CXType_Pointer &&
		    clang_getCanonicalType(clang_getPointeeType(t)).kind ==
			    CXType_Void)
			mask |= 1u << i;
	}
	return mask;
}

// `t` is a pointer to a function of one pointer that returns nothing:
// the type of a destroy function (GDestroyNotify, DBusFreeFunction).
static bool is_destroy_fn_type(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return false;
	CXType f = clang_getCanonicalType(clang_getPointeeType(t));
	return f.kind == CXType_FunctionProto &&
	       clang_getCanonicalType(clang_getResultType(f)).kind ==
		       CXType_Void &&
	       clang_getNumArgTypes(f) == 1 &&
	       clang_getCanonicalType(clang_getArgType(f, 0)).kind ==
		       CXType_Pointer;
}

// 1 + the index of the first destroy function parameter of `d` that
// follows a `void *` parameter (see ol_expr.destroy_param), else 0; and
// in `*data`, 1 + the index of that `void *` one. When the function has
// a single `void *` parameter and destroy function parameters after it,
// however far apart (python-audio-tools' `br_open_external(void
// *user_data, ..., ext_free_pos_f free_pos, ..., ext_free_f free)`), the
// last of those, `*ambiguous` when there are several.
unsigned char destroy_param_of(CXCursor d, unsigned void_params,
			       unsigned char *data, bool *ambiguous)
{
	CXType ft = clang_getCursorType(d);
	int n = clang_getNumArgTypes(ft);
	*data = 0;
	*ambiguous = false;
	for (int i = 1; i < n && i < 32 && i < 255; i++)
		if ((void_params >> (i - 1) & 1) &&
		    is_destroy_fn_type(clang_getArgType(ft, (unsigned)i))) {
			*data = (unsigned char)i;
			return (unsigned char)(i + 1);
		}
	int v = -1, found = -1;
	for (int i = 0; i < n && i < 32; i++)
		if (void_params >> i & 1) {
			if (v >= 0)
				return 0;
			v = i;
		}
	if (v < 0 || n > 32)
		return 0;
	for (int i = v + 1; i < n; i++)
		if (is_destroy_fn_type(clang_getArgType(ft, (unsigned)i))) {
			*ambiguous = found >= 0;
			found = i;
		}
	if (found < 0)
		return 0;
	*data = (unsigned char)(v + 1);
	return (unsigned char)(found + 1);
}
