/*
 * cxx_model.c — what the C++ lowering (cxx.c) knows of a class and of a
 * name: qualified names as the rules spell them, and each class's model.
 *
 * A class is one of three things (cls_model, build_int.h). A library
 * owner (CLS_LIB) is a class the rules describe (`rules/cxx.json`: its
 * destructor's release, its copy, its members `get`, `release`, `reset`,
 * ...), found through its bases too (pybind11::str has handle's members).
 * A guard (CLS_GUARD) is a class of the project, outside the library
 * namespaces, whose destructor's body is visible and whose fields are
 * scalars or pointers: its members are inlined and its fields become
 * variables. Anything else is not followed. Models are made once per class
 * and kept for the translation unit (struct ol_cfg_cache) when there is
 * one.
 *
 * A function is "followed" when its body is in the file being analysed or
 * in a source file it includes: its summary speaks for it; a library
 * function is named in full, so that no C convention applies to it.
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../kb/kb.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names ---------------------------------------------------------- */

bool cxx_is_class_kind(enum CXCursorKind k)
{
	return k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
	       k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
	       k == CXCursor_ClassTemplatePartialSpecialization;
}

// "ns::Outer::Inner" for a class or namespace member `c` (template
// arguments and inline namespaces dropped), appended to `sb`.
static void qual_prefix(ol_strbuf *sb, CXCursor c, bool namespaces)
{
	CXCursor p = clang_getCursorSemanticParent(c);
	enum CXCursorKind k = clang_getCursorKind(p);
	if (k == CXCursor_Namespace && clang_Cursor_isInlineNamespace(p)) {
		qual_prefix(sb, p, namespaces);
		return;
	}
	if (cxx_is_class_kind(k) || (namespaces && k == CXCursor_Namespace)) {
		qual_prefix(sb, p, namespaces);
		CXString s = clang_getCursorSpelling(p);
		ol_strbuf_add(sb, clang_getCString(s));
		clang_disposeString(s);
		ol_strbuf_add(sb, "::");
	}
}

const char *cxx_qual_name(builder *b, CXCursor c, bool namespaces)
{
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	CXCursor t = clang_getSpecializedCursorTemplate(c);
	if (!clang_Cursor_isNull(t) && cxx_is_class_kind(clang_getCursorKind(c)))
		c = t;
	qual_prefix(&sb, c, namespaces);
	CXString s = clang_getCursorSpelling(c);
	const char *sp = clang_getCString(s);
	// A class template's constructor or destructor is spelled with the
	// template's parameters (`wrapper<T>`), its specializations' without
	// (`wrapper`): named as these, so that a call finds the summary.
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_FunctionTemplate)
		k = clang_getTemplateCursorKind(c);
	const char *lt = sp ? strchr(sp, '<') : NULL;
	size_t n = lt && (k == CXCursor_Constructor ||
			  k == CXCursor_Destructor) &&
			   sp[strlen(sp) - 1] == '>'
		   ? (size_t)(lt - sp) : sp ? strlen(sp) : 0;
	// (libclang spells a conversion's type canonical, `operator _object
	// *`: the type as the declaration writes it, `operator PyObject *`)
	CXType ct = k == CXCursor_ConversionFunction
		? clang_getCursorResultType(c) : (CXType){0};
	CXString ts = clang_getTypeSpelling(ct);
	const char *tsp = clang_getCString(ts);
	if (ct.kind != CXType_Invalid && tsp && *tsp) {
		ol_strbuf_add(&sb, "operator ");
		ol_strbuf_add(&sb, tsp);
	} else {
		ol_strbuf_addn(&sb, sp ? sp : "", n);
	}
	clang_disposeString(ts);
	clang_disposeString(s);
	const char *r = intern(b, ol_strbuf_str(&sb));
	ol_strbuf_free(&sb);
	return r;
}

// A function named as an entry of the rules but declared with C++
// linkage and another shape (pyodbc's `bool PyMem_Realloc(BYTE **pp,
// size_t n)`, next to CPython's `void *PyMem_Realloc(void *, size_t)`) is
// the project's overload, not the API: named with its parameters, so that
// neither the rules nor the API's conventions apply to it and its own body
// (a summary, another file's contract) says what it does. The shape: a
// different number of parameters, or no pointer returned where the entry
// returns a reference or a block of memory.
// `e`: the rules' entry named `plain`, or NULL.
static const char *overload_name(builder *b, CXCursor fdecl,
				 const char *plain, const ol_kb_entry *e)
{
	if (!e || e->macro ||
	    clang_getCursorLinkage(fdecl) != CXLinkage_External ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(fdecl)))
		return plain; // (CPython's static inline Py_TYPE is the API)
	int nparams = clang_Cursor_getNumArguments(fdecl);
	CXType rt = clang_getCanonicalType(clang_getCursorResultType(fdecl));
	bool ret_ptr = rt.kind == CXType_Pointer;
	bool memory = e->resource && (!strcmp(e->resource, "pyref") ||
				      !strcmp(e->resource, "heap"));
	bool entry_ptr = memory && (e->ret == OL_KB_RET_NEW ||
				    e->ret == OL_KB_RET_BORROWED ||
				    e->ret == OL_KB_RET_ACQUIRE ||
				    e->ret == OL_KB_RET_INTERIOR);
	bool other_shape = (nparams >= 0 && (size_t)nparams != e->nargs &&
			    e->nargs) ||
			   (entry_ptr && !ret_ptr);
	return other_shape && cxx_has_cxx_linkage(fdecl)
		       ? intern_cx(b, clang_getCursorDisplayName(fdecl))
		       : plain;
}

