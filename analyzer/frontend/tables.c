/*
 * tables.c — the functions CPython calls: registration tables.
 *
 * A function named in a method table, a type's slots or a module
 * definition is called by the interpreter, whatever its linkage: its
 * arguments are borrowed and its result is a new reference (or an int
 * status), as the C API documents for each table. So a `static` method is
 * not a helper whose contract the file's own callers could define; the
 * table decides it (tables.h).
 *
 * Tables read, from global variables' initializers (designated or
 * positional, as owners.c reads them):
 *   PyMethodDef[]        ml_meth
 *   PyGetSetDef[]        get, set
 *   PyTypeObject         every tp_* function slot
 *   PyNumberMethods, PySequenceMethods, PyMappingMethods, PyAsyncMethods,
 *   PyBufferProcs        every function slot
 *   PyType_Slot[]        {Py_tp_xxx, f}: the role is the slot's number
 *   PyModuleDef          m_traverse, m_clear, m_free
 *   PyModuleDef_Slot[]   {Py_mod_create / Py_mod_exec, f}
 * A function value is the first function referenced in the expression, so
 * casts (`(PyCFunction)(void(*)(void))f`) and Argument Clinic's
 * `FOO_METHODDEF` macros are seen through.
 *
 * Not read: tables filled at run time (`methods[0].ml_meth = f`), tables
 * built by a macro this file does not expand, and C++ tables built by
 * pybind11 or nanobind (their bindings are C++ code, not tables).
 */
#include "tables.h"

#include "../base/vec.h"
#include "owners.h"

#include <stdlib.h>
#include <string.h>

typedef OL_VEC(CXCursor) cursor_vec;

// PyType_Slot numbers of the teardown slots (Include/typeslots.h): the
// interpreter hands the object over instead of lending it.
#define SLOT_TP_DEALLOC 52
#define SLOT_TP_FREE 74
#define SLOT_TP_DEL 53

static char *spell(ol_arena *a, CXString s)
{
	char *r = ol_arena_strdup(a, clang_getCString(s));
	clang_disposeString(s);
	return r;
}

static enum CXChildVisitResult push_child(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	OL_VEC_PUSH((cursor_vec *)data, c);
	return CXChildVisit_Continue;
}

static void children(CXCursor c, cursor_vec *out)
{
	out->len = 0;
	clang_visitChildren(c, push_child, out);
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
		if (clang_getCursorKind(r) == CXCursor_FunctionDecl) {
			f->fn = r;
			f->found = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

// The first function `e` refers to (through casts and parentheses).
static bool function_in(CXCursor e, CXCursor *out)
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

static bool eval_int(CXCursor e, long long *out)
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

typedef struct fields {
	ol_arena *a;
	OL_VEC(const char *) names;
} fields;

static enum CXVisitorResult field_name(CXCursor c, CXClientData data)
{
	fields *f = data;
	OL_VEC_PUSH(&f->names, spell(f->a, clang_getCursorSpelling(c)));
	return CXVisit_Continue;
}

typedef struct reader {
	ol_arena *a;
	ol_registration_vec *out;
	const char *table; // the variable being read
} reader;

static void add(reader *r, CXCursor fn, const char *role, bool teardown)
{
	ol_registration g = {
		.func = spell(r->a, clang_getCursorSpelling(fn)),
		.role = role,
		.table = r->table,
		.teardown = teardown,
		.loc = ol_cfg_loc(r->a, clang_getCursorLocation(fn)),
	};
	OL_VEC_PUSH(r->out, g);
}

static bool is_teardown_field(const char *f)
{
	return !strcmp(f, "tp_dealloc") || !strcmp(f, "tp_free") ||
	       !strcmp(f, "tp_del") || !strcmp(f, "m_free");
}

// One braced struct value of type `t`: each field holding a function is a
// registration under the field's name (`only`: just these fields).
static void read_struct(reader *r, CXCursor init, CXType t,
			const char *const *only, size_t nonly)
{
	cursor_vec kids = {0}, sub = {0};
	fields f = {.a = r->a};
	size_t next = 0;

	clang_Type_visitFields(clang_getCanonicalType(t), field_name, &f);
	children(init, &kids);
	for (size_t i = 0; i < kids.len; i++) {
		CXCursor k = kids.items[i], value = k;
		const char *field = NULL;
		children(k, &sub);
		if (sub.len >= 2 &&
		    clang_getCursorKind(sub.items[0]) == CXCursor_MemberRef &&
		    clang_getCursorKind(sub.items[1]) != CXCursor_MemberRef) {
			// `.field = value`
			field = spell(r->a, clang_getCursorSpelling(sub.items[0]));
			value = sub.items[1];
			for (size_t n = 0; n < f.names.len; n++)
				if (!strcmp(f.names.items[n], field))
					next = n;
		} else if (next < f.names.len) {
			field = f.names.items[next];
		}
		next++;
		if (!field)
			continue;
		bool wanted = !nonly;
		for (size_t n = 0; n < nonly; n++)
			if (!strcmp(only[n], field))
				wanted = true;
		CXCursor fn;
		if (wanted && function_in(value, &fn))
			add(r, fn, field, is_teardown_field(field));
	}
	OL_VEC_FREE(&kids);
	OL_VEC_FREE(&sub);
	OL_VEC_FREE(&f.names);
}

// `{id, f}` rows of PyType_Slot or PyModuleDef_Slot: the role names the
// number ("Py_tp_slot 65", "Py_mod_slot 2").
static void read_slot_rows(reader *r, CXCursor init, bool module)
{
	cursor_vec rows = {0}, cols = {0};
	children(init, &rows);
	for (size_t i = 0; i < rows.len; i++) {
		children(rows.items[i], &cols);
		long long id;
		CXCursor fn;
		if (cols.len < 2 || !eval_int(cols.items[0], &id) ||
		    !function_in(cols.items[1], &fn))
			continue;
		const char *role = ol_arena_printf(
			r->a, "%s %lld", module ? "Py_mod_slot" : "Py_tp_slot",
			id);
		add(r, fn, role,
		    !module && (id == SLOT_TP_DEALLOC || id == SLOT_TP_FREE ||
				id == SLOT_TP_DEL));
	}
	OL_VEC_FREE(&rows);
	OL_VEC_FREE(&cols);
}

static void read_rows(reader *r, CXCursor init, CXType el,
		      const char *const *only, size_t nonly)
{
	cursor_vec rows = {0};
	children(init, &rows);
	for (size_t i = 0; i < rows.len; i++)
		if (clang_getCursorKind(rows.items[i]) == CXCursor_InitListExpr)
			read_struct(r, rows.items[i], el, only, nonly);
	OL_VEC_FREE(&rows);
}

static enum CXChildVisitResult collect_var(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
	    k == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	if (k == CXCursor_VarDecl && ol_tu_owns_decl(c) &&
	    !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c)))
		OL_VEC_PUSH((cursor_vec *)data, c);
	return CXChildVisit_Continue;
}

