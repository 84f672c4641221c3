/*
 * owners.c — owner declarations from libclang cursors.
 *
 * Initializer lists are read as initlist.h reads them (designated or
 * positional). Values:
 *   - slots: the first reference to a function inside the expression, so
 *     `(destructor)Foo_dealloc` gives Foo_dealloc;
 *   - sizes: the first sizeof() inside, whose operand type (a written
 *     type or an expression's type) names the instance struct;
 *   - flags and slot ids: clang_Cursor_Evaluate (a constant expression);
 *   - names: string literals, also through clang_Cursor_Evaluate.
 *
 * A slot a function of the file assigns (`FooType.tp_dealloc =
 * (destructor)Foo_dealloc;` in the module's init, before PyType_Ready)
 * replaces the initializer's: zope.container's proxy type, whose init
 * puts teardown functions that know its extra field in place of the
 * shared ones.
 *
 * Not handled: other initializers built at run time (a whole type filled
 * in by code), PyType_Slot arrays defined after the spec that uses them
 * in another TU, nested designators (`.a.b = x`).
 */
#include "owners.h"

#include "../cfg/build.h"
#include "../ol.h"
#include "initlist.h"
#include "inputs.h"

#include <stdlib.h>
#include <string.h>

// PyType_Slot ids (Include/typeslots.h, stable ABI).
#define SLOT_TP_CLEAR 51
#define SLOT_TP_DEALLOC 52
#define SLOT_TP_TRAVERSE 71
#define SLOT_TP_FINALIZE 80
#define SLOT_TP_MEMBERS 72
#define SLOT_TP_FREE 74
// Include/object.h
#define TPFLAGS_HAVE_GC (1UL << 14)
#define TPFLAGS_BASETYPE (1UL << 10)


static char *type_name(ol_arena *a, CXType t)
{
	return ol_initlist_spell(a,
				 clang_getTypeSpelling(clang_getCanonicalType(t)));
}

/* ------------------------------------------------------------------ */
/* Values                                                              */

typedef struct find {
	ol_arena *a;
	CXType size_type;  // operand of the first sizeof
	bool has_size;
} find;

// The name of the first function referenced inside `e`, or NULL.
static const char *func_of(ol_arena *a, CXCursor e)
{
	CXCursor fn;
	return ol_initlist_function(e, &fn)
		       ? ol_initlist_spell(a, clang_getCursorSpelling(fn))
		       : NULL;
}

static enum CXChildVisitResult find_var_ref(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	CXCursor r = clang_getCursorReferenced(c);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(r) == CXCursor_VarDecl) {
		*(CXCursor *)data = r;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

// The variable `&Base_Type` (or a cast of it) names, else NULL.
static const char *var_of_address(ol_arena *a, CXCursor e)
{
	CXCursor r = clang_getNullCursor();
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		r = clang_getCursorReferenced(e);
	else
		clang_visitChildren(e, find_var_ref, &r);
	return clang_getCursorKind(r) == CXCursor_VarDecl
		       ? ol_initlist_spell(a, clang_getCursorSpelling(r))
		       : NULL;
}

static enum CXChildVisitResult sizeof_operand(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	find *f = data;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_TypeRef) {
		CXCursor d = clang_getCursorReferenced(c);
		f->size_type = clang_getCursorType(d);
	} else {
		f->size_type = clang_getCursorType(c);
	}
	f->has_size = true;
	return CXChildVisit_Break;
}