bool cxx_has_cxx_linkage(CXCursor fdecl)
{
	CXString mg = clang_Cursor_getMangling(fdecl);
	const char *m = clang_getCString(mg);
	bool mangled = m && !strncmp(m, "_Z", 2);
	clang_disposeString(mg);
	return mangled;
}

// Function `fn` is an explicit specialization of a function template
// (`template<> n_vector from_pyobject<n_vector>(PyObject *o)`): written in
// the source apart from its template, where an implicit instantiation
// is placed at its template's own definition.
static bool explicit_specialization(CXCursor fn)
{
	CXCursor t = clang_getSpecializedCursorTemplate(fn);
	if (clang_Cursor_isNull(t) ||
	    clang_getCursorKind(t) != CXCursor_FunctionTemplate)
		return false;
	return !clang_equalLocations(clang_getCursorLocation(fn),
				     clang_getCursorLocation(t));
}

// An explicit specialization named with its template's arguments
// (`from_pyobject<n_vector>`), each with its own body and summary: ntracer
// writes a dozen `from_pyobject<T>`, returning an integer, a C++ vector or
// a new reference. NULL for any other function.
static const char *specialization_name(builder *b, CXCursor fn)
{
	int n = clang_Cursor_getNumTemplateArguments(fn);
	if (n <= 0 || clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
	    !explicit_specialization(fn))
		return NULL;
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	CXString s = clang_getCursorSpelling(fn);
	ol_strbuf_add(&sb, clang_getCString(s));
	clang_disposeString(s);
	for (int i = 0; i < n; i++) {
		ol_strbuf_add(&sb, i ? "," : "<");
		enum CXTemplateArgumentKind ak =
			clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i);
		if (ak == CXTemplateArgumentKind_Type) {
			CXString ts = clang_getTypeSpelling(
				clang_Cursor_getTemplateArgumentType(
					fn, (unsigned)i));
			ol_strbuf_add(&sb, clang_getCString(ts));
			clang_disposeString(ts);
		} else if (ak == CXTemplateArgumentKind_Integral) {
			ol_strbuf_printf(&sb, "%lld",
					 clang_Cursor_getTemplateArgumentValue(
						 fn, (unsigned)i));
		} else {
			ol_strbuf_add(&sb, "?");
		}
	}
	ol_strbuf_add(&sb, ">");
	const char *r = intern(b, ol_strbuf_str(&sb));
	ol_strbuf_free(&sb);
	return r;
}

const char *cxx_fn_name(builder *b, CXCursor fn)
{
	enum CXCursorKind k = clang_getCursorKind(fn);
	const char *spec = specialization_name(b, fn);
	if (spec)
		return spec;
	if (k == CXCursor_FunctionDecl) {
		const char *plain = intern_cx(b, clang_getCursorSpelling(fn));
		return overload_name(b, fn, plain, cxx_kb_get(b, plain));
	}
	if (k == CXCursor_FunctionTemplate &&
	    !cxx_is_class_kind(clang_getCursorKind(
		    clang_getCursorSemanticParent(fn))))
		return intern_cx(b, clang_getCursorSpelling(fn));
	return cxx_qual_name(b, fn, false);
}

const ol_kb_entry *cxx_kb_get(builder *b, const char *name)
{
	return b->opts->kb && name ? ol_kb_lookup(b->opts->kb, name) : NULL;
}

/* ---- class models --------------------------------------------------- */

CXType cxx_strip_ref(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	return t;
}

static ol_type pyobject_ptr(builder *b)
{
	ol_type t = {0};
	t.cls = OL_TY_POINTER;
	t.spelling = intern(b, "_object *");
	t.pointee = intern(b, "_object");
	t.object = true;
	return t;
}

// `PyObject *`, as the lowering types it.
ol_type cxx_pyobject_type(builder *b)
{
	return pyobject_ptr(b);
}

typedef struct find_ctx {
	const char *name;
	enum CXCursorKind kind;
	CXCursor found;
	cursor_vec *bases;
	bool bad_field;
	unsigned npointers; // pointer fields, the first in `pointer`
	CXCursor pointer;
} find_ctx;

static enum CXChildVisitResult class_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	find_ctx *f = data;
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CXXBaseSpecifier && f->bases)
		OL_VEC_PUSH(f->bases, c);
	if (k == CXCursor_FieldDecl) {
		CXType t = clang_getCanonicalType(clang_getCursorType(c));
		if (t.kind == CXType_Record || t.kind == CXType_ConstantArray ||
		    t.kind == CXType_LValueReference ||
		    t.kind == CXType_RValueReference)
			f->bad_field = true;
		// (`T *o` of a template: a pointer to a dependent type)
		if (t.kind == CXType_Pointer && !f->npointers++)
			f->pointer = c;
	}
	if (f->kind != CXCursor_FirstInvalid && k == f->kind) {
		bool match = !f->name;
		if (f->name) {
			CXString s = clang_getCursorSpelling(c);
			match = !strcmp(clang_getCString(s), f->name);
			clang_disposeString(s);
		}
		if (match && clang_Cursor_isNull(f->found))
			f->found = c;
	}
	return CXChildVisit_Continue;
}

// The first child of class `decl` of kind `kind` (named `name`, or any).
CXCursor cxx_class_member(CXCursor decl, enum CXCursorKind kind,
			  const char *name)
{
	find_ctx f = {name, kind, clang_getNullCursor(), NULL, false, 0,
		      clang_getNullCursor()};
	clang_visitChildren(decl, class_visit, &f);
	return f.found;
}

