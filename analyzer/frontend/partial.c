/*
 * partial.c — which functions of a file with errors are analyzed (see
 * partial.h).
 *
 * An error is kept as (file, offset) of its expansion location; a function
 * holds it when the file is the same and the offset lies in the function's
 * extent, from the return type to the closing brace; or when the function
 * holds an expression clang recovered (of dependent type outside a
 * template: an assignment to a field of a type no header declares).
 * Other errors outside every function (a missing header at the top, a
 * bad declaration, `#error`) skip nothing, but the file is still only
 * partly analyzed: what the functions use may be what failed to parse.
 */
#include "partial.h"

#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../cfg/build.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>

// Skipped functions named in the notice before "and N more".
#define OL_PARTIAL_MAX_NAMED 8

typedef struct err_pos {
	CXFile file;
	unsigned offset;
} err_pos;

struct ol_partial {
	OL_VEC(err_pos) errs;
	CXDiagnostic first;   // owned: the first error, for the notice
	OL_VEC(char *) skipped; // owned names
};

ol_partial *ol_partial_new(CXTranslationUnit tu)
{
	ol_partial *p = NULL;
	unsigned n = clang_getNumDiagnostics(tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		if (!p)
			p = ol_xcalloc(1, sizeof *p);
		err_pos e = { 0 };
		clang_getExpansionLocation(clang_getDiagnosticLocation(d),
					   &e.file, NULL, NULL, &e.offset);
		OL_VEC_PUSH(&p->errs, e);
		if (!p->first)
			p->first = d;
		else
			clang_disposeDiagnostic(d);
	}
	return p;
}

void ol_partial_free(ol_partial *p)
{
	if (!p)
		return;
	if (p->first)
		clang_disposeDiagnostic(p->first);
	for (size_t i = 0; i < p->skipped.len; i++)
		free(p->skipped.items[i]);
	OL_VEC_FREE(&p->skipped);
	OL_VEC_FREE(&p->errs);
	free(p);
}

static enum CXChildVisitResult recovered(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_LambdaExpr) // (a generic lambda's body)
		return CXChildVisit_Continue;
	if (clang_isExpression(k) &&
	    clang_getCursorType(c).kind == CXType_Dependent) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

// Function `fn`, no template, holds an expression of dependent type:
// clang's recovery of one it could not make sense of (an assignment to
// a field whose type a header of another version does not declare:
// tkrzw-python's `PolyIndex::Iterator *iter`, C++ round 67, dropped with
// its member, `self = nullptr` as clang kept it).
static bool holds_recovery(CXCursor fn)
{
	enum CXCursorKind k = clang_getCursorKind(fn);
	enum CXCursorKind pk =
		clang_getCursorKind(clang_getCursorSemanticParent(fn));
	if (k == CXCursor_FunctionTemplate || pk == CXCursor_ClassTemplate ||
	    pk == CXCursor_ClassTemplatePartialSpecialization)
		return false;
	bool found = false;
	clang_visitChildren(fn, recovered, &found);
	return found;
}

bool ol_partial_holds_error(const ol_partial *p, CXCursor fn)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	CXFile f1, f2;
	unsigned b, e;

	if (!p)
		return false;
	if (holds_recovery(fn))
		return true;
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	for (size_t i = 0; i < p->errs.len; i++) {
		const err_pos *x = &p->errs.items[i];
		if (x->file && clang_File_isEqual(x->file, f1) &&
		    x->offset >= b && x->offset <= e)
			return true;
	}
	return false;
}

bool ol_partial_skips(ol_partial *p, CXCursor fn)
{
	if (!ol_partial_holds_error(p, fn))
		return false;
	CXString s = clang_getCursorSpelling(fn);
	OL_VEC_PUSH(&p->skipped, ol_xstrdup(clang_getCString(s)));
	clang_disposeString(s);
	return true;
}

bool ol_partial_report(const ol_partial *p, ol_arena *a, const char *path,
		       size_t nanalyzed, ol_diag_sink *sink)
{
	ol_strbuf names;
	size_t nskip = p->skipped.len, nerr = p->errs.len;
	bool failed = nanalyzed == 0 && nskip > 0;

	ol_loc loc = ol_cfg_loc(a, clang_getDiagnosticLocation(p->first));
	if (!loc.file)
		loc.file = path;
	CXString msg = clang_getDiagnosticSpelling(p->first);
	char more[64] = "";
	if (nerr > 1)
		snprintf(more, sizeof more, " (and %zu more error%s)", nerr - 1,
			 nerr > 2 ? "s" : "");

	ol_strbuf_init(&names);
	for (size_t i = 0; i < nskip && i < OL_PARTIAL_MAX_NAMED; i++)
		ol_strbuf_printf(&names, "%s'%s'", i ? ", " : "",
				 p->skipped.items[i]);
	if (nskip > OL_PARTIAL_MAX_NAMED)
		ol_strbuf_printf(&names, " and %zu more",
				 nskip - OL_PARTIAL_MAX_NAMED);

	if (failed)
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "parse-error",
				    "%s%s; '%s' not analyzed: every function "
				    "holds an error (%s)", clang_getCString(msg),
				    more, path, ol_strbuf_str(&names));
	else if (nskip)
		ol_diag_sink_notice(sink, OL_LEVEL_WARNING, loc, "partial",
				    "%s%s; '%s' partly analyzed: %zu of %zu "
				    "function%s skipped for errors (%s)",
				    clang_getCString(msg), more, path, nskip,
				    nskip + nanalyzed,
				    nskip + nanalyzed == 1 ? "" : "s",
				    ol_strbuf_str(&names));
	else
		ol_diag_sink_notice(sink, OL_LEVEL_WARNING, loc, "partial",
				    "%s%s; '%s' partly analyzed: the error is "
				    "outside its functions, which were analyzed "
				    "as clang understood them",
				    clang_getCString(msg), more, path);
	clang_disposeString(msg);
	ol_strbuf_free(&names);
	return failed;
}