static enum CXChildVisitResult find_sizeof(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	find *f = data;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UnaryExpr) {
		// sizeof(T), sizeof expr: the first child is the operand.
		CXToken *tok = NULL;
		unsigned n = 0;
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
		clang_tokenize(tu, clang_getCursorExtent(c), &tok, &n);
		bool is_sizeof = false;
		if (n) {
			CXString s = clang_getTokenSpelling(tu, tok[0]);
			is_sizeof = !strcmp(clang_getCString(s), "sizeof");
			clang_disposeString(s);
		}
		clang_disposeTokens(tu, tok, n);
		if (is_sizeof) {
			clang_visitChildren(c, sizeof_operand, f);
			if (f->has_size)
				return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

// The canonical spelling of the struct named by the first sizeof() in
// `e`, or NULL; `*out` receives its type.
static const char *sizeof_struct(ol_arena *a, CXCursor e, CXType *out)
{
	find f = { .a = a };
	find_sizeof(e, e, &f);
	if (!f.has_size)
		clang_visitChildren(e, find_sizeof, &f);
	if (!f.has_size)
		return NULL;
	CXType t = clang_getCanonicalType(f.size_type);
	if (t.kind != CXType_Record)
		return NULL;
	*out = t;
	return type_name(a, t);
}

static const char *eval_str(ol_arena *a, CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	const char *s = NULL;
	if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral)
		s = ol_arena_strdup(a, clang_EvalResult_getAsStr(r));
	if (r)
		clang_EvalResult_dispose(r);
	return s;
}

/* ------------------------------------------------------------------ */
/* Initializer lists                                                   */

static bool is(const char *a, const char *b)
{
	return a && !strcmp(a, b);
}

/* ------------------------------------------------------------------ */
/* Owners                                                              */

typedef struct slots {
	const char *var;
	const char *dealloc, *traverse, *clear, *finalize;
	const char *free; // tp_free
	bool members;
} slots;

typedef struct ctx {
	ol_graph *g;
	ol_arena *a;
	OL_VEC(slots) arrays;
	OL_VEC(slots) written; // slots a function of the file assigns
} ctx;

static void add_struct_fields(ctx *c, const char *inst, CXType t);

typedef struct fvisit {
	ctx *c;
	const char *inst;
} fvisit;

static enum CXVisitorResult add_field(CXCursor f, CXClientData data)
{
	fvisit *v = data;
	CXType t = clang_getCanonicalType(clang_getCursorType(f));
	const char *pointee = NULL;
	if (t.kind == CXType_Pointer)
		pointee = type_name(v->c->a, clang_getPointeeType(t));
	ol_graph_add_field(v->c->g, v->inst,
			   ol_initlist_spell(v->c->a, clang_getCursorSpelling(f)),
			   pointee);
	return CXVisit_Continue;
}

static void add_struct_fields(ctx *c, const char *inst, CXType t)
{
	fvisit v = { c, inst };
	clang_Type_visitFields(t, add_field, &v);
}

// The rows `{Py_tp_dealloc, fn}` of a PyType_Slot array's initializer.
static void read_slot_rows(ctx *c, CXCursor init, slots *s)
{
	ol_cursor_vec rows = { 0 }, cols = { 0 };
	ol_initlist_children(init, &rows);
	for (size_t i = 0; i < rows.len; i++) {
		ol_initlist_children(rows.items[i], &cols);
		long long id;
		if (cols.len < 2 || !ol_initlist_eval_int(cols.items[0], &id))
			continue;
		const char *fn = func_of(c->a, cols.items[1]);
		switch (id) {
		case SLOT_TP_DEALLOC: s->dealloc = fn; break;
		case SLOT_TP_TRAVERSE: s->traverse = fn; break;
		case SLOT_TP_CLEAR: s->clear = fn; break;
		case SLOT_TP_FINALIZE: s->finalize = fn; break;
		case SLOT_TP_MEMBERS: s->members = true; break;
		case SLOT_TP_FREE: s->free = fn; break;
		default: break;
		}
	}
	OL_VEC_FREE(&rows);
	OL_VEC_FREE(&cols);
}

static void do_slot_array(ctx *c, CXCursor var, CXCursor init)
{
	slots s = { .var = ol_initlist_spell(c->a, clang_getCursorSpelling(var)) };
	read_slot_rows(c, init, &s);
	OL_VEC_PUSH(&c->arrays, s);
}

// `.slots = (PyType_Slot[]){ {Py_tp_dealloc, fn}, .. }`: the compound
// literal's list, or a null cursor.
static CXCursor slot_literal(CXCursor v)
{
	for (int depth = 0; depth < 6; depth++) {
		enum CXCursorKind k = clang_getCursorKind(v);
		if (k == CXCursor_InitListExpr)
			return depth ? v : clang_getNullCursor();
		ol_cursor_vec sub = { 0 };
		ol_initlist_children(v, &sub);
		// (a compound literal's children: its type, then its list)
		bool one = sub.len >= 1 && (k == CXCursor_CompoundLiteralExpr ||
					    (sub.len == 1 &&
					     (k == CXCursor_UnexposedExpr ||
					      k == CXCursor_CStyleCastExpr ||
					      k == CXCursor_ParenExpr)));
		if (one)
			v = sub.items[sub.len - 1];
		OL_VEC_FREE(&sub);
		if (!one)
			break;
	}
	return clang_getNullCursor();
}

// The teardown and member slots of a PyType_Slot array, for the type.
static void take_slots(ol_owner_decl *d, const slots *s)
{
	d->dealloc = s->dealloc;
	d->traverse = s->traverse;
	d->clear = s->clear;
	d->finalize = s->finalize;
	d->free = s->free;
	d->members = s->members;
}

static void do_owner(ctx *c, CXCursor var, CXCursor init, ol_owner_kind k)
{
	ol_init_item_vec items = { 0 };
	CXType inst_type = { 0 };
	ol_owner_decl d = {
		.kind = k,
		.var = ol_initlist_spell(c->a, clang_getCursorSpelling(var)),
		.loc = ol_cfg_loc(c->a, clang_getCursorLocation(var)),
		.flags_known = true, // absent flags are 0
	};

	ol_initlist_items(c->a, init, clang_getCursorType(var), &items);
	for (size_t i = 0; i < items.len; i++) {
		const char *f = items.items[i].field;
		CXCursor v = items.items[i].value;
		long long n;

		if (is(f, "tp_name") || is(f, "name") || is(f, "m_name"))
			d.name = eval_str(c->a, v);
		else if (is(f, "m_size") && ol_initlist_eval_int(v, &n) &&
			 n < 0)
			d.single_phase = true;
		else if (is(f, "tp_basicsize") || is(f, "basicsize") ||
			 is(f, "m_size"))
			d.inst = sizeof_struct(c->a, v, &inst_type);
		else if (is(f, "tp_dealloc"))
			d.dealloc = func_of(c->a, v);
		else if (is(f, "tp_traverse") || is(f, "m_traverse"))
			d.traverse = func_of(c->a, v);
		else if (is(f, "tp_clear") || is(f, "m_clear"))
			d.clear = func_of(c->a, v);
		else if (is(f, "tp_finalize"))
			d.finalize = func_of(c->a, v);
		else if (is(f, "tp_base"))
			d.base = var_of_address(c->a, v);
		else if (is(f, "m_free") || is(f, "tp_free"))
			d.free = func_of(c->a, v);
		else if (is(f, "tp_members"))
			d.members = !clang_Cursor_isNull(
				clang_getCursorReferenced(v)) ||
				!ol_initlist_eval_int(v, &n) || n != 0;
		else if (is(f, "tp_flags") || is(f, "flags")) {
			d.flags_known = ol_initlist_eval_int(v, &n);
			d.have_gc = d.flags_known &&
				    ((unsigned long long)n & TPFLAGS_HAVE_GC);
			d.basetype = !d.flags_known ||
				     ((unsigned long long)n & TPFLAGS_BASETYPE);
		} else if (is(f, "slots") &&
			   !clang_Cursor_isNull(slot_literal(v))) {
			slots s = { 0 };
			read_slot_rows(c, slot_literal(v), &s);
			take_slots(&d, &s);
		} else if (is(f, "slots")) {
			CXCursor r = clang_getCursorReferenced(v);
			const char *arr = NULL;
			if (clang_Cursor_isNull(r)) {
				ol_cursor_vec sub = { 0 };
				ol_initlist_children(v, &sub);
				for (size_t j = 0; j < sub.len && !arr; j++) {
					r = clang_getCursorReferenced(
						sub.items[j]);
					if (!clang_Cursor_isNull(r))
						arr = ol_initlist_spell(c->a,
							    clang_getCursorSpelling(r));
				}
				OL_VEC_FREE(&sub);
			} else {
				arr = ol_initlist_spell(c->a, clang_getCursorSpelling(r));
			}
			for (size_t j = 0; arr && j < c->arrays.len; j++) {
				const slots *s = &c->arrays.items[j];
				if (strcmp(s->var, arr))
					continue;
				take_slots(&d, s);
			}
		}
	}
	OL_VEC_FREE(&items);
	// Slots the file's code assigns before the type is readied win
	// over the initializer's.
	for (size_t j = 0; j < c->written.len; j++) {
		const slots *w = &c->written.items[j];
		if (strcmp(w->var, d.var))
			continue;
		d.dealloc = w->dealloc ? w->dealloc : d.dealloc;
		d.traverse = w->traverse ? w->traverse : d.traverse;
		d.clear = w->clear ? w->clear : d.clear;
		d.finalize = w->finalize ? w->finalize : d.finalize;
	}
	if (k == OL_OWNER_MODULE)
		d.flags_known = false;
	if (d.inst)
		d.inst_local = clang_Location_isFromMainFile(
			clang_getCursorLocation(
				clang_getTypeDeclaration(inst_type)));
	ol_graph_add_owner(c->g, &d);
	if (d.inst)
		add_struct_fields(c, d.inst, inst_type);
}

// A definition this translation unit is responsible for: one in the main
// file, or in a source file (not a header) that the main file includes
// (`#include "impl.c"`, the single-TU builds of cffi and SQLite). The same
// function reached through two inputs yields identical findings, which the
// sink drops.
bool ol_tu_owns_decl(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	if (clang_Location_isFromMainFile(l))
		return true;
	if (clang_Location_isInSystemHeader(l))
		return false;
	CXFile f;
	clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	CXString name = clang_getFileName(f);
	ol_lang lang;
	bool src = clang_getCString(name) &&
		   ol_inputs_lang_of(clang_getCString(name), &lang) &&
		   (lang == OL_LANG_C || lang == OL_LANG_CXX ||
		    lang == OL_LANG_CUDA);
	clang_disposeString(name);
	return src;
}

static enum CXChildVisitResult collect_var(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	ol_cursor_vec *v = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if (k == CXCursor_VarDecl && ol_tu_owns_decl(c) &&
	    !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c)))
		OL_VEC_PUSH(v, c);
	return CXChildVisit_Continue;
}