// The constructors of class `decl` that make an object of arguments, not
// of another object: copies and moves left out.
void cxx_value_ctors(CXCursor decl, cursor_vec *out)
{
	cursor_vec k = {0};
	children(decl, &k);
	for (size_t i = 0; i < k.len; i++)
		if (clang_getCursorKind(k.items[i]) == CXCursor_Constructor &&
		    !clang_CXXConstructor_isCopyConstructor(k.items[i]) &&
		    !clang_CXXConstructor_isMoveConstructor(k.items[i]))
			OL_VEC_PUSH(out, k.items[i]);
	OL_VEC_FREE(&k);
}

static void base_fields(CXCursor cls, cursor_vec *out, int depth)
{
	if (depth > 4)
		return;
	cursor_vec k = {0};
	children(cls, &k);
	for (size_t i = 0; i < k.len; i++) {
		if (clang_getCursorKind(k.items[i]) != CXCursor_CXXBaseSpecifier)
			continue;
		CXCursor base = clang_getTypeDeclaration(clang_getCanonicalType(
			clang_getCursorType(k.items[i])));
		if (!cxx_is_class_kind(clang_getCursorKind(base)))
			continue;
		CXCursor dt = cxx_class_member(base, CXCursor_Destructor, NULL);
		if (!clang_Cursor_isNull(dt) && !clang_CXXMethod_isDefaulted(dt)) {
			cursor_vec f = {0};
			children(base, &f);
			for (size_t j = 0; j < f.len; j++)
				if (clang_getCursorKind(f.items[j]) ==
				    CXCursor_FieldDecl)
					OL_VEC_PUSH(out, f.items[j]);
			OL_VEC_FREE(&f);
		}
		base_fields(base, out, depth + 1);
	}
	OL_VEC_FREE(&k);
}

void cxx_destroyed_base_fields(CXCursor cls, cursor_vec *out)
{
	base_fields(cls, out, 0);
}

/* ---- fields a class does not own ----------------------------------- */

typedef struct dtor_scan {
	CXCursor field;
	bool calls, names_field, calls_member;
} dtor_scan;

static enum CXChildVisitResult dtor_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	dtor_scan *s = data;
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor r = clang_getCursorReferenced(c);
	if (k == CXCursor_MemberRefExpr && clang_equalCursors(r, s->field))
		s->names_field = true;
	if (k == CXCursor_CallExpr) {
		s->calls = true;
		if (clang_getCursorKind(r) == CXCursor_CXXMethod &&
		    !clang_CXXMethod_isStatic(r))
			s->calls_member = true;
	}
	return CXChildVisit_Recurse;
}

// `field` is a pointer its class does not own: the class has a
// destructor of its own that releases something (it calls a function)
// but never names this field, nor calls a member that could (`close()`).
// IterableManager's `m_object` beside the `m_iterator` its destructor
// releases.
static bool field_not_owned(CXCursor field)
{
	CXCursor cls = clang_getCursorSemanticParent(field);
	if (!cxx_is_class_kind(clang_getCursorKind(cls)))
		return false;
	CXCursor dt = cxx_body_of(cxx_class_member(cls, CXCursor_Destructor,
						   NULL));
	if (clang_Cursor_isNull(dt))
		return false;
	dtor_scan s = {field, false, false, false};
	clang_visitChildren(dt, dtor_visit, &s);
	return s.calls && !s.names_field && !s.calls_member;
}

// The guard model `m`'s destructor calls a function with its one pointer
// field (rebind's `~Object() {xdecref(ptr);}`): what an object of it holds
// is a reference it owns.
bool cxx_guard_releases_handle(const cls_model *m)
{
	if (m->kind != CLS_GUARD || !m->hfield || clang_Cursor_isNull(m->dtor))
		return false;
	CXCursor field = cxx_class_member(clang_getCursorSemanticParent(m->dtor),
					  CXCursor_FieldDecl, m->hfield);
	if (clang_Cursor_isNull(field))
		return false;
	dtor_scan s = {field, false, false, false};
	clang_visitChildren(m->dtor, dtor_visit, &s);
	return s.calls && s.names_field;
}

// Destructor body `dt` calls some function (a release, a `close()`).
static bool dtor_calls(CXCursor dt)
{
	dtor_scan s = {clang_getNullCursor(), false, false, false};
	clang_visitChildren(dt, dtor_visit, &s);
	return s.calls;
}

typedef struct parm_scan {
	CXCursor parm;
	bool written;
} parm_scan;

static bool names_parm(CXCursor e, CXCursor parm)
{
	e = cxx_strip_all(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), parm);
}

static enum CXChildVisitResult parm_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	parm_scan *s = data;
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	cursor_vec kids = {0};
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(c);
		if (bk >= CXBinaryOperator_Assign && bk <= CXBinaryOperator_OrAssign) {
			expr_children(c, &kids);
			s->written |= kids.len == 2 && names_parm(kids.items[0], s->parm);
		}
	} else if (k == CXCursor_UnaryOperator &&
		   clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
		expr_children(c, &kids);
		s->written |= kids.len == 1 && names_parm(kids.items[0], s->parm);
	}
	OL_VEC_FREE(&kids);
	return s->written ? CXChildVisit_Break : CXChildVisit_Recurse;
}

// Parameter `parm` keeps the value it was given: its function never
// assigns it nor takes its address.
static bool parm_unchanged(CXCursor parm)
{
	parm_scan s = {parm, false};
	clang_visitChildren(clang_getCursorSemanticParent(parm), parm_visit, &s);
	return !s.written;
}

