/*
 * build.c — lowering one libclang function definition into the IR of cfg.h:
 * the builder, and the final pass. Expressions are lowered in expr.c,
 * statements in stmt.c, C++ statements in cxx.c (build_int.h).
 *
 * The walk is a single pass over the cursors in source order, in the style
 * of sparse's linearize.c: there is always a "current" block; statements
 * append ops to it, and control flow seals it with a terminator and opens
 * the next one. Code after a `return` gets a fresh block nobody jumps to;
 * labels can make such code live again, and a final pass drops whatever is
 * still unreachable and numbers the rest densely (entry is block 0).
 *
 * Expressions keep their C shape (see cfg.h) except for the parts that are
 * control flow: `&&`, `||`, `?:`, the comma operator and GNU statement
 * expressions become blocks. When such a part runs after a sibling operand
 * that has side effects (`f(g(), a && b)`), the sibling is first copied into
 * a temporary at the point where it ran, so calls keep C's left-to-right
 * order.
 *
 * Two facts libclang does not give directly are recovered from tokens: which
 * parts of a `for (init; cond; inc)` are present (absent ones are simply not
 * visited), and whether a callee is declared noreturn (`_Noreturn` and
 * `[[noreturn]]` show up only as an unexposed attribute).
 *
 * NOTE! Recursion follows the nesting of the source (blocks inside blocks,
 * operands inside operators). Frames are kept small, `else if` chains and
 * runs of `case` labels are walked in a loop, and nesting deeper than
 * MAX_DEPTH fails the function with an error rather than the stack. Worker
 * threads need a few MiB of stack for the deepest inputs that are accepted.
 *
 * Not modelled: the size expressions of VLAs, the operand of sizeof (never
 * evaluated, as in C), C++ exceptions and destructors (C++ code is lowered
 * approximately, with a note).
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../ol.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- small helpers -------------------------------------------------- */

// Copies the text of `s` into the arena and disposes `s`.
static const char *cxstr(ol_arena *a, CXString s)
{
	const char *p = clang_getCString(s);
	char *r = ol_arena_strdup(a, p ? p : "");
	clang_disposeString(s);
	return r;
}

static enum CXChildVisitResult collect_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	cursor_vec *v = data;
	OL_VEC_PUSH(v, c);
	return CXChildVisit_Continue;
}

// Fills `out` (which the caller frees) with the direct children of `c`.
void children(CXCursor c, cursor_vec *out)
{
	out->len = 0;
	clang_visitChildren(c, collect_visit, out);
}

// The direct children of `c` that are expressions.
void expr_children(CXCursor c, cursor_vec *out)
{
	size_t j = 0;
	children(c, out);
	for (size_t i = 0; i < out->len; i++)
		if (clang_isExpression(clang_getCursorKind(out->items[i])))
			out->items[j++] = out->items[i];
	out->len = j;
}

static uint64_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

// Returns `s` interned in the builder's arena (same text, same pointer).
const char *intern(builder *b, const char *s)
{
	if (b->strs.len * 2 >= b->strs.cap) {
		size_t ncap = b->strs.cap ? b->strs.cap * 2 : 64;
		const char **nt = ol_xcalloc(ncap, sizeof(*nt));
		for (size_t i = 0; i < b->strs.cap; i++) {
			const char *o = b->strs.tab[i];
			if (!o)
				continue;
			size_t j = str_hash(o) & (ncap - 1);
			while (nt[j])
				j = (j + 1) & (ncap - 1);
			nt[j] = o;
		}
		free(b->strs.tab);
		b->strs.tab = nt;
		b->strs.cap = ncap;
	}
	size_t j = str_hash(s) & (b->strs.cap - 1);
	while (b->strs.tab[j]) {
		if (strcmp(b->strs.tab[j], s) == 0)
			return b->strs.tab[j];
		j = (j + 1) & (b->strs.cap - 1);
	}
	b->strs.tab[j] = ol_arena_strdup(b->a, s);
	b->strs.len++;
	return b->strs.tab[j];
}

const char *intern_cx(builder *b, CXString s)
{
	const char *p = clang_getCString(s);
	const char *r = intern(b, p ? p : "");
	clang_disposeString(s);
	return r;
}

// Same entity? clang_equalCursors also compares the parent that a
// statement cursor was reached through, which differs between a LabelStmt
// visited in the body and the one a LabelRef refers to.
static bool same_cursor(CXCursor x, CXCursor y)
{
	if (x.kind != y.kind)
		return false;
	if (clang_isStatement(x.kind) || clang_isExpression(x.kind))
		return x.data[1] == y.data[1];
	return x.data[0] == y.data[0];
}

static cmap_ent *cmap_slot(cmap *m, CXCursor key, unsigned h)
{
	size_t j = h & (m->cap - 1);
	while (m->tab[j].used) {
		if (m->tab[j].hash == h && same_cursor(m->tab[j].key, key))
			return &m->tab[j];
		j = (j + 1) & (m->cap - 1);
	}
	return &m->tab[j];
}

void *cmap_get(cmap *m, CXCursor key)
{
	if (!m->cap)
		return NULL;
	cmap_ent *e = cmap_slot(m, key, clang_hashCursor(key));
	return e->used ? e->val : NULL;
}

