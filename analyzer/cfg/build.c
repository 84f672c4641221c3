/*
 * build.c — lowering one libclang function definition into the IR of cfg.h.
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
#include "build.h"

#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Deeper nesting than this fails the function (OL_EPARSE) instead of
// risking the thread's stack. One unit is one statement, expression or
// condition being lowered, about 300 bytes of stack (x86-64, -O2), so the
// limit needs about 1.5 MiB plus libclang's own calls at the leaves.
#define MAX_DEPTH 5000

// Keeps each statement kind's locals out of the recursive frames.
#define NOINLINE __attribute__((noinline))

typedef OL_VEC(CXCursor) cursor_vec;

// A map keyed by libclang cursor (hash + clang_equalCursors).
typedef struct cmap_ent {
	CXCursor key;
	void *val;
	unsigned hash;
	bool used;
} cmap_ent;

typedef struct cmap {
	cmap_ent *tab; // owned (malloc)
	size_t cap, len;
} cmap;

// Builder-side state of one block: ops grow here, are copied to the arena
// at the end (so a spill can still be inserted into a sealed block).
typedef struct bstate {
	OL_VEC(ol_op) ops;
	bool sealed;
} bstate;

// Innermost-first stack of `break`/`continue` targets.
typedef struct jump_ctx {
	ol_block *brk;
	ol_block *cont; // NULL for a switch
} jump_ctx;

typedef struct switch_ctx {
	ol_block *sw; // block ending in the switch terminator
	ol_block *def;
	OL_VEC(ol_case) cases;
} switch_ctx;

typedef struct file_name {
	CXFile file;
	const char *name; // interned in the arena
} file_name;

typedef struct builder {
	ol_arena *a;
	CXTranslationUnit tu;
	ol_func *fn;
	CXCursor body; // the function's CompoundStmt
	OL_VEC(ol_block *) blocks; // by creation order; id = index until pruned
	OL_VEC(bstate) bs;
	ol_block *cur; // NULL: the code being lowered is unreachable
	OL_VEC(ol_var *) vars;
	cmap var_map;      // canonical decl cursor -> ol_var
	cmap label_map;    // LabelStmt cursor -> ol_block
	cmap noreturn_map; // function decl -> (void *)1 yes, (void *)2 no
	OL_VEC(jump_ctx) jumps;
	OL_VEC(switch_ctx) switches;
	OL_VEC(ol_block *) addr_labels;  // labels whose address is taken
	OL_VEC(ol_block *) indirect;     // blocks ending in `goto *p`
	OL_VEC(const char *) notes;
	OL_VEC(file_name) files;
	struct {
		const char **tab; // owned (malloc); strings interned in arena
		size_t cap, len;
	} strs;
	unsigned ntemps;
	unsigned depth;
	int err; // first error, 0 when none
	// A noreturn call was lowered and its path has not ended yet.
	bool nr_pending;
	ol_loc nr_loc;
} builder;

static ol_expr *lower_expr(builder *b, CXCursor c, bool want);
static void lower_stmt(builder *b, CXCursor s);
static void lower_cond(builder *b, CXCursor c, ol_block *t, ol_block *f,
		       const char *why);

/* ---- small helpers ---------------------------------------------------- */

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
static void children(CXCursor c, cursor_vec *out)
{
	out->len = 0;
	clang_visitChildren(c, collect_visit, out);
}

// The direct children of `c` that are expressions.
static void expr_children(CXCursor c, cursor_vec *out)
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
static const char *intern(builder *b, const char *s)
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

static const char *intern_cx(builder *b, CXString s)
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

static void *cmap_get(cmap *m, CXCursor key)
{
	if (!m->cap)
		return NULL;
	cmap_ent *e = cmap_slot(m, key, clang_hashCursor(key));
	return e->used ? e->val : NULL;
}

static void cmap_put(cmap *m, CXCursor key, void *val)
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

static void note(builder *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void note(builder *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	OL_VEC_PUSH(&b->notes, ol_arena_vprintf(b->a, fmt, ap));
	va_end(ap);
}

// Records the first error; later ones keep the first message.
static void fail(builder *b, int code, ol_loc l, const char *what)
{
	if (b->err)
		return;
	b->err = ol_error_set(code, "%s:%u:%u: %s", l.file ? l.file : "?",
			      l.line, l.col, what);
}

/* ---- locations and types ---------------------------------------------- */

static ol_loc loc_conv(ol_arena *a, builder *b, CXSourceLocation l)
{
	ol_loc r = {0};
	CXFile f = NULL;
	unsigned line = 0, col = 0, off = 0;
	clang_getExpansionLocation(l, &f, &line, &col, &off);
	r.line = line;
	r.col = col;
	if (!f)
		return r;
	if (b) {
		for (size_t i = 0; i < b->files.len; i++)
			if (b->files.items[i].file == f) {
				r.file = b->files.items[i].name;
				return r;
			}
	}
	r.file = cxstr(a, clang_getFileName(f));
	if (b) {
		file_name fnm = {f, r.file};
		OL_VEC_PUSH(&b->files, fnm);
	}
	return r;
}

ol_loc ol_cfg_loc(ol_arena *a, CXSourceLocation l)
{
	OL_ASSERT(a);
	return loc_conv(a, NULL, l);
}

static ol_loc loc_of(builder *b, CXCursor c)
{
	return loc_conv(b->a, b, clang_getCursorLocation(c));
}

static ol_type type_conv(builder *b, CXType t)
{
	ol_type r = {0};
	CXType ct = clang_getCanonicalType(t);
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
	default:
		r.cls = OL_TY_OTHER;
		break;
	}
	if (ct.kind == CXType_Invalid)
		return r;
	r.spelling = intern_cx(b, clang_getTypeSpelling(ct));
	if (ct.kind == CXType_Pointer)
		r.pointee = intern_cx(b, clang_getTypeSpelling(
			clang_getCanonicalType(clang_getPointeeType(ct))));
	return r;
}