// Assignment `lhs = rhs` (or a member initializer, `lhs` the field) in a
// member of the field's class stores a pointer parameter, as it was
// given, in a field the class does not own (field_not_owned): a
// non-owning link, no hand-over of the parameter's reference.
bool cxx_unowned_field_store(CXCursor lhs, CXCursor rhs)
{
	CXCursor f = lhs;
	if (clang_getCursorKind(f) != CXCursor_FieldDecl) {
		lhs = cxx_strip_all(lhs);
		if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
			return false;
		cursor_vec k = {0};
		expr_children(lhs, &k);
		bool of_this = !k.len ||
			(k.len == 1 && clang_getCursorKind(cxx_strip_all(
					 k.items[0])) == CXCursor_CXXThisExpr);
		OL_VEC_FREE(&k);
		if (!of_this)
			return false;
		f = clang_getCursorReferenced(lhs);
	}
	if (clang_getCursorKind(f) != CXCursor_FieldDecl ||
	    clang_getCanonicalType(clang_getCursorType(f)).kind !=
		    CXType_Pointer)
		return false;
	rhs = cxx_strip_all(rhs);
	CXCursor parm = clang_getCursorReferenced(rhs);
	if (clang_getCursorKind(rhs) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(parm) != CXCursor_ParmDecl)
		return false;
	return field_not_owned(f) && parm_unchanged(parm);
}

static CXCursor body_of_definition(CXCursor c);

// The definition of `c` with a body in this translation unit, or a null
// cursor. A member of a class template's specialization (`Owned<PyObject>
// ::reset`), or a function template's, has it in the template it was
// instantiated from: libclang shows no instantiated bodies, so the pattern
// is lowered, its dependent types unknown (which is what the lowering
// needs of an owner: which field it releases, which it hands back).
CXCursor cxx_body_of(CXCursor c)
{
	CXCursor d = body_of_definition(c);
	if (!clang_Cursor_isNull(d) || clang_Cursor_isNull(c))
		return d;
	CXCursor pat = clang_getSpecializedCursorTemplate(c);
	if (clang_Cursor_isNull(pat) || clang_equalCursors(pat, c))
		return d;
	return body_of_definition(pat);
}

// The class whose members and fields model class `decl`: the template a
// specialization was instantiated from, when the specialization itself
// shows none (an implicit instantiation).
CXCursor cxx_class_pattern(CXCursor decl)
{
	CXCursor pat = clang_getSpecializedCursorTemplate(decl);
	if (clang_Cursor_isNull(pat) ||
	    !clang_Cursor_isNull(cxx_class_member(decl, CXCursor_Destructor,
						  NULL)))
		return decl;
	CXCursor def = clang_getCursorDefinition(pat);
	return clang_Cursor_isNull(def) ? pat : def;
}

static CXCursor body_of_definition(CXCursor c)
{
	CXCursor d = clang_getCursorDefinition(c);
	// (An implicit or defaulted member has no body we could lower: the
	// callers do its work, field by field.)
	if (clang_Cursor_isNull(d) || clang_CXXMethod_isDefaulted(d))
		return clang_getNullCursor();
	cursor_vec k = {0};
	children(d, &k);
	CXCursor body = clang_getNullCursor();
	for (size_t i = 0; i < k.len; i++)
		if (clang_getCursorKind(k.items[i]) == CXCursor_CompoundStmt)
			body = k.items[i];
	OL_VEC_FREE(&k);
	return clang_Cursor_isNull(body) ? body : d;
}

const cls_model cxx_none_model = {CLS_NONE};

// Is `fdecl` defined in the file being analysed, or in a source file it
// includes (nanobind's nb_combined.cpp), so that its body gets a summary
// (frontend/owners.c ol_tu_owns_decl)?
bool cxx_followed(CXCursor fdecl)
{
	CXCursor d = clang_getCursorDefinition(fdecl);
	if (clang_Cursor_isNull(d))
		return false;
	CXSourceLocation l = clang_getCursorLocation(d);
	if (clang_Location_isFromMainFile(l))
		return true;
	if (clang_Location_isInSystemHeader(l))
		return false;
	CXFile f;
	clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
	CXString n = clang_getFileName(f);
	const char *p = clang_getCString(n);
	const char *dot = p ? strrchr(p, '.') : NULL;
	bool src = dot && (!strcmp(dot, ".c") || !strcmp(dot, ".cc") ||
			   !strcmp(dot, ".cpp") || !strcmp(dot, ".cxx") ||
			   !strcmp(dot, ".cu"));
	clang_disposeString(n);
	return src;
}

static bool library_class(builder *b, const char *q);

bool cxx_project_body(builder *b, CXCursor fdecl)
{
	if (cxx_followed(fdecl))
		return true;
	CXCursor d = clang_getCursorDefinition(fdecl);
	return !clang_Cursor_isNull(d) &&
	       !clang_Location_isInSystemHeader(clang_getCursorLocation(d)) &&
	       !library_class(b, cxx_qual_name(b, d, true));
}

const char *cxx_call_name(builder *b, CXCursor fdecl, const char *plain)
{
	// A function of a library namespace (pybind11::detail::...) is no
	// C API: named in full, it gets none of the C conventions.
	// (A function of the file keeps its plain name: its summary.)
	if (!b->cxx || clang_getCursorKind(fdecl) != CXCursor_FunctionDecl)
		return plain;
	const char *spec = specialization_name(b, fdecl);
	if (spec)
		return spec;
	const ol_kb_entry *e = cxx_kb_get(b, plain);
	if (e)
		return overload_name(b, fdecl, plain, e);
	if (cxx_followed(fdecl))
		return plain;
	// (A function the rules name in full, `cppy::incref`, is theirs
	// whatever its namespace.)
	const char *q = cxx_qual_name(b, fdecl, true);
	return library_class(b, q) || cxx_kb_get(b, q) ? q : plain;
}