void cmap_put(cmap *m, CXCursor key, void *val)
{
	if ((m->len + 1) * 2 > m->cap) {
		cmap old = *m;
		m->cap = old.cap ? old.cap * 2 : 32;
		m->tab = ol_xcalloc(m->cap, sizeof(cmap_ent));
		m->len = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.tab[i].used) {
				cmap_ent *e = cmap_slot(m, old.tab[i].key,
							old.tab[i].hash);
				*e = old.tab[i];
				m->len++;
			}
		free(old.tab);
	}
	unsigned h = clang_hashCursor(key);
	cmap_ent *e = cmap_slot(m, key, h);
	if (!e->used) {
		e->used = true;
		e->key = key;
		e->hash = h;
		m->len++;
	}
	e->val = val;
}

void note(builder *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	OL_VEC_PUSH(&b->notes, ol_arena_vprintf(b->a, fmt, ap));
	va_end(ap);
}

// Records the first error; later ones keep the first message.
void fail(builder *b, int code, ol_loc l, const char *what)
{
	if (b->err)
		return;
	b->err = ol_error_set(code, "%s:%u:%u: %s", l.file ? l.file : "?",
			      l.line, l.col, what);
}

/* ---- locations and types -------------------------------------------- */

// The name of `f` as locations show it. clang names a file relative to the
// compile's working directory (-working-directory, from a compilation
// database) when it was found through a relative -I or include; such a
// name means nothing from where the tool runs. Those become the real path,
// relative to the current directory when below it. Names that already
// lead to the file from here are kept as clang gives them.
static const char *file_name_of(ol_arena *a, CXFile f)
{
	const char *name = cxstr(a, clang_getFileName(f));
	char here[PATH_MAX], cwd[PATH_MAX];

	if (!name || name[0] == '/')
		return name;
	const char *real = cxstr(a, clang_File_tryGetRealPathName(f));
	if (!real || real[0] != '/' ||
	    (realpath(name, here) && !strcmp(here, real)))
		return name;
	size_t n = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
	if (n > 1 && !strncmp(real, cwd, n) && real[n] == '/')
		return real + n + 1;
	return real;
}

// The names file_name_of() gave in the thread's current TU (copies of
// them), by file: a name that needs the real path costs system calls
// (realpath, getcwd), and every function's builder asks for the same
// files again. Dropped with the TU (ol_cfg_forget_tu()).
typedef struct tu_name {
	CXFile file;
	char *name; // NULL: the file has none
} tu_name;
static _Thread_local OL_VEC(tu_name) tu_names;

void forget_file_names(void)
{
	for (size_t i = 0; i < tu_names.len; i++)
		free(tu_names.items[i].name);
	OL_VEC_FREE(&tu_names);
}

// file_name_of(), asked once per TU; the name is `a`'s.
static const char *tu_file_name(ol_arena *a, CXFile f)
{
	for (size_t i = 0; i < tu_names.len; i++)
		if (tu_names.items[i].file == f)
			return tu_names.items[i].name
				       ? ol_arena_strdup(a, tu_names.items[i].name)
				       : NULL;
	const char *name = file_name_of(a, f);
	tu_name n = { f, name ? ol_xstrdup(name) : NULL };
	OL_VEC_PUSH(&tu_names, n);
	return name;
}

// The interned name of `f` (cached per builder).
static const char *name_of(ol_arena *a, builder *b, CXFile f)
{
	if (b)
		for (size_t i = 0; i < b->files.len; i++)
			if (b->files.items[i].file == f)
				return b->files.items[i].name;
	const char *name = tu_file_name(a, f);
	if (b) {
		file_name fnm = {f, name};
		OL_VEC_PUSH(&b->files, fnm);
	}
	return name;
}

static ol_loc loc_conv_uncached(ol_arena *a, builder *b,
				CXSourceLocation l);

static ol_loc loc_conv(ol_arena *a, builder *b, CXSourceLocation l)
{
	if (!b)
		return loc_conv_uncached(a, b, l);
	if (!b->locs)
		b->locs = ol_xcalloc(LOC_CACHE_SIZE, sizeof *b->locs);
	loc_memo *m = &b->locs[(l.int_data * 2654435761u) >> 24 &
			       (LOC_CACHE_SIZE - 1)];
	if (m->used && m->raw == l.int_data && m->p0 == l.ptr_data[0] &&
	    m->p1 == l.ptr_data[1])
		return m->loc;
	ol_loc r = loc_conv_uncached(a, b, l);
	*m = (loc_memo){l.ptr_data[0], l.ptr_data[1], l.int_data, true, r};
	return r;
}

static ol_loc loc_conv_uncached(ol_arena *a, builder *b,
				CXSourceLocation l)
{
	ol_loc r = {0};
	CXFile f = NULL, sf = NULL;
	unsigned line = 0, col = 0, sline = 0, scol = 0;
	clang_getExpansionLocation(l, &f, &line, &col, NULL);
	r.line = line;
	r.col = col;
	if (!f)
		return r;
	r.file = name_of(a, b, f);
	// A macro body token: spelled in another file, or above its use
	// (a #define precedes every expansion; arguments are spelled at or
	// after the call site).
	clang_getSpellingLocation(l, &sf, &sline, &scol, NULL);
	if (sf && (!clang_File_isEqual(sf, f) || sline < line)) {
		r.mfile = name_of(a, b, sf);
		r.mline = sline;
		r.mcol = scol;
	}
	return r;
}

ol_loc ol_cfg_loc(ol_arena *a, CXSourceLocation l)
{
	OL_ASSERT(a);
	return loc_conv(a, NULL, l);
}

