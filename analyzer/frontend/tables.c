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
 * `FOO_METHODDEF` macros are seen through. A type's slot a function of the
 * file assigns (`FooType.tp_dealloc = (destructor)Foo_dealloc;`, the type
 * filled in before PyType_Ready) registers too, after the tables.
 *
 * Not read: method tables filled at run time (`methods[0].ml_meth = f`), tables
 * built by a macro this file does not expand, and C++ tables built by
 * pybind11 or nanobind (their bindings are C++ code, not tables).
 */
#include "tables.h"

#include "initlist.h"
#include "owners.h"

#include <stdlib.h>
#include <string.h>

// PyType_Slot numbers of the teardown slots (Include/typeslots.h): the
// interpreter hands the object over instead of lending it.
#define SLOT_TP_DEALLOC 52
#define SLOT_TP_DEL 53
#define SLOT_TP_FREE 74

typedef struct reader {
	ol_arena *a;
	ol_registration_vec *out;
	const char *table; // the variable being read
} reader;

static void add(reader *r, CXCursor fn, const char *role, bool teardown)
{
	ol_registration g = {
		.func = ol_initlist_spell(r->a, clang_getCursorSpelling(fn)),
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
// An item whose value the field turns into a number: a function named in
// a field that holds none (a Python-2-style type's `PyObject_HEAD_INIT(0)
// 0, /* ob_size */ "name", ..` under 3.x headers, where every slot that
// follows is one field early: pytbeaglehon's tp_dealloc lands in
// `tp_vectorcall_offset`, C round 116) registers nothing.
static bool numeric_value(CXCursor v)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(v)).kind;
	return k >= CXType_Bool && k <= CXType_LongDouble;
}

static void read_struct(reader *r, CXCursor init, CXType t,
			const char *const *only, size_t nonly)
{
	ol_init_item_vec items = {0};
	ol_initlist_items(r->a, init, t, &items);
	for (size_t i = 0; i < items.len; i++) {
		const char *field = items.items[i].field;
		bool wanted = !nonly;
		for (size_t n = 0; n < nonly; n++)
			if (!strcmp(only[n], field))
				wanted = true;
		CXCursor fn;
		if (wanted && !numeric_value(items.items[i].value) &&
		    ol_initlist_function(items.items[i].value, &fn))
			add(r, fn, field, is_teardown_field(field));
	}
	OL_VEC_FREE(&items);
}

// `{id, f}` rows of PyType_Slot or PyModuleDef_Slot: the role names the
// number ("Py_tp_slot 65", "Py_mod_slot 2").
static void read_slot_rows(reader *r, CXCursor init, bool module)
{
	ol_cursor_vec rows = {0}, cols = {0};
	ol_initlist_children(init, &rows);
	for (size_t i = 0; i < rows.len; i++) {
		ol_initlist_children(rows.items[i], &cols);
		long long id;
		CXCursor fn;
		if (cols.len < 2 || !ol_initlist_eval_int(cols.items[0], &id) ||
		    !ol_initlist_function(cols.items[1], &fn))
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
	ol_cursor_vec rows = {0};
	ol_initlist_children(init, &rows);
	for (size_t i = 0; i < rows.len; i++)
		if (clang_getCursorKind(rows.items[i]) == CXCursor_InitListExpr)
			read_struct(r, rows.items[i], el, only, nonly);
	OL_VEC_FREE(&rows);
}

// A declaration that holds top-level ones (`extern "C" {`, a namespace):
// the walks of the file's declarations go into it.
static bool holds_declarations(enum CXCursorKind k)
{
	return k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
	       k == CXCursor_Namespace;
}

static enum CXChildVisitResult collect_var(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (holds_declarations(k))
		return CXChildVisit_Recurse;
	if (k == CXCursor_VarDecl && ol_tu_owns_decl(c) &&
	    !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c)))
		OL_VEC_PUSH((ol_cursor_vec *)data, c);
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

// A type's slot struct: the type object, or one of its method suites.
static bool slot_struct(const char *n)
{
	return is(n, "struct _typeobject") || is(n, "PyNumberMethods") ||
	       is(n, "PySequenceMethods") || is(n, "PyMappingMethods") ||
	       is(n, "PyAsyncMethods") || is(n, "PyBufferProcs");
}

// `FooType.tp_dealloc = (destructor)Foo_dealloc;` in a function of the
// file (v8py's `js_promise_type_init()`, which fills in a type defined
// with an empty initializer before PyType_Ready): a registration as the
// same slot in the type's initializer is.
static enum CXChildVisitResult find_slot_assign(CXCursor c, CXCursor parent,
						CXClientData data)
{
	(void)parent;
	reader *r = data;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return CXChildVisit_Recurse;
	ol_cursor_vec sides = {0};
	ol_initlist_children(c, &sides);
	CXCursor fn;
	if (sides.len == 2 &&
	    clang_getCursorKind(sides.items[0]) == CXCursor_MemberRefExpr &&
	    ol_initlist_function(sides.items[1], &fn)) {
		CXCursor field = clang_getCursorReferenced(sides.items[0]);
		CXCursor rec = clang_getCursorSemanticParent(field);
		const char *n = ol_initlist_spell(
			r->a, clang_getTypeSpelling(clang_getCanonicalType(
				      clang_getCursorType(rec))));
		const char *f = ol_initlist_spell(
			r->a, clang_getCursorSpelling(field));
		if (clang_getCursorKind(field) == CXCursor_FieldDecl &&
		    slot_struct(n))
			add(r, fn, f, is_teardown_field(f));
	}
	OL_VEC_FREE(&sides);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult slot_assigns_in(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (holds_declarations(k))
		return CXChildVisit_Recurse;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    ol_tu_owns_decl(c))
		clang_visitChildren(c, find_slot_assign, data);
	return CXChildVisit_Continue;
}

void ol_tables_extract(ol_registration_vec *out, ol_arena *a,
		       CXTranslationUnit tu)
{
	static const char *const method[] = {"ml_meth"};
	static const char *const getset[] = {"get", "set"};
	static const char *const module[] = {"m_traverse", "m_clear",
					     "m_free"};
	ol_cursor_vec vars = {0};

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
		const char *n = ol_initlist_spell(
			a, clang_getTypeSpelling(clang_getUnqualifiedType(el)));
		reader r = {a, out,
			    ol_initlist_spell(a, clang_getCursorSpelling(var))};
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
		else if (!array && slot_struct(n))
			read_struct(&r, init, el, NULL, 0);
	}
	OL_VEC_FREE(&vars);
	// (after the tables: the first registration of a name wins)
	reader r = {a, out, "(assigned)"};
	clang_visitChildren(clang_getTranslationUnitCursor(tu),
			    slot_assigns_in, &r);
}