// The declarations of the direct bases of class `decl`, into `out`.
static void base_decls(CXCursor decl, cursor_vec *out)
{
	cursor_vec specs = {0};
	find_ctx f = {NULL, CXCursor_FirstInvalid, clang_getNullCursor(),
		      &specs, false, 0, clang_getNullCursor()};
	CXCursor def = clang_getCursorDefinition(decl);
	clang_visitChildren(clang_Cursor_isNull(def) ? decl : def, class_visit,
			    &f);
	// A specialization may not show its bases: its template does.
	CXCursor pat = clang_getSpecializedCursorTemplate(decl);
	if (!specs.len && !clang_Cursor_isNull(pat))
		clang_visitChildren(pat, class_visit, &f);
	for (size_t i = 0; i < specs.len; i++) {
		CXType bt = clang_getCanonicalType(
			clang_getCursorType(specs.items[i]));
		OL_VEC_PUSH(out, clang_getTypeDeclaration(bt));
	}
	OL_VEC_FREE(&specs);
}

// The rules' entry `<cls>::<member>` for class `decl` or one of its
// bases (pybind11::str finds pybind11::object's, then handle's).
const ol_kb_entry *cxx_member_entry(builder *b, CXCursor decl,
				     const char *member, const char **lib,
				     int depth)
{
	if (depth > 8 || clang_Cursor_isNull(decl))
		return NULL;
	const char *q = cxx_qual_name(b, decl, true);
	char key[512];
	const char *m = member;
	if (!strcmp(member, "~")) { // the destructor: ~<short name>
		const char *sn = strrchr(q, ':');
		snprintf(key, sizeof key, "%s::~%s", q, sn ? sn + 1 : q);
		m = NULL;
	} else if (!strcmp(member, "()")) { // the constructor
		const char *sn = strrchr(q, ':');
		snprintf(key, sizeof key, "%s::%s", q, sn ? sn + 1 : q);
		m = NULL;
	}
	if (m)
		snprintf(key, sizeof key, "%s::%s", q, m);
	const ol_kb_entry *e = cxx_kb_get(b, key);
	if (e && e->cxx != OL_KB_CXX_NONE) {
		if (lib)
			*lib = q;
		return e;
	}
	cursor_vec bases = {0};
	base_decls(decl, &bases);
	for (size_t i = 0; i < bases.len && !e; i++)
		e = cxx_member_entry(b, bases.items[i], member, lib, depth + 1);
	OL_VEC_FREE(&bases);
	return e;
}

CXCursor cxx_method_named(CXCursor decl, const char *name, int depth)
{
	if (depth > 8 || clang_Cursor_isNull(decl))
		return clang_getNullCursor();
	CXCursor def = clang_getCursorDefinition(decl);
	CXCursor f = cxx_class_member(clang_Cursor_isNull(def) ? decl : def,
				      CXCursor_CXXMethod, name);
	if (!clang_Cursor_isNull(f))
		return f;
	cursor_vec bases = {0};
	base_decls(decl, &bases);
	for (size_t i = 0; i < bases.len && clang_Cursor_isNull(f); i++)
		f = cxx_method_named(bases.items[i], name, depth + 1);
	OL_VEC_FREE(&bases);
	return f;
}

// A class of a library (its own namespace): its members are its business.
// Only what the rules say of it is followed; a guard class of the project
// is inlined. (pybind11's gil_scoped_release, inlined, would check
// pybind11's own thread-state code at every use.)
static bool library_class(builder *b, const char *q)
{
	static const char *const ns[] = {
		"std::", "__gnu_cxx::", "pybind11::", "nanobind::", "c10::",
		"at::", "torch::", "absl::", "Eigen::", "boost::", "tsl::",
		"cppy::", "rapidjson::", "llvm::",
	};
	(void)b;
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
		if (!strncmp(q, ns[i], strlen(ns[i])))
			return true;
	return false;
}

// An owner class of a library whose header is its best model: small,
// and what each member does to its reference depends on arguments the
// rules cannot tell (cppy's `ptr(o, true)` takes a reference of its own,
// `ptr(o)` takes one over; its assignment from another pointer takes
// one). Followed as written, as a guard class of the project is.
static bool written_owner(const char *q)
{
	return q && !strcmp(q, "cppy::ptr");
}

static const cls_model *model_of_decl(builder *b, CXCursor decl, CXType t);

// How deep a chain of single bases is followed (a template derived from
// itself with other arguments, clif's runtime.cc, has no end).
#define MAX_BASE_CHAIN 32

// The guard model of the single direct base of `decl`, or NULL.
static const cls_model *guard_base(builder *b, CXCursor decl)
{
	if (b->base_chain >= MAX_BASE_CHAIN)
		return NULL;
	cursor_vec bases = {0};
	base_decls(decl, &bases);
	const cls_model *bm = NULL;
	if (bases.len == 1 && !clang_Cursor_isNull(bases.items[0])) {
		CXCursor bd = bases.items[0];
		b->base_chain++;
		bm = model_of_decl(b, bd, clang_getCursorType(bd));
		b->base_chain--;
		if (bm->kind != CLS_GUARD)
			bm = NULL;
	}
	OL_VEC_FREE(&bases);
	return bm;
}