// What a variable's type makes it: 0 nothing, 1 slot array, else kind+2.
static int var_role(ol_arena *a, CXCursor var, ol_owner_kind *k)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));
	if (t.kind == CXType_ConstantArray ||
	    t.kind == CXType_IncompleteArray) {
		const char *el = type_name(a, clang_getArrayElementType(t));
		return !strcmp(el, "PyType_Slot") ? 1 : 0;
	}
	if (t.kind != CXType_Record)
		return 0;
	const char *n = type_name(a, clang_getUnqualifiedType(t));
	// C++ spells the canonical types without "struct ".
	if (!strncmp(n, "struct ", 7))
		n += 7;
	if (!strcmp(n, "_typeobject"))
		*k = OL_OWNER_TYPE;
	else if (!strcmp(n, "PyType_Spec"))
		*k = OL_OWNER_SPEC;
	else if (!strcmp(n, "PyModuleDef"))
		*k = OL_OWNER_MODULE;
	else
		return 0;
	return 2;
}

/* ---- C++ classes as owners (issue #17) ------------------------------ */

typedef struct cls_visit {
	ctx *c;
	ol_cursor_vec classes;
} cls_visit;

static enum CXVisitorResult has_object_field(CXCursor f, CXClientData data)
{
	bool *found = data;
	CXType t = clang_getCanonicalType(clang_getCursorType(f));
	if (t.kind != CXType_Pointer)
		return CXVisit_Continue;
	CXString s = clang_getTypeSpelling(
		clang_getCanonicalType(clang_getPointeeType(t)));
	const char *n = clang_getCString(s);
	*found = n && (!strcmp(n, "_object") || !strcmp(n, "struct _object"));
	clang_disposeString(s);
	return *found ? CXVisit_Break : CXVisit_Continue;
}