ol_loc loc_of(builder *b, CXCursor c)
{
	// (C++) The body of a member inlined at a use (a guard's
	// destructor) is placed at that use.
	if (b->inl.len && b->inl.items[b->inl.len - 1].site.line)
		return b->inl.items[b->inl.len - 1].site;
	return loc_conv(b->a, b, clang_getCursorLocation(c));
}


bool same_spot(CXSourceLocation l)
{
	CXFile ef, sf;
	unsigned eo, so;
	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
	return ef && sf && clang_File_isEqual(ef, sf) && eo == so;
}

static enum CXVisitorResult first_field(CXCursor c, CXClientData data)
{
	*(CXCursor *)data = c;
	return CXVisit_Break;
}

static enum CXChildVisitResult first_base(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CXXBaseSpecifier)
		return CXChildVisit_Continue;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

static bool is_object_struct(CXType t, int depth);

// (C++) A class whose first base is an object struct (`struct PyBase :
// PyVarObject`, `struct Item : PyBase`): the base is its head. A virtual
// base is not at its start.
static bool object_by_base(CXType t, int depth)
{
	CXCursor d = clang_getTypeDeclaration(t), base = clang_getNullCursor();
	if (clang_Cursor_isNull(d))
		return false;
	clang_visitChildren(d, first_base, &base);
	return !clang_Cursor_isNull(base) && !clang_isVirtualBase(base) &&
	       is_object_struct(clang_getCursorType(base), depth + 1);
}

// PyObject (`struct _object`), or a struct that starts with an object
// head: its first member is `ob_base`, itself an object struct (PyObject
// or PyVarObject), as PyObject_HEAD and PyObject_VAR_HEAD write it; in
// C++, or its first base is one.
static bool is_object_struct(CXType t, int depth)
{
	t = clang_getCanonicalType(clang_getUnqualifiedType(t));
	if (t.kind != CXType_Record || depth > 4)
		return false;
	CXString s = clang_getTypeSpelling(t);
	const char *n = clang_getCString(s);
	bool obj = n && (!strcmp(n, "struct _object") || !strcmp(n, "_object"));
	clang_disposeString(s);
	if (obj)
		return true;
	if (object_by_base(t, depth))
		return true;
	CXCursor f = clang_getNullCursor();
	clang_Type_visitFields(t, first_field, &f);
	if (clang_Cursor_isNull(f))
		return false;
	CXString fs = clang_getCursorSpelling(f);
	bool head = !strcmp(clang_getCString(fs), "ob_base");
	clang_disposeString(fs);
	return head && is_object_struct(clang_getCursorType(f), depth + 1);
}

// A hash of a CXType's identity (its kind and opaque pointers).
static size_t type_key_hash(CXType t)
{
	uint64_t h = (uint64_t)t.kind * 0x9e3779b97f4a7c15ull;
	h ^= (uint64_t)(uintptr_t)t.data[0] + 0x7f4a7c15ull + (h << 6) + (h >> 2);
	h *= 0xff51afd7ed558ccdull;
	h ^= (uint64_t)(uintptr_t)t.data[1] + (h << 6) + (h >> 2);
	h *= 0xc4ceb9fe1a85ec53ull;
	return (size_t)(h ^ (h >> 29));
}

// The slot of canonical type `ct` in the builder's table of converted
// types: its entry, or the empty slot where it goes (the table grows
// first when half full).
static struct type_memo *type_memo_slot(builder *b, CXType ct)
{
	if (b->types.len * 2 >= b->types.cap) {
		size_t ncap = b->types.cap ? b->types.cap * 2 : 64;
		struct type_memo *nt = ol_xcalloc(ncap, sizeof(*nt));
		for (size_t i = 0; i < b->types.cap; i++) {
			const struct type_memo *o = &b->types.tab[i];
			if (!o->used)
				continue;
			size_t j = type_key_hash(o->ct) & (ncap - 1);
			while (nt[j].used)
				j = (j + 1) & (ncap - 1);
			nt[j] = *o;
		}
		free(b->types.tab);
		b->types.tab = nt;
		b->types.cap = ncap;
	}
	size_t j = type_key_hash(ct) & (b->types.cap - 1);
	while (b->types.tab[j].used) {
		const CXType *k = &b->types.tab[j].ct;
		if (k->kind == ct.kind && k->data[0] == ct.data[0] &&
		    k->data[1] == ct.data[1])
			break;
		j = (j + 1) & (b->types.cap - 1);
	}
	return &b->types.tab[j];
}

// type_conv() of a canonical type, not looked up.
static ol_type canonical_type_conv(builder *b, CXType ct)
{
	ol_type r = {0};
	switch (ct.kind) {
	case CXType_Void:
		r.cls = OL_TY_VOID;
		break;
	case CXType_Bool: case CXType_Char_U: case CXType_UChar:
	case CXType_Char16: case CXType_Char32: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
	case CXType_UInt128: case CXType_Char_S: case CXType_SChar:
	case CXType_WChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong: case CXType_Int128:
	case CXType_Enum:
		r.cls = OL_TY_INT;
		type_range(ct, &r);
		break;
	case CXType_Float: case CXType_Double: case CXType_LongDouble:
	case CXType_Float128: case CXType_Half: case CXType_Float16:
	case CXType_BFloat16: case CXType_Ibm128:
		r.cls = OL_TY_FLOAT;
		break;
	case CXType_Pointer: case CXType_BlockPointer:
	case CXType_NullPtr:
		r.cls = OL_TY_POINTER;
		break;
	case CXType_ConstantArray: case CXType_IncompleteArray:
	case CXType_VariableArray: case CXType_DependentSizedArray:
		r.cls = OL_TY_ARRAY;
		break;
	case CXType_Record:
		r.cls = OL_TY_RECORD;
		break;
	case CXType_FunctionProto: case CXType_FunctionNoProto:
		r.cls = OL_TY_FUNC;
		break;
	case CXType_LValueReference: case CXType_RValueReference:
		r.cls = OL_TY_OTHER;
		r.reference = true;
		break;
	default:
		r.cls = OL_TY_OTHER;
		break;
	}
	if (ct.kind == CXType_Invalid)
		return r;
	r.spelling = intern_cx(b, clang_getTypeSpelling(ct));
	if (ct.kind == CXType_Pointer) {
		CXType pt = clang_getCanonicalType(clang_getPointeeType(ct));
		r.pointee = intern_cx(b, clang_getTypeSpelling(pt));
		r.object = is_object_struct(pt, 0);
	} else if (ct.kind == CXType_Record) {
		r.object = is_object_struct(ct, 0);
	}
	return r;
}