/* ---- blocks ----------------------------------------------------------- */

static ol_block *new_block(builder *b)
{
	ol_block *blk = OL_NEW(b->a, ol_block);
	bstate st = {0};
	blk->id = (unsigned)b->blocks.len;
	OL_VEC_PUSH(&b->blocks, blk);
	OL_VEC_PUSH(&b->bs, st);
	return blk;
}

// The current block, opening an unreachable one when there is none.
static ol_block *cur(builder *b)
{
	if (!b->cur)
		b->cur = new_block(b);
	return b->cur;
}

static void emit_op(builder *b, ol_op op)
{
	ol_block *blk = cur(b);
	OL_VEC_PUSH(&b->bs.items[blk->id].ops, op);
}

static bool has_effects(const ol_expr *e)
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
static void emit_eval(builder *b, ol_expr *e)
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
static ol_block *seal(builder *b, ol_term_kind kind, ol_expr *cond,
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
		b->nr_pending = false;
	blk->term = kind;
	blk->cond = cond;
	blk->term_loc = loc;
	blk->why = why;
	b->bs.items[blk->id].sealed = true;
	b->cur = NULL;
	return blk;
}

// Ends the current block with a jump to `to` (nothing if unreachable).
static void jump(builder *b, ol_block *to, const char *why, ol_loc loc)
{
	if (!b->cur)
		return;
	ol_block *blk = seal(b, OL_TERM_GOTO, NULL, loc, why);
	if (blk->term == OL_TERM_GOTO)
		blk->succ[0] = to;
}

// Makes `blk` current; the previous block falls through into it.
static void start(builder *b, ol_block *blk)
{
	if (b->cur) {
		ol_loc none = {0};
		jump(b, blk, NULL, none);
	}
	b->cur = blk;
}

static void branch(builder *b, ol_expr *cond, ol_block *t, ol_block *f,
		   ol_loc loc, const char *why)
{
	ol_block *blk = seal(b, OL_TERM_BRANCH, cond, loc, why);
	if (blk->term == OL_TERM_BRANCH) {
		blk->succ[0] = t;
		blk->succ[1] = f;
	}
}

// Ends the path after a noreturn call lowered by the last statement.
static void flush_noreturn(builder *b)
{
	if (b->nr_pending)
		seal(b, OL_TERM_NORETURN, NULL, b->nr_loc, NULL);
}

/* ---- variables -------------------------------------------------------- */

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

static ol_var *new_temp(builder *b, ol_type ty, ol_loc loc)
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

// Whether declaration `d` has `__attribute__((cleanup(fn)))`. libclang
// exposes the attribute only as an unexposed cursor; its spelling location
// is where "cleanup(" is written, in the source or in the definition of a
// macro such as systemd's `_cleanup_(x)`.
static bool has_cleanup(CXCursor d)
{
	bool found = false;
	cursor_vec kids = {0};
	children(d, &kids);
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(d);
	for (size_t i = 0; i < kids.len && !found; i++) {
		if (clang_getCursorKind(kids.items[i]) != CXCursor_UnexposedAttr)
			continue;
		CXSourceLocation at =
			clang_getRangeStart(clang_getCursorExtent(kids.items[i]));
		CXFile f = NULL;
		unsigned off = 0;
		clang_getSpellingLocation(at, &f, NULL, NULL, &off);
		size_t size = 0;
		const char *text = f ? clang_getFileContents(tu, f, &size) : NULL;
		found = text && off + 8 <= size &&
			!strncmp(text + off, "cleanup", 7) &&
			(text[off + 7] == '(' || text[off + 7] == ' ');
	}
	OL_VEC_FREE(&kids);
	return found;
}

// Returns the ol_var of declaration `d`, creating it on first sight.
static ol_var *var_of(builder *b, CXCursor d)
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
	if (k == OL_VAR_LOCAL && clang_getCursorKind(d) == CXCursor_VarDecl)
		v->cleanup = has_cleanup(d);
	cmap_put(&b->var_map, key, v);
	return v;
}