static enum CXChildVisitResult collect_class(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	cls_visit *v = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
	    k == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	// (A C struct of a project header too, for its fields: immutables'
	// BaseMapObject, declared in _map.h, through which _map.c's
	// teardown releases MapObject's h_root. Classes of headers are
	// every includer's: not owners here, do_classes.)
	if ((k == CXCursor_ClassDecl || k == CXCursor_StructDecl) &&
	    clang_isCursorDefinition(c) &&
	    (ol_tu_owns_decl(c) ||
	     (clang_getCursorLanguage(c) != CXLanguage_CPlusPlus &&
	      !clang_Location_isInSystemHeader(clang_getCursorLocation(c))))) {
		OL_VEC_PUSH(&v->classes, c);
		return CXChildVisit_Recurse; // nested classes
	}
	return CXChildVisit_Continue;
}

// "Outer::Inner" for class `c` (namespaces left out), as the lowering
// names its members (cfg/cxx.c).
static void class_path(ol_strbuf *sb, CXCursor c)
{
	CXCursor p = clang_getCursorSemanticParent(c);
	enum CXCursorKind k = clang_getCursorKind(p);
	if (k == CXCursor_ClassDecl || k == CXCursor_StructDecl) {
		class_path(sb, p);
		ol_strbuf_add(sb, "::");
	}
	CXString s = clang_getCursorSpelling(c);
	ol_strbuf_add(sb, clang_getCString(s));
	clang_disposeString(s);
}