ol_type type_conv(builder *b, CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	struct type_memo *m = type_memo_slot(b, ct);
	if (!m->used) {
		// (Converting names no other type: the slot stays this one's.)
		m->t = canonical_type_conv(b, ct);
		m->ct = ct;
		m->used = true;
		b->types.len++;
	}
	return m->t;
}

static char sig_class(const ol_type *t)
{
	switch (t->cls) {
	case OL_TY_VOID: return 'v';
	case OL_TY_INT: return 'i';
	case OL_TY_FLOAT: return 'f';
	case OL_TY_POINTER: return t->object ? 'o' : 'p';
	case OL_TY_ARRAY: return 'p';
	case OL_TY_RECORD: return 'r';
	default: return 'x';
	}
}

// A pointer to a structure this file declares but does not define (an
// opaque handle, `typedef struct WooshToken WooshToken;` in a header
// whose definition, with its PyObject_HEAD, only one file sees): 'q',
// which may stand for an object pointer ('o') or another ('p') of the
// file that defines it (engine/callee.c's sigs_agree()).
static char sig_class_of(builder *b, CXType t)
{
	ol_type ot = type_conv(b, t);
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind == CXType_Pointer) {
		CXType pt = clang_getCanonicalType(clang_getPointeeType(ct));
		if (pt.kind == CXType_Record &&
		    clang_Type_getSizeOf(pt) == CXTypeLayoutError_Incomplete)
			return 'q';
	}
	return sig_class(&ot);
}

const char *func_sig(builder *b, CXType fn_type)
{
	CXType ft = clang_getCanonicalType(fn_type);
	if (ft.kind != CXType_FunctionProto)
		return NULL;
	int n = clang_getNumArgTypes(ft);
	if (n < 0 || n > 200)
		return NULL;
	char buf[256];
	size_t k = 0;
	buf[k++] = sig_class_of(b, clang_getResultType(ft));
	buf[k++] = ':';
	for (int i = 0; i < n; i++)
		buf[k++] = sig_class_of(b, clang_getArgType(ft, (unsigned)i));
	if (clang_isFunctionTypeVariadic(ft))
		memcpy(buf + k, "...", 3), k += 3;
	buf[k] = 0;
	return intern(b, buf);
}

// (C++) The canonical spelling of a function's type, `void (void *)`,
// `int () const`: what tells one overload of a name from another the
// same way in every file (a class's constructors, all named as their
// class), where func_sig()'s classes do not (a `void *` and a `const Ref
// &` are both pointers). NULL in C, where a name has one function.
const char *func_overload(builder *b, CXCursor fdecl)
{
	if (!b->cxx || clang_Cursor_isNull(fdecl))
		return NULL;
	CXString s = clang_getTypeSpelling(
		clang_getCanonicalType(clang_getCursorType(fdecl)));
	const char *sp = clang_getCString(s);
	const char *r = sp && *sp ? intern(b, sp) : NULL;
	clang_disposeString(s);
	return r;
}

/* ---- blocks --------------------------------------------------------- */

ol_block *new_block(builder *b)
{
	ol_block *blk = OL_NEW(b->a, ol_block);
	bstate st = {0};
	blk->id = (unsigned)b->blocks.len;
	OL_VEC_PUSH(&b->blocks, blk);
	OL_VEC_PUSH(&b->bs, st);
	return blk;
}

// The current block, opening an unreachable one when there is none.
ol_block *cur(builder *b)
{
	if (!b->cur)
		b->cur = new_block(b);
	return b->cur;
}

void emit_op(builder *b, ol_op op)
{
	ol_block *blk = cur(b);
	OL_VEC_PUSH(&b->bs.items[blk->id].ops, op);
	b->nops++;
}

bool has_effects(const ol_expr *e)
{
	if (!e)
		return false;
	switch (e->kind) {
	case OL_E_CALL:
	case OL_E_ASSIGN:
	case OL_E_UNKNOWN: // may hide anything
		return true;
	case OL_E_UNARY:
		if (e->op >= OL_OP_PREINC && e->op <= OL_OP_POSTDEC)
			return true;
		break;
	default:
		break;
	}
	if (has_effects(e->sub[0]) || has_effects(e->sub[1]) ||
	    has_effects(e->fn))
		return true;
	for (unsigned i = 0; i < e->nargs; i++)
		if (has_effects(e->args[i]))
			return true;
	return false;
}