// The type of field `name` of the class instance `decl`
// (clang_Type_visitFields() sees an instance's fields with their
// arguments substituted): a pointer to what is not an object, or (any
// other case, `T *` still open) a `PyObject *`.
typedef struct field_find {
	const char *name;
	CXCursor found;
} field_find;

static enum CXVisitorResult find_field(CXCursor c, CXClientData data)
{
	field_find *f = data;
	CXString s = clang_getCursorSpelling(c);
	bool hit = !strcmp(clang_getCString(s), f->name);
	clang_disposeString(s);
	if (!hit)
		return CXVisit_Continue;
	f->found = c;
	return CXVisit_Break;
}

static ol_type instance_handle(builder *b, CXCursor decl, const char *name)
{
	field_find f = {name, clang_getNullCursor()};
	clang_Type_visitFields(clang_getCursorType(decl), find_field, &f);
	if (!clang_Cursor_isNull(f.found)) {
		CXType ft = clang_getCursorType(f.found);
		CXType pt = clang_getCanonicalType(clang_getPointeeType(ft));
		ol_type h = type_conv(b, ft);
		if ((pt.kind == CXType_Record || pt.kind == CXType_Void ||
		     (pt.kind >= CXType_FirstBuiltin &&
		      pt.kind <= CXType_LastBuiltin)) &&
		    h.cls == OL_TY_POINTER && !h.object)
			return h;
	}
	return pyobject_ptr(b);
}

static const cls_model *model_of_decl(builder *b, CXCursor decl, CXType t)
{
	if (!b->cxx || clang_Cursor_isNull(decl))
		return &cxx_none_model;
	CXCursor def = clang_getCursorDefinition(decl);
	if (!clang_Cursor_isNull(def))
		decl = def;
	// (kept for the translation unit when there is a cache: the models
	// live in its arena)
	cmap *map = b->opts->cache ? &b->opts->cache->cls : &b->cls_map;
	cls_model *m = cmap_get(map, decl);
	if (m)
		return m;
	// (Asked again while it is made, through its bases: none.)
	cmap_put(map, decl, (void *)&cxx_none_model);
	m = OL_NEW(b->a, cls_model);
	m->decl = decl;
	m->name = cxx_qual_name(b, decl, true);
	const char *lib = NULL;
	const ol_kb_entry *d = cxx_member_entry(b, decl, "~", &lib, 0);
	if (d && d->cxx == OL_KB_CXX_DESTROY) {
		m->kind = CLS_LIB;
		m->lib = lib;
		m->destroy = d->calls && strcmp(d->calls, "none")
				     ? intern(b, d->calls) : NULL;
		const ol_kb_entry *cp = cxx_member_entry(b, decl, "(copy)", NULL, 0);
		m->copy = cp && cp->calls ? intern(b, cp->calls) : NULL;
		// std::unique_ptr<T, D> holds a T*; the others a PyObject*.
		if (!strncmp(lib, "std::", 5) &&
		    clang_Type_getNumTemplateArguments(t) >= 1) {
			CXType el = clang_Type_getTemplateArgumentAsType(t, 0);
			ol_type ht = type_conv(b, el);
			ol_type r = {0};
			r.cls = OL_TY_POINTER;
			r.pointee = ht.spelling;
			r.spelling = ht.spelling
				? intern(b, ol_arena_printf(b->a, "%s *",
							    ht.spelling))
				: NULL;
			r.object = ht.object;
			m->handle = r;
		} else {
			m->handle = pyobject_ptr(b);
		}
	} else if (!library_class(b, m->name) || written_owner(m->name)) {
		// (a template's specialization: its template's members)
		CXCursor pat = cxx_class_pattern(decl);
		CXCursor dt = cxx_class_member(pat, CXCursor_Destructor, NULL);
		find_ctx f = {NULL, CXCursor_FirstInvalid, clang_getNullCursor(),
			      NULL, false, 0, clang_getNullCursor()};
		clang_visitChildren(pat, class_visit, &f);
		CXCursor dd = clang_Cursor_isNull(dt) ? dt : cxx_body_of(dt);
		// (A destructor that calls nothing, `virtual ~TupleN() {}`:
		// its bases' destructors run after it, and do the work.)
		bool idle_dtor = clang_Cursor_isNull(dd) || !dtor_calls(dd);
		const cls_model *bm = idle_dtor && !f.npointers && !f.bad_field
			? guard_base(b, decl) : NULL;
		if (bm) {
			// A class that adds no pointer field to a guard base
			// and has no destructor of its own (`PyPtr<O>` over
			// `_PyPtr<O>`): that base's guard, its constructors
			// its own (their base initializer runs the base's).
			*m = *bm;
			m->decl = pat;
			m->name = cxx_qual_name(b, decl, true);
			enum CXCursorKind dk = clang_getCursorKind(decl);
			if (dk == CXCursor_ClassDecl || dk == CXCursor_StructDecl)
				m->spec = decl;
		} else if (!clang_Cursor_isNull(dd) && !f.bad_field) {
			m->kind = CLS_GUARD;
			m->decl = pat;
			m->dtor = dd;
			// (a class, not a template's pattern: it or a base
			// may bind a template's parameters)
			enum CXCursorKind dk = clang_getCursorKind(decl);
			if (dk == CXCursor_ClassDecl || dk == CXCursor_StructDecl)
				m->spec = decl;
			// One pointer field: the object's handle. A copy of
			// the object returned by value is that pointer, and
			// what a returned pointer is (new, borrowed, an
			// argument) is what the object then holds.
			if (f.npointers == 1) {
				m->hfield = intern_cx(
					b, clang_getCursorSpelling(f.pointer));
				CXType ft = clang_getCursorType(f.pointer);
				m->handle = type_conv(b, ft);
				CXType pt = clang_getCanonicalType(
					clang_getPointeeType(ft));
				// (`T *` of a template: taken for an object,
				// unless the class is an instance whose field
				// points to something else: libdynd's
				// `intrusive_ptr<const base_type>`)
				if (pt.kind == CXType_Unexposed ||
				    m->handle.cls != OL_TY_POINTER)
					m->handle = instance_handle(
						b, decl, m->hfield);
			}
		}
	}
	cmap_put(map, decl, m);
	return m;
}