// Struct names as C spells them; C++ drops the `struct` keyword.
static bool is(const char *a, const char *b)
{
	if (a && !strncmp(a, "struct ", 7))
		a += 7;
	if (!strncmp(b, "struct ", 7))
		b += 7;
	return a && !strcmp(a, b);
}

void ol_tables_extract(ol_registration_vec *out, ol_arena *a,
		       CXTranslationUnit tu)
{
	static const char *const method[] = {"ml_meth"};
	static const char *const getset[] = {"get", "set"};
	static const char *const module[] = {"m_traverse", "m_clear",
					     "m_free"};
	cursor_vec vars = {0};

	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_var,
			    &vars);
	for (size_t i = 0; i < vars.len; i++) {
		CXCursor var = vars.items[i];
		CXCursor init = clang_Cursor_getVarDeclInitializer(var);
		CXType t = clang_getCanonicalType(clang_getCursorType(var));
		bool array = t.kind == CXType_ConstantArray ||
			     t.kind == CXType_IncompleteArray;
		CXType el = array ? clang_getCanonicalType(
					    clang_getArrayElementType(t))
				  : t;
		if (el.kind != CXType_Record)
			continue;
		const char *n = spell(a, clang_getTypeSpelling(
					     clang_getUnqualifiedType(el)));
		reader r = {a, out, spell(a, clang_getCursorSpelling(var))};
		if (array && is(n, "struct PyMethodDef"))
			read_rows(&r, init, el, method, 1);
		else if (array && is(n, "struct PyGetSetDef"))
			read_rows(&r, init, el, getset, 2);
		else if (array && is(n, "PyType_Slot"))
			read_slot_rows(&r, init, false);
		else if (array && is(n, "struct PyModuleDef_Slot"))
			read_slot_rows(&r, init, true);
		else if (!array && is(n, "struct PyModuleDef"))
			read_struct(&r, init, el, module, 3);
		else if (!array && (is(n, "struct _typeobject") ||
				    is(n, "PyNumberMethods") ||
				    is(n, "PySequenceMethods") ||
				    is(n, "PyMappingMethods") ||
				    is(n, "PyAsyncMethods") ||
				    is(n, "PyBufferProcs")))
			read_struct(&r, init, el, NULL, 0);
	}
	OL_VEC_FREE(&vars);
}