/* ---- expressions ------------------------------------------------------ */

static ol_expr *mk(builder *b, ol_expr_kind kind, CXCursor c)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = kind;
	e->loc = loc_of(b, c);
	e->type = type_conv(b, clang_getCursorType(c));
	return e;
}

static ol_expr *var_expr(builder *b, ol_var *v, ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_VAR;
	e->var = v;
	e->loc = loc;
	e->type = v->type;
	(void)b;
	return e;
}

static ol_expr *int_expr(builder *b, long long v, ol_loc loc)
{
	ol_expr *e = OL_NEW(b->a, ol_expr);
	e->kind = OL_E_INT;
	e->ival = v;
	e->loc = loc;
	e->type.cls = OL_TY_INT;
	e->type.spelling = intern(b, "int");
	return e;
}

static ol_expr *assign_expr(builder *b, ol_expr *lhs, ol_expr *rhs,
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

static void emit_assign(builder *b, ol_var *v, ol_expr *rhs, ol_loc loc)
{
	emit_eval(b, assign_expr(b, var_expr(b, v, loc), rhs, loc));
}

static bool eval_int(CXCursor c, long long *out)
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
static CXCursor strip(CXCursor c)
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

static bool tok_is_noreturn(const char *t)
{
	return strcmp(t, "_Noreturn") == 0 || strcmp(t, "noreturn") == 0 ||
	       strcmp(t, "__noreturn__") == 0 ||
	       strcmp(t, "Py_NO_RETURN") == 0;
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

static const char *const noreturn_names[] = {
	"abort", "exit", "_exit", "_Exit", "quick_exit", "Py_FatalError",
	"_Py_FatalErrorFunc", "_Py_FatalErrorFormat", "Py_Exit",
	"__builtin_unreachable", "__builtin_trap", "__builtin_abort",
	"__assert_fail", "__assert_rtn", "__assert_perror_fail", "longjmp",
	"siglongjmp", "_longjmp", "__longjmp_chk", "pthread_exit",
	"thrd_exit", "__stack_chk_fail",
};

// Is the function declaration `d` noreturn: by name, by its type
// (`__attribute__((noreturn))`), by an attribute cursor or a specifier in
// its tokens (`_Noreturn`, `[[noreturn]]`, `Py_NO_RETURN`)?
static bool decl_is_noreturn(builder *b, CXCursor d, const char *name)
{
	for (size_t i = 0; i < sizeof(noreturn_names) / sizeof(*noreturn_names);
	     i++)
		if (strcmp(name, noreturn_names[i]) == 0)
			return true;
	void *cached = cmap_get(&b->noreturn_map, d);
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
	cmap_put(&b->noreturn_map, d, yes ? (void *)1 : (void *)2);
	return yes;
}

// The ownership attributes of declaration `d` (SPEC §5), normalized to
// "name(args)" and joined with ';': Clang's ownership_returns/takes/holds
// (unexposed attributes: read from their tokens) and annotate("...").
// NULL when there is none.
static const char *ownership_attrs(builder *b, CXCursor d)
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
	const char *r = out.len ? ol_arena_strdup(b->a, ol_strbuf_str(&out))
				: NULL;
	ol_strbuf_free(&out);
	return r;
}

// Bit i set when parameter i of function declaration `d` is `void *`.
static unsigned void_params_of(CXCursor d)
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

// OL_E_UNKNOWN whose arguments are the expression children of `c`, so
// calls inside still run.
static NOINLINE ol_expr *lower_unknown(builder *b, CXCursor c, const char *text)
{
	ol_expr *e = mk(b, OL_E_UNKNOWN, c);
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
	lower_cond(b, c, tb, fb, why);
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
	lower_cond(b, k.items[0], tb, fb, "?:");
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

static NOINLINE ol_expr *lower_call(builder *b, CXCursor c)
{
	cursor_vec k = {0};
	children(c, &k);
	int nargs = clang_Cursor_getNumArguments(c);
	if (k.len == 0 || nargs < 0) {
		OL_VEC_FREE(&k);
		return lower_unknown(b, c, NULL);
	}
	if (is_expect(c)) {
		OL_VEC_FREE(&k);
		return lower_expr(b, clang_Cursor_getArgument(c, 0), true);
	}
	ol_expr *e = mk(b, OL_E_CALL, c);
	CXCursor callee = strip(k.items[0]);
	OL_VEC_FREE(&k);
	CXCursor fdecl = clang_getCursorReferenced(callee);
	bool noreturn = false;
	enum CXCursorKind fk = clang_getCursorKind(fdecl);
	if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr &&
	    (fk == CXCursor_FunctionDecl || fk == CXCursor_CXXMethod)) {
		e->text = intern_cx(b, clang_getCursorSpelling(fdecl));
		noreturn = decl_is_noreturn(b, fdecl, e->text);
		e->attrs = ownership_attrs(b, fdecl);
		e->void_params = void_params_of(fdecl);
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
	if (noreturn && !b->nr_pending) {
		b->nr_pending = true;
		b->nr_loc = e->loc;
	}
	return e;
}

static NOINLINE ol_expr *lower_declref(builder *b, CXCursor c)
{
	CXCursor d = clang_getCursorReferenced(c);
	switch (clang_getCursorKind(d)) {
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl: {
		ol_expr *e = var_expr(b, var_of(b, d), loc_of(b, c));
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
	default: {
		ol_expr *e = mk(b, OL_E_UNKNOWN, c);
		e->text = intern_cx(b, clang_getCursorSpelling(c));
		return e;
	}
	}
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
	case CXUnaryOperator_AddrOf:
		e = mk(b, OL_E_ADDR, c);
		break;
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
	ol_expr *e = mk(b, assign ? OL_E_ASSIGN : OL_E_BINARY, c);
	if (assign) // PyTuple_SET_ITEM(t, i, v) as `t->ob_item[i] = v`
		e->macro = macro_of(b, c);
	e->op = op;
	lower_list(b, ops, 2, e->sub);
	return e;
}

static bool same_spot(CXSourceLocation l);

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

static ol_expr *lower_expr_kind(builder *b, CXCursor c, bool want)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor in;
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
	case CXCursor_ConditionalOperator:
		return lower_conditional(b, c, want);
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
			ol_expr *e = lower_expr(b, in, want);
			// A null pointer constant: 0 converted to a pointer.
			if (e && e->kind == OL_E_INT && e->ival == 0 &&
			    clang_getCanonicalType(clang_getCursorType(c))
					    .kind == CXType_Pointer) {
				ol_expr *n = mk(b, OL_E_NULL, c);
				n->loc = e->loc;
				return n;
			}
			return e;
		}
		if (k == CXCursor_UnexposedExpr) {
			cursor_vec kids = {0};
			ol_expr *e = NULL;
			expr_children(c, &kids);
			if (is_binary_conditional(c, &kids))
				e = lower_binary_conditional(b, c, &kids);
			OL_VEC_FREE(&kids);
			if (e)
				return e;
		}
		return lower_unknown(b, c, NULL);
	default:
		return lower_unknown(b, c, NULL);
	}
}