static enum CXVisitorResult first_field_head(CXCursor f, CXClientData data)
{
	bool *found = data;
	CXString s = clang_getCursorSpelling(f);
	const char *n = clang_getCString(s);
	*found = n && !strcmp(n, "ob_base");
	clang_disposeString(s);
	return CXVisit_Break;
}

// A C++ class of the file with a `PyObject *` member owns what its
// constructor and members store there; its destructor is its teardown
// (MOJO-OWN-110), as a type's tp_dealloc is. C code has none.
//   Every object struct of the file (PyObject_HEAD first) has its fields
// recorded, not only the instance structs of its types: a teardown that
// releases through a struct sharing the instance struct's prefix
// (`((BaseObj *)self)->b_root` for MapObj's h_root, both built by one
// macro of common fields) releases that field (check.c).
static void do_classes(ctx *c, CXTranslationUnit tu)
{
	cls_visit v = {c, {0}};
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_class,
			    &v);
	for (size_t i = 0; i < v.classes.len; i++) {
		CXCursor cl = v.classes.items[i];
		CXType t = clang_getCanonicalType(clang_getCursorType(cl));
		if (clang_getCursorLanguage(cl) != CXLanguage_CPlusPlus) {
			bool head = false;
			clang_Type_visitFields(t, first_field_head, &head);
			if (head)
				add_struct_fields(c, type_name(c->a, t), t);
			continue;
		}
		if (!ol_tu_owns_decl(cl))
			continue;
		bool found = false;
		clang_Type_visitFields(t, has_object_field, &found);
		if (!found)
			continue;
		ol_strbuf sb;
		ol_strbuf_init(&sb);
		class_path(&sb, cl);
		const char *path = ol_arena_strdup(c->a, ol_strbuf_str(&sb));
		const char *base = strrchr(path, ':');
		ol_strbuf_printf(&sb, "::~%s", base ? base + 1 : path);
		ol_owner_decl d = {0};
		d.kind = OL_OWNER_TYPE;
		d.var = path;
		d.name = path;
		d.inst = type_name(c->a, t);
		d.inst_local = true;
		d.dealloc = ol_arena_strdup(c->a, ol_strbuf_str(&sb));
		d.flags_known = true;
		d.loc = ol_cfg_loc(c->a, clang_getCursorLocation(cl));
		ol_strbuf_free(&sb);
		ol_graph_add_owner(c->g, &d);
		add_struct_fields(c, d.inst, t);
	}
	OL_VEC_FREE(&v.classes);
}