// Appends an op evaluating `e`, unless it is a bare leaf with no effect.
void emit_eval(builder *b, ol_expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case OL_E_VAR: case OL_E_INT: case OL_E_NULL: case OL_E_STRING:
	case OL_E_FLOAT: case OL_E_SIZEOF: case OL_E_FUNCREF:
		return;
	case OL_E_UNKNOWN:
		if (!e->nargs)
			return;
		break;
	default:
		break;
	}
	ol_op op = {.kind = OL_OPK_EVAL, .loc = e->loc, .expr = e};
	emit_op(b, op);
}

// Ends the current block with `kind`. A pending noreturn call turns any
// terminator into OL_TERM_NORETURN (its condition still runs, as an op).
ol_block *seal(builder *b, ol_term_kind kind, ol_expr *cond,
		      ol_loc loc, const char *why)
{
	ol_block *blk = cur(b);
	if (b->nr_pending && kind != OL_TERM_NORETURN) {
		if (kind != OL_TERM_RETURN || cond)
			emit_eval(b, cond);
		kind = OL_TERM_NORETURN;
		cond = NULL;
		loc = b->nr_loc;
		why = NULL;
	}
	if (kind == OL_TERM_NORETURN)
		b->nr_pending = b->nr_throw = false;
	blk->term = kind;
	blk->cond = cond;
	blk->term_loc = loc;
	blk->why = why;
	b->bs.items[blk->id].sealed = true;
	b->cur = NULL;
	return blk;
}

// Ends the current block with a jump to `to` (nothing if unreachable).
void jump(builder *b, ol_block *to, const char *why, ol_loc loc)
{
	if (!b->cur)
		return;
	ol_block *blk = seal(b, OL_TERM_GOTO, NULL, loc, why);
	if (blk->term == OL_TERM_GOTO)
		blk->succ[0] = to;
}

// Makes `blk` current; the previous block falls through into it.
void start(builder *b, ol_block *blk)
{
	if (b->cur) {
		ol_loc none = {0};
		jump(b, blk, NULL, none);
	}
	b->cur = blk;
}

void branch(builder *b, ol_expr *cond, ol_block *t, ol_block *f,
		   ol_loc loc, const char *why)
{
	ol_block *blk = seal(b, OL_TERM_BRANCH, cond, loc, why);
	if (blk->term == OL_TERM_BRANCH) {
		blk->succ[0] = t;
		blk->succ[1] = f;
	}
}

// Ends the path after a noreturn call lowered by the last statement (a
// C++ thrower that never returns: the exception unwinds).
void flush_noreturn(builder *b)
{
	if (b->nr_pending && b->nr_throw) {
		b->nr_pending = b->nr_throw = false;
		cxx_unwind(b, b->nr_loc);
		return;
	}
	if (b->nr_pending)
		seal(b, OL_TERM_NORETURN, NULL, b->nr_loc, NULL);
}

/* ---- variables ------------------------------------------------------ */

static ol_var *add_var(builder *b, ol_var_kind kind, const char *name,
		       ol_type ty, ol_loc loc)
{
	ol_var *v = OL_NEW(b->a, ol_var);
	v->id = (unsigned)b->vars.len;
	v->kind = kind;
	v->name = name;
	v->type = ty;
	v->loc = loc;
	OL_VEC_PUSH(&b->vars, v);
	return v;
}

ol_var *new_temp(builder *b, ol_type ty, ol_loc loc)
{
	char name[32];
	snprintf(name, sizeof(name), "$t%u", ++b->ntemps);
	return add_var(b, OL_VAR_TEMP, intern(b, name), ty, loc);
}

static ol_var_kind kind_of_decl(CXCursor d)
{
	if (clang_getCursorKind(d) == CXCursor_ParmDecl)
		return OL_VAR_PARAM;
	enum CXCursorKind pk =
		clang_getCursorKind(clang_getCursorSemanticParent(d));
	if (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace ||
	    clang_isInvalid(pk))
		return OL_VAR_GLOBAL;
	switch (clang_Cursor_getStorageClass(d)) {
	case CX_SC_Static:
		return OL_VAR_STATIC_LOCAL;
	case CX_SC_Extern:
		return OL_VAR_GLOBAL;
	default:
		break;
	}
	if (clang_Cursor_hasVarDeclGlobalStorage(d) == 1)
		return OL_VAR_STATIC_LOCAL; // C++ thread_local & co.
	return OL_VAR_LOCAL;
}

// Whether `d`, a local of some function, is declared outside the lambda
// this builder lowers (a variable the lambda captures), by the offsets
// of their expansion locations.
static bool declared_outside_lambda(const builder *b, CXCursor d)
{
	if (clang_getCursorKind(b->fn_cursor) != CXCursor_LambdaExpr)
		return false;
	CXSourceRange r = clang_getCursorExtent(b->fn_cursor);
	CXFile f1, f2;
	unsigned lb, le, at;
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL,
				   &lb);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &le);
	clang_getExpansionLocation(clang_getCursorLocation(d), &f2, NULL, NULL,
				   &at);
	return !clang_File_isEqual(f1, f2) || at < lb || at > le;
}

