/*
 * collect.c — which functions of a parsed file are lowered, and for what.
 *
 * The file's own function bodies (and, with --header-filter, those of
 * the headers it names) are analyzed and reported. Two kinds of header
 * functions are lowered for their summaries alone, nothing reported: the
 * functions and owner classes of a header beside the file (the project's
 * own, ol_header_is_neighbour()), and the templates and inline functions
 * of a project header elsewhere that the file's functions call, followed
 * through what those call in turn, up to OL_MAX_CALLED_HELPERS.
 * CPython's headers and the binding libraries' are the rules' business,
 * as is any function the rules know by name.
 *
 * libclang shows no instantiations: a template is collected once, on its
 * pattern. Lambdas are found later, by the lowering (cfg/build.h).
 */
#include "collect.h"

#include "../kb/kb.h"
#include "headers.h"
#include "owners.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct collect {
	ol_cursor_vec *v;
	ol_header_filter *headers; // --header-filter, may be NULL
	ol_cursor_vec *near;     // helpers of headers next to the file
	const char *main_dir; // ol_header_is_neighbour(), or NULL
} collect;

// Every function body of the file: free functions, and in C++ member
// functions, constructors, destructors and conversions (defined in their
// class or outside it), function templates and the members of class
// templates (lowered on their pattern: libclang shows no
// instantiations). Lambdas are found by the lowering.
static enum CXChildVisitResult collect_fn(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	collect *co = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	// extern "C" { ... } and namespaces hold functions too.
	if (k == CXCursor_LinkageSpec || k == CXCursor_Namespace ||
	    k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	// Classes hold member functions (those of system headers aside;
	// an owner class of a header beside the file gives its members'
	// summaries, as that header's functions do).
	if ((k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
	     k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
	     k == CXCursor_ClassTemplatePartialSpecialization) &&
	    clang_isCursorDefinition(c) &&
	    (ol_tu_owns_decl(c) || ol_header_filter_matches(co->headers, c) ||
	     ol_header_is_neighbour(c, co->main_dir)))
		return CXChildVisit_Recurse;
	// The file's own functions, and the header functions that match
	// --header-filter (headers.h).
	if ((k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
	     k == CXCursor_Constructor || k == CXCursor_Destructor ||
	     k == CXCursor_ConversionFunction ||
	     k == CXCursor_FunctionTemplate) &&
	    clang_isCursorDefinition(c)) {
		if (ol_tu_owns_decl(c) ||
		    ol_header_filter_matches(co->headers, c))
			OL_VEC_PUSH(co->v, c);
		else if (ol_header_is_neighbour(c, co->main_dir))
			OL_VEC_PUSH(co->near, c);
	}
	return CXChildVisit_Continue;
}


/* ---- header helpers the file calls --------------------------------- */

// A function template or inline function of a project header in another
// folder that the file's own functions call (Boost.Python's
// `expect_non_null<T>` in include/boost/python/errors.hpp, which throws on
// NULL and hands its argument back; HPy's `static inline PyObject
// *_h2py(HPy h)`, a cast of a handle to the object it lends, C round 67):
// what its body does is what its callers get, as for a header beside the
// file (summary only, nothing reported). Not CPython's, nor a function
// the rules know by name, nor a member called on an object (an owner
// class's members are inlined where they are used; a static member is a
// helper).

typedef struct called_scan {
	ol_cursor_vec *out;
	ol_cursor_vec members; // header members walked for what they call
	const ol_kb *kb;
} called_scan;

// Whether folder `dir` (`len` bytes of a path) holds a file `name`.
static bool folder_has(const char *dir, size_t len, const char *name)
{
	char buf[4096];
	if (len + 1 + strlen(name) + 1 > sizeof buf)
		return false;
	memcpy(buf, dir, len);
	buf[len] = '/';
	strcpy(buf + len + 1, name);
	return access(buf, F_OK) == 0;
}

// CPython's headers, wherever they are (`/usr/include/python3.11/`, a
// source tree's `Include/`, `Include/internal/`, `Include/cpython/`: a
// folder that holds Python.h, or whose parent does), and the binding
// libraries': their functions are the rules'.
static bool python_header(const char *path)
{
	if (strstr(path, "/python2") || strstr(path, "/python3") ||
	    strstr(path, "/Python.h") || strstr(path, "/pybind11/") ||
	    strstr(path, "/nanobind/") || strstr(path, "/numpy/"))
		return true;
	const char *slash = strrchr(path, '/');
	if (!slash)
		return folder_has(".", 1, "Python.h");
	size_t dir = (size_t)(slash - path);
	if (folder_has(path, dir, "Python.h"))
		return true;
	size_t up = dir;
	while (up > 0 && path[up - 1] != '/')
		up--;
	return up > 1 ? folder_has(path, up - 1, "Python.h")
		      : folder_has(".", 1, "Python.h");
}

static bool in_vec(const ol_cursor_vec *v, CXCursor c)
{
	for (size_t i = 0; i < v->len; i++)
		if (clang_equalCursors(v->items[i], c))
			return true;
	return false;
}

static enum CXChildVisitResult called_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	called_scan *cs = data;
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr ||
	    cs->out->len >= OL_MAX_CALLED_HELPERS)
		return CXChildVisit_Recurse;
	CXCursor f = clang_getCursorReferenced(c);
	enum CXCursorKind fk = clang_getCursorKind(f);
	// (A static member is called on no object: a helper like a free
	// function, yamal's `static object from_new(PyObject *obj)` that
	// extractor's `obj["index"]` reaches through an owner's member.)
	bool static_member = fk == CXCursor_CXXMethod &&
			     clang_CXXMethod_isStatic(f);
	if (!static_member &&
	    (fk == CXCursor_CXXMethod || fk == CXCursor_Constructor ||
	     fk == CXCursor_ConversionFunction)) {
		// (a header owner's member, inlined where it is used: what
		// it calls, too)
		CXCursor md = clang_getCursorDefinition(f);
		CXCursor mt = clang_getSpecializedCursorTemplate(f);
		if (clang_Cursor_isNull(md) && !clang_Cursor_isNull(mt))
			md = clang_getCursorDefinition(mt);
		if (!clang_Cursor_isNull(md) &&
		    !clang_Location_isInSystemHeader(
			    clang_getCursorLocation(md)) &&
		    !clang_Location_isFromMainFile(
			    clang_getCursorLocation(md)) &&
		    !in_vec(&cs->members, md) &&
		    cs->members.len < OL_MAX_CALLED_HELPERS) {
			OL_VEC_PUSH(&cs->members, md);
			clang_visitChildren(md, called_visit, cs);
		}
		return CXChildVisit_Recurse;
	}
	if (fk != CXCursor_FunctionDecl && !static_member)
		return CXChildVisit_Recurse;
	CXCursor tmpl = clang_getSpecializedCursorTemplate(f);
	bool is_tmpl = !clang_Cursor_isNull(tmpl);
	CXCursor def = is_tmpl ? tmpl : clang_getCursorDefinition(f);
	if (clang_Cursor_isNull(def) ||
	    (!is_tmpl && !clang_Cursor_isFunctionInlined(def)))
		return CXChildVisit_Recurse;
	CXSourceLocation l = clang_getCursorLocation(def);
	if (clang_Location_isInSystemHeader(l) ||
	    clang_Location_isFromMainFile(l))
		return CXChildVisit_Recurse;
	CXString name = clang_getCursorSpelling(f);
	bool known = cs->kb && ol_kb_lookup(cs->kb, clang_getCString(name));
	clang_disposeString(name);
	CXFile file;
	clang_getExpansionLocation(l, &file, NULL, NULL, NULL);
	CXString fn = clang_getFileName(file);
	const char *path = clang_getCString(fn);
	bool skip = known || !path || python_header(path);
	clang_disposeString(fn);
	if (!skip && !in_vec(cs->out, def)) {
		OL_VEC_PUSH(cs->out, def);
		clang_visitChildren(def, called_visit, cs); // (what it calls)
	}
	return CXChildVisit_Recurse;
}