// Lowers expression `c`; `want` is false when only its effects matter
// (expression statements). Returns NULL for a value-less expression in
// effect context; otherwise never NULL.
static ol_expr *lower_expr(builder *b, CXCursor c, bool want)
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

/* ---- conditions ------------------------------------------------------- */

// Lowers `c` as a condition: true -> `t`, false -> `f`. `&&`, `||`, `!`,
// `?:` and the comma operator become chains of branches.
static void lower_cond(builder *b, CXCursor c, ol_block *t, ol_block *f,
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
	ol_expr *e = lower_expr(b, s, true);
	if (e->kind == OL_E_INT && !b->nr_pending)
		jump(b, e->ival ? t : f, NULL, e->loc);
	else if (e->kind == OL_E_NULL && !b->nr_pending)
		jump(b, f, NULL, e->loc);
	else
		branch(b, e, t, f, e->loc, why);
done:
	OL_VEC_FREE(&kids);
	b->depth--;
}

/* ---- statements ------------------------------------------------------- */

static NOINLINE void lower_var_decl(builder *b, CXCursor d)
{
	ol_var *v = var_of(b, d);
	if (v->kind != OL_VAR_LOCAL)
		return; // static locals are initialised once; externs elsewhere
	CXCursor init = clang_Cursor_getVarDeclInitializer(d);
	ol_loc loc = loc_of(b, d);
	if (clang_Cursor_isNull(init) ||
	    clang_getCursorKind(init) == CXCursor_InvalidFile) {
		ol_op op = {.kind = OL_OPK_DECL, .loc = loc, .var = v};
		emit_op(b, op);
		return;
	}
	emit_assign(b, v, lower_expr(b, init, true), loc);
	flush_noreturn(b);
}

static NOINLINE void lower_decl_stmt(builder *b, CXCursor s)
{
	cursor_vec kids = {0};
	children(s, &kids);
	for (size_t i = 0; i < kids.len; i++)
		if (clang_getCursorKind(kids.items[i]) == CXCursor_VarDecl)
			lower_var_decl(b, kids.items[i]);
	OL_VEC_FREE(&kids);
}

// Lowers the leading children of if/while/switch that are not the
// condition (C++ init statements and condition variables).
static NOINLINE void lower_prefix(builder *b, CXCursor *ks, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_VarDecl)
			lower_var_decl(b, ks[i]);
		else if (clang_isStatement(k) || clang_isExpression(k))
			lower_stmt(b, ks[i]);
	}
}