// Returns the ol_var of declaration `d`, creating it on first sight.
ol_var *var_of(builder *b, CXCursor d)
{
	CXCursor key = clang_getCanonicalCursor(d);
	ol_var *v = cmap_get(&b->var_map, key);
	if (v)
		return v;
	ol_var_kind k = kind_of_decl(d);
	if (k == OL_VAR_PARAM)
		k = OL_VAR_LOCAL; // a parameter of some other function
	v = add_var(b, k, intern_cx(b, clang_getCursorSpelling(d)),
		    type_conv(b, clang_getCursorType(d)), loc_of(b, d));
	v->captured = k == OL_VAR_LOCAL && declared_outside_lambda(b, d);
	if (b->cxx) // a library owner is its handle (cxx.c)
		cxx_retype_var(b, v, clang_getCursorType(d));
	cmap_put(&b->var_map, key, v);
	return v;
}

/* ---- expression constructors ---------------------------------------- */

ol_expr *mk(builder *b, ol_expr_kind kind, CXCursor c)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = kind;
	e->loc = loc_of(b, c);
	e->type = type_conv(b, clang_getCursorType(c));
	return e;
}

ol_expr *var_expr(builder *b, ol_var *v, ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_VAR;
	e->var = v;
	e->loc = loc;
	e->type = v->type;
	(void)b;
	return e;
}

ol_expr *int_expr(builder *b, long long v, ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_INT;
	e->ival = v;
	e->loc = loc;
	e->type.cls = OL_TY_INT;
	e->type.spelling = intern(b, "int");
	return e;
}

ol_expr *assign_expr(builder *b, ol_expr *lhs, ol_expr *rhs,
			    ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_ASSIGN;
	e->loc = loc;
	e->type = lhs->type;
	e->sub[0] = lhs;
	e->sub[1] = rhs;
	return e;
}

void emit_assign(builder *b, ol_var *v, ol_expr *rhs, ol_loc loc)
{
	emit_eval(b, assign_expr(b, var_expr(b, v, loc), rhs, loc));
}

/* ---- finishing ------------------------------------------------------ */

// `goto *p`: one branch per address-taken label (order of first
// mention), each on an unknown condition; none: the path ends.
static enum CXChildVisitResult addr_label_visit(CXCursor c, CXCursor parent,
						CXClientData data)
{
	builder *b = data;
	if (clang_getCursorKind(c) == CXCursor_LabelRef &&
	    clang_getCursorKind(parent) == CXCursor_AddrLabelExpr) {
		CXCursor lab = clang_getCursorReferenced(c);
		ol_block *blk = clang_Cursor_isNull(lab) ? NULL :
				cmap_get(&b->label_map, lab);
		if (blk)
			OL_VEC_PUSH(&b->addr_labels, blk);
	}
	return CXChildVisit_Recurse;
}

static void finish_indirect(builder *b)
{
	if (!b->indirect.len)
		return;
	// Every `&&label` in the function, static initializers included.
	b->addr_labels.len = 0;
	clang_visitChildren(b->body, addr_label_visit, b);

	// Drop duplicate label mentions, keeping the first.
	size_t n = 0;
	for (size_t i = 0; i < b->addr_labels.len; i++) {
		size_t j = 0;
		while (j < n && b->addr_labels.items[j] != b->addr_labels.items[i])
			j++;
		if (j == n)
			b->addr_labels.items[n++] = b->addr_labels.items[i];
	}
	b->addr_labels.len = n;
	for (size_t i = 0; i < b->indirect.len; i++) {
		ol_block *blk = b->indirect.items[i];
		ol_loc l = blk->term_loc;
		if (blk->cond)
			OL_VEC_PUSH(&b->bs.items[blk->id].ops,
				    ((ol_op){.kind = OL_OPK_EVAL, .loc = l,
					     .expr = blk->cond}));
		if (n == 0) {
			note(b, "line %u: computed goto with no address-taken "
				"label ends the path", l.line);
			blk->term = OL_TERM_NORETURN;
			blk->cond = NULL;
			continue;
		}
		note(b, "line %u: computed goto branches to every "
			"address-taken label", l.line);
		for (size_t j = 0; j + 1 < n; j++) {
			ol_block *next = new_block(b);
			ol_expr *u = OL_NEW(b->a, ol_expr);
			u->kind = OL_E_UNKNOWN;
			u->loc = l;
			u->text = "goto *";
			blk->term = OL_TERM_BRANCH;
			blk->cond = u;
			blk->why = "goto *";
			blk->succ[0] = b->addr_labels.items[j];
			blk->succ[1] = next;
			b->bs.items[next->id].sealed = true;
			next->term_loc = l;
			blk = next;
		}
		blk->term = OL_TERM_GOTO;
		blk->cond = NULL;
		blk->why = "goto *";
		blk->succ[0] = b->addr_labels.items[n - 1];
	}
}

// Follows chains of empty, unlabelled, unexplained goto blocks.
static ol_block *thread(builder *b, ol_block *to)
{
	for (unsigned n = 0; to && n < 64; n++) {
		if (to->id == 0 || to->label || to->term != OL_TERM_GOTO ||
		    to->why || !to->succ[0] || b->bs.items[to->id].ops.len ||
		    to->succ[0] == to)
			break;
		to = to->succ[0];
	}
	return to;
}