/* ------------------------------------------------------------------ */
/* Slots assigned at run time                                          */

// The variable named by `e` (`FooType` in `FooType.tp_dealloc`,
// `(&FooType)->tp_dealloc`), or a null cursor.
static CXCursor slot_base_var(CXCursor e)
{
	for (int depth = 0; depth < 8; depth++) {
		enum CXCursorKind k = clang_getCursorKind(e);
		if (k == CXCursor_DeclRefExpr) {
			CXCursor d = clang_getCursorReferenced(e);
			return clang_getCursorKind(d) == CXCursor_VarDecl
				       ? d : clang_getNullCursor();
		}
		ol_cursor_vec sub = {0};
		ol_initlist_children(e, &sub);
		bool one = sub.len == 1;
		if (one)
			e = sub.items[0];
		OL_VEC_FREE(&sub);
		if (!one)
			break;
	}
	return clang_getNullCursor();
}

// `FooType.tp_dealloc = (destructor)Foo_dealloc;` in a function of the
// file (a module's init, before PyType_Ready): the slot the type has.
static enum CXChildVisitResult find_slot_write(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	(void)parent;
	ctx *x = data;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return CXChildVisit_Recurse;
	ol_cursor_vec sides = {0};
	ol_initlist_children(c, &sides);
	if (sides.len == 2 &&
	    clang_getCursorKind(sides.items[0]) == CXCursor_MemberRefExpr) {
		char *f = ol_initlist_spell(
			x->a, clang_getCursorSpelling(sides.items[0]));
		const char *fn = func_of(x->a, sides.items[1]);
		CXCursor var = slot_base_var(sides.items[0]);
		if (fn && !clang_Cursor_isNull(var) &&
		    (is(f, "tp_dealloc") || is(f, "tp_traverse") ||
		     is(f, "tp_clear") || is(f, "tp_finalize"))) {
			slots w = {.var = ol_initlist_spell(
					   x->a, clang_getCursorSpelling(var))};
			if (is(f, "tp_dealloc"))
				w.dealloc = fn;
			else if (is(f, "tp_traverse"))
				w.traverse = fn;
			else if (is(f, "tp_clear"))
				w.clear = fn;
			else
				w.finalize = fn;
			OL_VEC_PUSH(&x->written, w);
		}
	}
	OL_VEC_FREE(&sides);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult slot_writes_in(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		clang_visitChildren(c, find_slot_write, data);
	return CXChildVisit_Continue;
}

void ol_owners_extract(ol_graph *g, ol_arena *a, CXTranslationUnit tu)
{
	ol_cursor_vec vars = { 0 };
	ctx c = { .g = g, .a = a };
	ol_owner_kind k;

	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_var,
			    &vars);
	clang_visitChildren(clang_getTranslationUnitCursor(tu),
			    slot_writes_in, &c);
	// Slot arrays first: a spec names its array.
	for (size_t i = 0; i < vars.len; i++)
		if (var_role(a, vars.items[i], &k) == 1)
			do_slot_array(&c, vars.items[i],
				      clang_Cursor_getVarDeclInitializer(
					      vars.items[i]));
	for (size_t i = 0; i < vars.len; i++)
		if (var_role(a, vars.items[i], &k) == 2)
			do_owner(&c, vars.items[i],
				 clang_Cursor_getVarDeclInitializer(
					 vars.items[i]), k);
	do_classes(&c, tu);
	OL_VEC_FREE(&c.arrays);
	OL_VEC_FREE(&c.written);
	OL_VEC_FREE(&vars);
}