static NOINLINE void lower_if(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	ol_block *join = NULL; // created after the first arms: dump order
	// `else if` chains are walked in this loop, not by recursion.
	for (;;) {
		children(s, &k);
		size_t p = 0;
		while (p < k.len &&
		       !clang_isExpression(clang_getCursorKind(k.items[p])))
			p++;
		if (k.len - p < 2) { // broken code: no condition or body
			lower_prefix(b, k.items, k.len);
			break;
		}
		lower_prefix(b, k.items, p);
		CXCursor cond = k.items[p], then = k.items[p + 1];
		bool has_else = k.len - p >= 3;
		CXCursor els = has_else ? k.items[p + 2] : then;
		ol_block *tb = new_block(b);
		ol_block *fb = has_else ? new_block(b) : NULL;
		if (!join)
			join = new_block(b);
		if (!fb)
			fb = join;
		lower_cond(b, cond, tb, fb, "if");
		start(b, tb);
		lower_stmt(b, then);
		jump(b, join, NULL, loc_of(b, then));
		if (!has_else)
			break;
		start(b, fb);
		if (clang_getCursorKind(els) == CXCursor_IfStmt &&
		    b->depth < MAX_DEPTH) {
			s = els;
			continue;
		}
		lower_stmt(b, els);
		break;
	}
	OL_VEC_FREE(&k);
	if (join)
		start(b, join);
}

static void push_jump(builder *b, ol_block *brk, ol_block *cont)
{
	jump_ctx j = {brk, cont};
	OL_VEC_PUSH(&b->jumps, j);
}

static NOINLINE void lower_while(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len < 2) {
		lower_prefix(b, k.items, k.len);
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor cond = k.items[k.len - 2], body = k.items[k.len - 1];
	ol_block *head = new_block(b), *bb = new_block(b),
		 *exit = new_block(b);
	start(b, head);
	lower_prefix(b, k.items, k.len - 2);
	OL_VEC_FREE(&k);
	lower_cond(b, cond, bb, exit, "while");
	push_jump(b, exit, head);
	start(b, bb);
	lower_stmt(b, body);
	jump(b, head, NULL, loc_of(b, s));
	b->jumps.len--;
	start(b, exit);
}

static NOINLINE void lower_do(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len != 2) {
		lower_prefix(b, k.items, k.len);
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor body = k.items[0], cond = k.items[1];
	OL_VEC_FREE(&k);
	ol_block *bb = new_block(b), *cb = new_block(b), *exit = new_block(b);
	start(b, bb);
	push_jump(b, exit, cb);
	lower_stmt(b, body);
	b->jumps.len--;
	start(b, cb);
	lower_cond(b, cond, bb, exit, "do-while");
	start(b, exit);
}

// Is `c` (stripped) an expression that only makes sense as the third part
// of a `for`: ++, --, compound assignment?
static bool looks_like_inc(CXCursor c)
{
	c = strip(c);
	enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
	return u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
	       u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec ||
	       clang_getCursorKind(c) == CXCursor_CompoundAssignOperator;
}

static bool looks_like_init(CXCursor c)
{
	c = strip(c);
	return clang_getCursorKind(c) == CXCursor_DeclStmt ||
	       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
}

static bool same_spot(CXSourceLocation l)
{
	CXFile ef, sf;
	unsigned eo, so;
	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
	return ef && sf && clang_File_isEqual(ef, sf) && eo == so;
}

// Sorts the `np` clause children of a ForStmt into init/cond/inc (absent
// clauses are not visited by libclang). Uses the `;` tokens when the
// `for` is written in the file; inside a macro, guesses from their shape.
static void for_parts(builder *b, CXCursor s, CXCursor body, CXCursor *ks,
		      size_t np, CXCursor *part[3])
{
	if (np == 3) {
		part[0] = &ks[0], part[1] = &ks[1], part[2] = &ks[2];
		return;
	}
	if (np == 0)
		return;
	CXSourceLocation from = clang_getRangeStart(clang_getCursorExtent(s));
	CXSourceLocation to = clang_getRangeStart(clang_getCursorExtent(body));
	if (same_spot(from) && same_spot(to)) {
		CXToken *toks = NULL;
		unsigned n = 0, depth = 0, semi[2] = {~0u, ~0u}, ns = 0;
		clang_tokenize(b->tu, clang_getRange(from, to), &toks, &n);
		for (unsigned i = 0; i < n && ns < 2; i++) {
			if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
				continue;
			CXString sp = clang_getTokenSpelling(b->tu, toks[i]);
			const char *p = clang_getCString(sp);
			if (strchr("([{", p[0]) && p[1] == 0)
				depth++;
			else if (strchr(")]}", p[0]) && p[1] == 0 && depth)
				depth--;
			else if (p[0] == ';' && depth == 1) {
				unsigned off;
				clang_getExpansionLocation(
					clang_getTokenLocation(b->tu, toks[i]),
					NULL, NULL, NULL, &off);
				semi[ns++] = off;
			}
			clang_disposeString(sp);
		}
		if (toks)
			clang_disposeTokens(b->tu, toks, n);
		if (ns == 2) {
			for (size_t i = 0; i < np; i++) {
				unsigned off;
				clang_getExpansionLocation(
					clang_getRangeStart(
						clang_getCursorExtent(ks[i])),
					NULL, NULL, NULL, &off);
				int which = off < semi[0] ? 0 :
					    off < semi[1] ? 1 : 2;
				part[which] = &ks[i];
			}
			return;
		}
	}
	// Guess: the first clause is init if it looks like one, the last
	// is inc if it looks like one, the rest is cond.
	size_t i = 0;
	if (looks_like_init(ks[0]) && (np == 2 || !looks_like_inc(ks[0])))
		part[0] = &ks[i++];
	if (i < np && looks_like_inc(ks[np - 1]) && (np - i == 2 || np == 1))
		part[2] = &ks[np - 1], np--;
	if (i < np)
		part[1] = &ks[i++];
	if (i < np)
		part[2] = &ks[i];
}