// Drops unreachable blocks, numbers the rest densely in creation order and
// copies ops into the arena.
static void finish_blocks(builder *b)
{
	size_t n = b->blocks.len;
	bool *seen = ol_xcalloc(n, 1);
	ol_block **work = ol_xmalloc(sizeof(ol_block *) * n);
	size_t top = 0;
	for (size_t i = 0; i < n; i++) {
		ol_block *blk = b->blocks.items[i];
		blk->succ[0] = thread(b, blk->succ[0]);
		blk->succ[1] = thread(b, blk->succ[1]);
		blk->default_succ = thread(b, blk->default_succ);
		for (unsigned c = 0; c < blk->ncases; c++)
			blk->cases[c].succ = thread(b, blk->cases[c].succ);
	}
	seen[0] = true;
	work[top++] = b->blocks.items[0];
	while (top) {
		ol_block *blk = work[--top];
		ol_block *s[3] = {NULL, NULL, NULL};
		switch (blk->term) {
		case OL_TERM_GOTO:
			s[0] = blk->succ[0];
			break;
		case OL_TERM_BRANCH:
			s[0] = blk->succ[0], s[1] = blk->succ[1];
			break;
		case OL_TERM_SWITCH:
			s[0] = blk->default_succ;
			for (unsigned c = 0; c < blk->ncases; c++)
				if (!seen[blk->cases[c].succ->id]) {
					seen[blk->cases[c].succ->id] = true;
					work[top++] = blk->cases[c].succ;
				}
			break;
		default:
			break;
		}
		for (int i = 0; i < 3; i++)
			if (s[i] && !seen[s[i]->id]) {
				seen[s[i]->id] = true;
				work[top++] = s[i];
			}
	}
	ol_func *fn = b->fn;
	size_t live = 0;
	for (size_t i = 0; i < n; i++)
		live += seen[i];
	fn->blocks = OL_NEW_ARRAY(b->a, ol_block *, live);
	for (size_t i = 0; i < n; i++) {
		if (!seen[i])
			continue;
		ol_block *blk = b->blocks.items[i];
		bstate *st = &b->bs.items[i];
		blk->nops = (unsigned)st->ops.len;
		blk->ops = st->ops.len ? ol_arena_memdup(b->a, st->ops.items,
				st->ops.len * sizeof(ol_op)) : NULL;
		blk->id = fn->nblocks;
		fn->blocks[fn->nblocks++] = blk;
		if (blk->term == OL_TERM_GOTO)
			blk->cond = NULL;
	}
	free(seen);
	free(work);
}

static void builder_free(builder *b)
{
	for (size_t i = 0; i < b->bs.len; i++)
		OL_VEC_FREE(&b->bs.items[i].ops);
	for (size_t i = 0; i < b->switches.len; i++)
		OL_VEC_FREE(&b->switches.items[i].cases);
	OL_VEC_FREE(&b->blocks);
	OL_VEC_FREE(&b->bs);
	OL_VEC_FREE(&b->vars);
	OL_VEC_FREE(&b->jumps);
	OL_VEC_FREE(&b->for_conds);
	OL_VEC_FREE(&b->switches);
	OL_VEC_FREE(&b->addr_labels);
	OL_VEC_FREE(&b->indirect);
	OL_VEC_FREE(&b->notes);
	OL_VEC_FREE(&b->files);
	free(b->locs);
	b->locs = NULL;
	OL_VEC_FREE(&b->objs);
	OL_VEC_FREE(&b->temps);
	OL_VEC_FREE(&b->tries);
	OL_VEC_FREE(&b->inl);
	OL_VEC_FREE(&b->fvars);
	OL_VEC_FREE(&b->scopes);
	free(b->cls_map.tab);
	free(b->var_map.tab);
	free(b->label_map.tab);
	free(b->noreturn_map.tab);
	free(b->strs.tab);
	free(b->types.tab);
}

static CXCursor find_body(CXCursor fn)
{
	cursor_vec k = {0};
	CXCursor body = clang_getNullCursor();
	children(fn, &k);
	for (size_t i = k.len; i-- > 0;)
		if (clang_getCursorKind(k.items[i]) == CXCursor_CompoundStmt ||
		    // a function-try-block
		    clang_getCursorKind(k.items[i]) == CXCursor_CXXTryStmt) {
			body = k.items[i];
			break;
		}
	OL_VEC_FREE(&k);
	return body;
}

int ol_cfg_build(ol_func **out, ol_arena *a, CXCursor cursor)
{
	return ol_cfg_build_opts(out, a, cursor, NULL);
}