// Appends to `near` the header helpers the functions in `own` call; false
// when there were more than OL_MAX_CALLED_HELPERS of them (or of members).
bool ol_collect_called_helpers(const ol_cursor_vec *own, ol_cursor_vec *near,
			       const ol_kb *kb)
{
	ol_cursor_vec found = {0};
	called_scan cs = {&found, {0}, kb};
	for (size_t i = 0; i < own->len; i++)
		clang_visitChildren(own->items[i], called_visit, &cs);
	bool all = found.len < OL_MAX_CALLED_HELPERS &&
		   cs.members.len < OL_MAX_CALLED_HELPERS;
	OL_VEC_FREE(&cs.members);
	for (size_t i = 0; i < found.len; i++)
		if (!in_vec(near, found.items[i]))
			OL_VEC_PUSH(near, found.items[i]);
	OL_VEC_FREE(&found);
	return all;
}

// The real path of the folder of the translation unit's main file, or
// NULL.
static const char *main_dir_of(ol_arena *a, CXTranslationUnit tu)
{
	CXString sp = clang_getTranslationUnitSpelling(tu);
	CXFile f = clang_getCString(sp) ? clang_getFile(tu, clang_getCString(sp))
					: NULL;
	clang_disposeString(sp);
	if (!f)
		return NULL;
	CXString real = clang_File_tryGetRealPathName(f);
	const char *path = clang_getCString(real);
	const char *slash = path ? strrchr(path, '/') : NULL;
	const char *dir = slash && slash > path
				  ? ol_arena_strndup(a, path,
						     (size_t)(slash - path))
				  : NULL;
	clang_disposeString(real);
	return dir;
}

// Moves the functions of the main file from `cs` to `own`, leaving the
// headers' (a carrier's, header_alone.h).
void ol_collect_split_carrier(ol_cursor_vec *cs, ol_cursor_vec *own)
{
	size_t kept = 0;
	for (size_t i = 0; i < cs->len; i++) {
		CXSourceLocation at = clang_getCursorLocation(cs->items[i]);
		if (clang_Location_isFromMainFile(at))
			OL_VEC_PUSH(own, cs->items[i]);
		else
			cs->items[kept++] = cs->items[i];
	}
	cs->len = kept;
}
void ol_collect_functions(CXTranslationUnit tu, ol_arena *a,
			  ol_header_filter *headers, ol_cursor_vec *own,
			  ol_cursor_vec *near)
{
	collect co = {own, headers, near, main_dir_of(a, tu)};
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_fn,
			    &co);
}