static NOINLINE void lower_for(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len == 0) {
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor body = k.items[k.len - 1];
	CXCursor *part[3] = {NULL, NULL, NULL};
	for_parts(b, s, body, k.items, k.len - 1, part);
	if (part[0])
		lower_stmt(b, *part[0]);
	ol_block *head = new_block(b), *bb = new_block(b);
	ol_block *step = part[2] ? new_block(b) : head;
	ol_block *exit = new_block(b);
	start(b, head);
	if (part[1])
		lower_cond(b, *part[1], bb, exit, "for");
	push_jump(b, exit, step);
	start(b, bb);
	lower_stmt(b, body);
	b->jumps.len--;
	if (part[2]) {
		start(b, step);
		emit_eval(b, lower_expr(b, *part[2], false));
		flush_noreturn(b);
	}
	jump(b, head, NULL, loc_of(b, s));
	OL_VEC_FREE(&k);
	start(b, exit);
}

static NOINLINE void lower_switch(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len < 2) {
		lower_prefix(b, k.items, k.len);
		OL_VEC_FREE(&k);
		return;
	}
	CXCursor cond = k.items[k.len - 2], body = k.items[k.len - 1];
	lower_prefix(b, k.items, k.len - 2);
	OL_VEC_FREE(&k);
	ol_expr *c = lower_expr(b, cond, true);
	ol_block *exit = new_block(b);
	switch_ctx sc = {0};
	sc.sw = seal(b, OL_TERM_SWITCH, c, c->loc, "switch");
	OL_VEC_PUSH(&b->switches, sc);
	push_jump(b, exit, NULL);
	lower_stmt(b, body); // starts unreachable: code before any `case`
	jump(b, exit, NULL, loc_of(b, s));
	b->jumps.len--;
	sc = b->switches.items[--b->switches.len];
	if (sc.sw->term == OL_TERM_SWITCH) {
		sc.sw->ncases = (unsigned)sc.cases.len;
		sc.sw->cases = ol_arena_memdup(b->a, sc.cases.items,
					       sc.cases.len * sizeof(ol_case));
		sc.sw->default_succ = sc.def ? sc.def : exit;
	}
	OL_VEC_FREE(&sc.cases);
	start(b, exit);
}

// `case`/`default` labels; a run of them (`case 1: case 2: stmt`) is
// handled in this loop. Outside a switch (broken code) they are ignored.
static NOINLINE void lower_case(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	for (;;) {
		enum CXCursorKind kind = clang_getCursorKind(s);
		if (kind != CXCursor_CaseStmt && kind != CXCursor_DefaultStmt)
			break;
		children(s, &k);
		if (k.len == 0)
			goto out;
		CXCursor sub = k.items[k.len - 1];
		if (b->switches.len) {
			switch_ctx *sc = &b->switches.items[b->switches.len - 1];
			ol_block *blk = new_block(b);
			start(b, blk);
			if (kind == CXCursor_DefaultStmt) {
				sc->def = blk;
			} else if (k.len >= 2) {
				ol_case cs = {0, 0, blk};
				if (!eval_int(k.items[0], &cs.lo))
					note(b, "case value not constant");
				cs.hi = cs.lo;
				if (k.len >= 3 &&
				    !eval_int(k.items[1], &cs.hi))
					cs.hi = cs.lo;
				OL_VEC_PUSH(&sc->cases, cs);
			}
		}
		s = sub;
	}
	lower_stmt(b, s);
out:
	OL_VEC_FREE(&k);
}

static ol_block *label_block(builder *b, CXCursor lab)
{
	ol_block *blk = cmap_get(&b->label_map, lab);
	if (!blk) {
		blk = new_block(b);
		cmap_put(&b->label_map, lab, blk);
	}
	return blk;
}

static NOINLINE void lower_label(builder *b, CXCursor s)
{
	ol_block *blk = label_block(b, s);
	blk->label = intern_cx(b, clang_getCursorSpelling(s));
	start(b, blk);
	cursor_vec k = {0};
	children(s, &k);
	if (k.len)
		lower_stmt(b, k.items[k.len - 1]);
	OL_VEC_FREE(&k);
}