int ol_cfg_build_opts(ol_func **out, ol_arena *a, CXCursor cursor,
		      const ol_cfg_opts *opts)
{
	builder b = {0};
	static const ol_cfg_opts no_opts;
	int error = 0;
	OL_ASSERT(out && a);
	*out = NULL;
	b.a = a;
	b.opts = opts ? opts : &no_opts;
	b.cxx = b.opts->cxx;
	b.fn_cursor = cursor;
	b.tu = clang_Cursor_getTranslationUnit(cursor);
	enum CXCursorKind k = clang_getCursorKind(cursor);
	CXCursor body = clang_Cursor_isNull(cursor) ? cursor :
						       find_body(cursor);
	ol_loc floc = b.tu ? loc_conv(a, &b, clang_getCursorLocation(cursor)) :
			     (ol_loc){0};
	if (!b.tu || clang_Cursor_isNull(body) ||
	    (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod &&
	     k != CXCursor_Constructor && k != CXCursor_Destructor &&
	     k != CXCursor_FunctionTemplate &&
	     k != CXCursor_ConversionFunction && k != CXCursor_LambdaExpr)) {
		error = ol_error_set(OL_EPARSE,
				     "%s:%u:%u: not a function definition",
				     floc.file ? floc.file : "?", floc.line,
				     floc.col);
		goto cleanup;
	}

	ol_func *fn = OL_NEW(a, ol_func);
	b.fn = fn;
	fn->name = b.opts->name ? intern(&b, b.opts->name)
		 : b.cxx ? cxx_fn_name(&b, cursor)
			 : intern_cx(&b, clang_getCursorSpelling(cursor));
	fn->loc = floc;
	CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(body));
	fn->end_loc = loc_conv(a, &b, end);
	if (fn->end_loc.col > 1)
		fn->end_loc.col--; // the range ends just past the `}`
	CXType ft = clang_getCursorType(cursor);
	fn->ret = type_conv(&b, clang_getResultType(ft));
	if (b.cxx) {
		// A function returning a library owner, or a guard with
		// one pointer field, returns its handle.
		ol_var tmp = {0};
		tmp.type = fn->ret;
		cxx_retype_result(&b, &tmp, clang_getResultType(ft));
		fn->ret = tmp.type;
	}
	// (C++: a function of an anonymous namespace is as private to the
	// file as a static one.)
	fn->is_static = clang_Cursor_getStorageClass(cursor) == CX_SC_Static ||
			(b.cxx && k == CXCursor_FunctionDecl &&
			 clang_getCursorLinkage(cursor) == CXLinkage_Internal);
	fn->is_variadic = clang_Cursor_isVariadic(cursor) != 0;
	fn->sig = func_sig(&b, ft);
	fn->overload = func_overload(&b, cursor);
	fn->cxx_member = b.cxx && k != CXCursor_FunctionDecl;
	fn->inline_def = clang_Cursor_isFunctionInlined(cursor) != 0;
	fn->cxx_ctor = b.cxx && k == CXCursor_Constructor;
	if (fn->cxx_ctor) {
		cursor_vec bf = {0};
		cxx_destroyed_base_fields(clang_getCursorSemanticParent(cursor),
					  &bf);
		fn->ctor_base_fields = bf.len ? OL_NEW_ARRAY(b.a, const char *,
							     bf.len)
					      : NULL;
		for (size_t i = 0; i < bf.len; i++)
			fn->ctor_base_fields[i] =
				intern_cx(&b, clang_getCursorSpelling(bf.items[i]));
		fn->nctor_base_fields = (unsigned)bf.len;
		OL_VEC_FREE(&bf);
	}
	fn->attrs = ownership_attrs(&b, cursor);

	// (C++) A member function's `this` is parameter 0.
	if (b.cxx && k != CXCursor_LambdaExpr && k != CXCursor_FunctionDecl &&
	    !clang_CXXMethod_isStatic(cursor)) {
		cxx_add_this(&b, cursor);
		if (b.this_var)
			fn->nparams++;
	}
	cursor_vec ps = {0};
	int np = clang_Cursor_getNumArguments(cursor);
	if (np >= 0) {
		for (int i = 0; i < np; i++)
			OL_VEC_PUSH(&ps, clang_Cursor_getArgument(cursor,
								  (unsigned)i));
	} else { // templates, lambdas: their ParmDecl children
		cursor_vec kids = {0};
		children(cursor, &kids);
		for (size_t i = 0; i < kids.len; i++)
			if (clang_getCursorKind(kids.items[i]) ==
			    CXCursor_ParmDecl)
				OL_VEC_PUSH(&ps, kids.items[i]);
		OL_VEC_FREE(&kids);
	}
	ol_var **pvars = OL_NEW_ARRAY(a, ol_var *, ps.len + 1);
	for (size_t i = 0; i < ps.len; i++) {
		CXCursor p = ps.items[i];
		ol_var *v = pvars[i] = add_var(&b, OL_VAR_PARAM,
			intern_cx(&b, clang_getCursorSpelling(p)),
			type_conv(&b, clang_getCursorType(p)), loc_of(&b, p));
		if (b.cxx)
			cxx_retype_var(&b, v, clang_getCursorType(p));
		if (b.cxx)
			cxx_ref_to_pointer(&b, v, clang_getCursorType(p));
		v->param_index = fn->nparams;
		cmap_put(&b.var_map, clang_getCanonicalCursor(p), v);
		fn->nparams++;
	}

	b.body = body;
	b.cur = new_block(&b); // entry: block 0
	if (b.cxx)
		cxx_own_value_params(&b, ps.items, pvars, ps.len);
	OL_VEC_FREE(&ps);
	if (b.cxx && k == CXCursor_Constructor && b.this_var)
		lower_ctor_inits(&b, cursor, NULL);
	lower_stmt(&b, body);
	if (b.err) {
		error = b.err;
		goto cleanup;
	}
	if (b.cur && (b.cxx || b.objs.len)) // (the by-value parameters)
		destroy_down_to(&b, 0, fn->end_loc);
	if (b.cur)
		seal(&b, OL_TERM_RETURN, NULL, fn->end_loc, NULL);
	// Unterminated blocks (only possible for broken input) return.
	for (size_t i = 0; i < b.blocks.len; i++)
		if (!b.bs.items[i].sealed) {
			b.blocks.items[i]->term = OL_TERM_RETURN;
			b.blocks.items[i]->term_loc = fn->end_loc;
		}
	finish_indirect(&b);
	finish_blocks(&b);
	fn->nvars = (unsigned)b.vars.len;
	fn->vars = ol_arena_memdup(a, b.vars.items,
				   b.vars.len * sizeof(ol_var *));
	if (b.notes.len) {
		fn->nnotes = (unsigned)b.notes.len;
		fn->notes = ol_arena_memdup(a, b.notes.items,
					    b.notes.len * sizeof(char *));
	}
	*out = fn;
cleanup:
	builder_free(&b);
	return error;
}