// The model of type `t` (references stripped); none for non-classes.
const cls_model *cxx_model_of(builder *b, CXType t)
{
	if (!b->cxx)
		return &cxx_none_model;
	CXType written = t;
	if (written.kind == CXType_LValueReference ||
	    written.kind == CXType_RValueReference)
		written = clang_getPointeeType(written);
	t = cxx_strip_ref(t);
	if (t.kind != CXType_Record) {
		// `Owned` (or `Owned<T>`) inside its own template: a
		// dependent type, declared by the template's class.
		CXCursor d = clang_getTypeDeclaration(written);
		if (t.kind != CXType_Unexposed ||
		    !cxx_is_class_kind(clang_getCursorKind(d)))
			return &cxx_none_model;
		return model_of_decl(b, d, t);
	}
	return model_of_decl(b, clang_getTypeDeclaration(t), t);
}

void cxx_retype_var(builder *b, ol_var *v, CXType t)
{
	const cls_model *m = cxx_model_of(b, t);
	if (m->kind == CLS_LIB) {
		v->type = m->handle;
		return;
	}
	// `T *p` in a member of an owner template whose handle is a `T *`
	// (`static Owned steal(T *p)`): what the handle holds, an object.
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind != CXType_Pointer ||
	    clang_getCanonicalType(clang_getPointeeType(ct)).kind !=
		    CXType_Unexposed)
		return;
	CXCursor cls = clang_getCursorSemanticParent(b->fn_cursor);
	if (!cxx_is_class_kind(clang_getCursorKind(cls)))
		return;
	const cls_model *om = model_of_decl(b, cls, clang_getCursorType(cls));
	if (om->kind == CLS_GUARD && om->hfield && om->handle.object)
		v->type = om->handle;
}

void cxx_retype_result(builder *b, ol_var *v, CXType t)
{
	const cls_model *m = cxx_model_of(b, t);
	if (m->kind == CLS_LIB || (m->kind == CLS_GUARD && m->hfield))
		v->type = m->handle;
}


/* ---- template arguments --------------------------------------------- */

// A class template is lowered on its pattern; a member inlined on an
// object of one of its specializations (inline_ctx.cls) reads the
// pattern's non-type parameters as the specialization's arguments:
// `template <typename T, void free_T(T)> class raii` given
// `raii<PyObject *, Py_DecRef>` calls Py_DecRef where it calls free_T.
// libclang tells an argument's kind and an integer's value, not which
// declaration a declaration argument names: that is read from the
// specialization's name (`raii<_object *, &Py_DecRef>`), which spells
// the arguments up to the last one that is not its parameter's default;
// a default is read from the parameter's own declaration.

// The position of `param` among the parameters of `tmpl`, or -1; -1 also
// when a parameter pack comes first (the arguments no longer line up).
static int template_param_index(CXCursor tmpl, CXCursor param)
{
	cursor_vec k = {0};
	children(tmpl, &k);
	int n = 0, at = -1;
	for (size_t i = 0; i < k.len && at < 0; i++) {
		enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
		if (kk != CXCursor_TemplateTypeParameter &&
		    kk != CXCursor_NonTypeTemplateParameter &&
		    kk != CXCursor_TemplateTemplateParameter)
			continue;
		if (clang_equalCursors(k.items[i], param))
			at = n;
		n++;
	}
	OL_VEC_FREE(&k);
	return at;
}

static bool same_decl(CXCursor a, CXCursor b)
{
	return clang_equalCursors(clang_getCanonicalCursor(a),
				  clang_getCanonicalCursor(b));
}

// `cls` or the base (at any depth) that is a specialization of `tmpl`, or
// a null cursor.
static CXCursor specialization_of(CXCursor cls, CXCursor tmpl, int depth)
{
	if (depth > 8 || clang_Cursor_isNull(cls))
		return clang_getNullCursor();
	CXCursor t = clang_getSpecializedCursorTemplate(cls);
	if (!clang_Cursor_isNull(t) && same_decl(t, tmpl))
		return cls;
	cursor_vec bases = {0};
	base_decls(cls, &bases);
	CXCursor r = clang_getNullCursor();
	for (size_t i = 0; i < bases.len && clang_Cursor_isNull(r); i++)
		r = specialization_of(bases.items[i], tmpl, depth + 1);
	OL_VEC_FREE(&bases);
	return r;
}