static NOINLINE void lower_goto(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	CXCursor lab = clang_getNullCursor();
	if (k.len)
		lab = clang_getCursorReferenced(k.items[0]);
	OL_VEC_FREE(&k);
	if (clang_Cursor_isNull(lab) ||
	    clang_getCursorKind(lab) != CXCursor_LabelStmt) {
		note(b, "goto to an unknown label ends the path");
		seal(b, OL_TERM_NORETURN, NULL, loc_of(b, s), "goto");
		return;
	}
	jump(b, label_block(b, lab), "goto", loc_of(b, s));
	b->cur = NULL;
}

static NOINLINE void lower_return(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	expr_children(s, &k);
	ol_expr *v = k.len ? lower_expr(b, k.items[0], true) : NULL;
	OL_VEC_FREE(&k);
	seal(b, OL_TERM_RETURN, v, loc_of(b, s), NULL);
}

// Anything else: statement children run in order, expression children for
// their effects. Exact for attributed statements, approximate for C++.
static void note_approx(builder *b, CXCursor s, enum CXCursorKind k)
{
	CXString ks = clang_getCursorKindSpelling(k);
	ol_loc l = loc_of(b, s);
	note(b, "line %u: statement '%s' lowered approximately", l.line,
	     clang_getCString(ks));
	clang_disposeString(ks);
}

static NOINLINE void lower_other(builder *b, CXCursor s, enum CXCursorKind k)
{
	cursor_vec kids = {0};
	if (k != CXCursor_UnexposedStmt)
		note_approx(b, s, k);
	children(s, &kids);
	for (size_t i = 0; i < kids.len; i++) {
		enum CXCursorKind ck = clang_getCursorKind(kids.items[i]);
		if (ck == CXCursor_VarDecl)
			lower_var_decl(b, kids.items[i]);
		else if (clang_isStatement(ck) || clang_isExpression(ck))
			lower_stmt(b, kids.items[i]);
	}
	OL_VEC_FREE(&kids);
}

static ol_expr *unknown_cond(builder *b, CXCursor s, const char *text)
{
	ol_expr *u = mk(b, OL_E_UNKNOWN, s);
	u->text = text;
	return u;
}

// C++ `for (x : range) body`: a loop on an unknown condition.
static NOINLINE void lower_range_for(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	if (k.len == 0)
		goto out;
	ol_block *head = new_block(b), *bb = new_block(b), *exit = new_block(b);
	start(b, head);
	branch(b, unknown_cond(b, s, "range-for"), bb, exit, loc_of(b, s),
	       "for");
	start(b, bb);
	lower_prefix(b, k.items, k.len - 1);
	push_jump(b, exit, head);
	lower_stmt(b, k.items[k.len - 1]);
	b->jumps.len--;
	jump(b, head, NULL, loc_of(b, s));
	start(b, exit);
out:
	OL_VEC_FREE(&k);
}

// C++ `try { } catch`: each handler may be entered instead of the body
// (an approximation: exceptions are not modelled).
static NOINLINE void lower_try(builder *b, CXCursor s)
{
	cursor_vec k = {0};
	children(s, &k);
	ol_block *join = new_block(b);
	ol_block **hs = ol_xcalloc(k.len ? k.len : 1, sizeof(*hs));
	for (size_t i = 1; i < k.len; i++) {
		ol_block *next = new_block(b);
		hs[i] = new_block(b);
		branch(b, unknown_cond(b, k.items[i], "catch"), next, hs[i],
		       loc_of(b, k.items[i]), "catch");
		start(b, next);
	}
	if (k.len)
		lower_stmt(b, k.items[0]);
	jump(b, join, NULL, loc_of(b, s));
	for (size_t i = 1; i < k.len; i++) {
		cursor_vec h = {0};
		start(b, hs[i]);
		children(k.items[i], &h);
		lower_prefix(b, h.items, h.len);
		OL_VEC_FREE(&h);
		jump(b, join, NULL, loc_of(b, s));
	}
	free(hs);
	OL_VEC_FREE(&k);
	start(b, join);
}