// The function the text of a written argument names (`&Py_DecRef`,
// `&ns::drop<_object>`): its name as the rules or a summary know it.
static const char *function_named(builder *b, const char *a, size_t n)
{
	while (n && (*a == ' ' || *a == '&')) {
		a++;
		n--;
	}
	while (n && a[n - 1] == ' ')
		n--;
	// (a function template's arguments dropped)
	if (n && a[n - 1] == '>') {
		const char *lt = memchr(a, '<', n);
		if (lt)
			n = (size_t)(lt - a);
	}
	char *full = ol_arena_printf(b->a, "%.*s", (int)n, a);
	if (!strncmp(full, "::", 2))
		full += 2;
	if (!*full || cxx_kb_get(b, full))
		return *full ? intern(b, full) : NULL;
	// (a namespace's function: named as the file's functions are)
	const char *last = strrchr(full, ':');
	return intern(b, last ? last + 1 : full);
}

// The `at`th argument as the specialization's name `name` spells it
// (`raii<_object *, &Py_DecRef>`), or NULL when it does not.
static const char *spelled_arg(builder *b, const char *name, int at)
{
	const char *p = strchr(name, '<');
	if (!p)
		return NULL;
	int depth = 0, i = 0;
	const char *start = ++p;
	for (; *p; p++) {
		char ch = *p;
		if (ch == '<' || ch == '(' || ch == '[')
			depth++;
		else if ((ch == '>' || ch == ')' || ch == ']') && depth)
			depth--;
		else if ((ch == ',' && !depth) || (ch == '>' && !depth)) {
			if (i == at)
				return function_named(b, start,
						      (size_t)(p - start));
			i++;
			start = p + 1;
			if (ch == '>')
				return NULL;
		}
	}
	return NULL;
}

// The function a parameter's default names (`void free_T(T) = free`,
// `T nul() = zero_of`, a function template): its first reference to one.
static enum CXChildVisitResult default_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	CXCursor *found = data;
	(void)parent;
	enum CXCursorKind ck = clang_getCursorKind(c);
	CXCursor d = clang_getNullCursor();
	if (ck == CXCursor_DeclRefExpr)
		d = clang_getCursorReferenced(c);
	else if (ck == CXCursor_OverloadedDeclRef &&
		 clang_getNumOverloadedDecls(c) >= 1)
		d = clang_getOverloadedDecl(c, 0);
	enum CXCursorKind dk = clang_getCursorKind(d);
	if (dk == CXCursor_FunctionDecl || dk == CXCursor_FunctionTemplate) {
		*found = d;
		return CXChildVisit_Break;
	}
	return ck == CXCursor_ParmDecl ? CXChildVisit_Continue
				       : CXChildVisit_Recurse;
}

static CXCursor default_fn(CXCursor param)
{
	CXCursor d = clang_getNullCursor();
	clang_visitChildren(param, default_visit, &d);
	return d;
}

CXCursor cxx_template_type_decl(builder *b, CXCursor param)
{
	CXCursor none = clang_getNullCursor();
	if (clang_getCursorKind(param) != CXCursor_TemplateTypeParameter)
		return none;
	CXCursor tmpl = clang_getCursorSemanticParent(param);
	if (clang_getCursorKind(tmpl) != CXCursor_ClassTemplate)
		return none;
	CXCursor spec = none;
	for (size_t i = b->inl.len; i-- > 0 && clang_Cursor_isNull(spec);)
		if (cxx_is_class_kind(clang_getCursorKind(b->inl.items[i].cls)))
			spec = specialization_of(b->inl.items[i].cls, tmpl, 0);
	int at = template_param_index(tmpl, param);
	if (clang_Cursor_isNull(spec) || at < 0 ||
	    at >= clang_Cursor_getNumTemplateArguments(spec) ||
	    clang_Cursor_getTemplateArgumentKind(spec, (unsigned)at) !=
		    CXTemplateArgumentKind_Type)
		return none;
	return clang_getTypeDeclaration(clang_getCanonicalType(
		clang_Cursor_getTemplateArgumentType(spec, (unsigned)at)));
}

bool cxx_template_arg(builder *b, CXCursor param, cxx_targ *out)
{
	if (clang_getCursorKind(param) != CXCursor_NonTypeTemplateParameter)
		return false;
	CXCursor tmpl = clang_getCursorSemanticParent(param);
	if (clang_getCursorKind(tmpl) != CXCursor_ClassTemplate)
		return false;
	// (the innermost member inlined on an object that binds it)
	CXCursor spec = clang_getNullCursor();
	for (size_t i = b->inl.len; i-- > 0 && clang_Cursor_isNull(spec);)
		if (cxx_is_class_kind(clang_getCursorKind(b->inl.items[i].cls)))
			spec = specialization_of(b->inl.items[i].cls, tmpl, 0);
	int at = template_param_index(tmpl, param);
	if (clang_Cursor_isNull(spec) || at < 0 ||
	    at >= clang_Cursor_getNumTemplateArguments(spec))
		return false;
	out->fdecl = clang_getNullCursor();
	out->fn = NULL;
	out->ival = 0;
	switch (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)at)) {
	case CXTemplateArgumentKind_NullPtr:
		out->kind = CXX_TARG_NULL;
		return true;
	case CXTemplateArgumentKind_Integral:
		out->kind = CXX_TARG_INT;
		out->ival = clang_Cursor_getTemplateArgumentValue(spec,
								  (unsigned)at);
		return true;
	case CXTemplateArgumentKind_Declaration: {
		CXString dn = clang_getCursorDisplayName(spec);
		out->fn = spelled_arg(b, clang_getCString(dn), at);
		clang_disposeString(dn);
		if (!out->fn) {
			out->fdecl = default_fn(param);
			if (!clang_Cursor_isNull(out->fdecl))
				out->fn = cxx_fn_name(b, out->fdecl);
		}
		out->kind = CXX_TARG_FN;
		return out->fn != NULL;
	}
	default:
		return false;
	}
}