static void lower_stmt_kind(builder *b, CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	cursor_vec kids = {0};
	switch (k) {
	case CXCursor_CompoundStmt:
		children(s, &kids);
		for (size_t i = 0; i < kids.len && !b->err; i++)
			lower_stmt(b, kids.items[i]);
		break;
	case CXCursor_DeclStmt:
		lower_decl_stmt(b, s);
		break;
	case CXCursor_IfStmt:
		lower_if(b, s);
		break;
	case CXCursor_WhileStmt:
		lower_while(b, s);
		break;
	case CXCursor_DoStmt:
		lower_do(b, s);
		break;
	case CXCursor_ForStmt:
		lower_for(b, s);
		break;
	case CXCursor_SwitchStmt:
		lower_switch(b, s);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		lower_case(b, s);
		break;
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt: {
		bool brk = k == CXCursor_BreakStmt;
		for (size_t i = b->jumps.len; i-- > 0;) {
			jump_ctx *j = &b->jumps.items[i];
			ol_block *to = brk ? j->brk : j->cont;
			if (!to)
				continue;
			jump(b, to, brk ? "break" : "continue", loc_of(b, s));
			break;
		}
		b->cur = NULL;
		break;
	}
	case CXCursor_LabelStmt:
		lower_label(b, s);
		break;
	case CXCursor_GotoStmt:
		lower_goto(b, s);
		break;
	case CXCursor_IndirectGotoStmt: {
		expr_children(s, &kids);
		ol_expr *e = kids.len ? lower_expr(b, kids.items[0], true) :
					NULL;
		ol_block *blk = seal(b, OL_TERM_GOTO, e, loc_of(b, s),
				     "goto *");
		if (blk->term == OL_TERM_GOTO)
			OL_VEC_PUSH(&b->indirect, blk);
		break;
	}
	case CXCursor_ReturnStmt:
		lower_return(b, s);
		break;
	case CXCursor_NullStmt:
		break;
	case CXCursor_CXXForRangeStmt:
		lower_range_for(b, s);
		break;
	case CXCursor_CXXTryStmt:
		note_approx(b, s, k);
		lower_try(b, s);
		break;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		emit_eval(b, lower_unknown(b, s, "asm"));
		break;
	default:
		if (clang_isExpression(k)) {
			emit_eval(b, lower_expr(b, s, false));
			break;
		}
		if (k == CXCursor_VarDecl) {
			lower_var_decl(b, s);
			break;
		}
		if (clang_isDeclaration(k) || clang_isInvalid(k))
			break;
		lower_other(b, s, k);
		break;
	}
	OL_VEC_FREE(&kids);
}

static void lower_stmt(builder *b, CXCursor s)
{
	if (b->err)
		return;
	if (++b->depth > MAX_DEPTH) {
		fail(b, OL_EPARSE, loc_of(b, s), "statement nested too deeply");
	} else {
		lower_stmt_kind(b, s);
		flush_noreturn(b);
	}
	b->depth--;
}

/* ---- finishing -------------------------------------------------------- */

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
	OL_VEC_FREE(&b->switches);
	OL_VEC_FREE(&b->addr_labels);
	OL_VEC_FREE(&b->indirect);
	OL_VEC_FREE(&b->notes);
	OL_VEC_FREE(&b->files);
	free(b->var_map.tab);
	free(b->label_map.tab);
	free(b->noreturn_map.tab);
	free(b->strs.tab);
}

static CXCursor find_body(CXCursor fn)
{
	cursor_vec k = {0};
	CXCursor body = clang_getNullCursor();
	children(fn, &k);
	for (size_t i = k.len; i-- > 0;)
		if (clang_getCursorKind(k.items[i]) == CXCursor_CompoundStmt) {
			body = k.items[i];
			break;
		}
	OL_VEC_FREE(&k);
	return body;
}

int ol_cfg_build(ol_func **out, ol_arena *a, CXCursor cursor)
{
	builder b = {0};
	int error = 0;
	OL_ASSERT(out && a);
	*out = NULL;
	b.a = a;
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
	     k != CXCursor_ConversionFunction)) {
		error = ol_error_set(OL_EPARSE,
				     "%s:%u:%u: not a function definition",
				     floc.file ? floc.file : "?", floc.line,
				     floc.col);
		goto cleanup;
	}

	ol_func *fn = OL_NEW(a, ol_func);
	b.fn = fn;
	fn->name = intern_cx(&b, clang_getCursorSpelling(cursor));
	fn->loc = floc;
	CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(body));
	fn->end_loc = loc_conv(a, &b, end);
	if (fn->end_loc.col > 1)
		fn->end_loc.col--; // the range ends just past the `}`
	CXType ft = clang_getCursorType(cursor);
	fn->ret = type_conv(&b, clang_getResultType(ft));
	fn->is_static = clang_Cursor_getStorageClass(cursor) == CX_SC_Static;
	fn->is_variadic = clang_Cursor_isVariadic(cursor) != 0;
	fn->attrs = ownership_attrs(&b, cursor);

	int np = clang_Cursor_getNumArguments(cursor);
	for (int i = 0; i < np; i++) {
		CXCursor p = clang_Cursor_getArgument(cursor, (unsigned)i);
		ol_var *v = add_var(&b, OL_VAR_PARAM,
			intern_cx(&b, clang_getCursorSpelling(p)),
			type_conv(&b, clang_getCursorType(p)), loc_of(&b, p));
		v->param_index = (unsigned)i;
		cmap_put(&b.var_map, clang_getCanonicalCursor(p), v);
		fn->nparams++;
	}

	b.body = body;
	b.cur = new_block(&b); // entry: block 0
	lower_stmt(&b, body);
	if (b.err) {
		error = b.err;
		goto cleanup;
	}
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
