/*
 * build_int.h — the builder shared by the files that lower one libclang
 * function into the IR of cfg.h. Private to cfg/.
 *
 *   build.c   the builder: blocks, variables, locations, types, small
 *             expression constructors, and the final pass (ol_cfg_build)
 *   expr.c    expressions and conditions (`&&`, `||`, `?:` become blocks)
 *   stmt.c    C statements: if, loops, switch, labels, goto, return
 *   cxx.c     C++ statements: range-for, try/catch
 *
 * Recursion follows the nesting of the source: lower_stmt() and
 * lower_expr() count depth against MAX_DEPTH.
 */
#ifndef OL_CFG_BUILD_INT_H
#define OL_CFG_BUILD_INT_H

#include "build.h"

#include "../base/vec.h"

#include <stdint.h>

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
	// lower_cond: the as-written text of the leaf being lowered, and
	// whether it is the leaf's negation (cfg.h ol_block.cond_src).
	const char *cond_src;
	bool cond_src_not;
	bool cond_src_off; // the statement comes from a macro's body
	int err; // first error, 0 when none
	// A noreturn call was lowered and its path has not ended yet.
	bool nr_pending;
	ol_loc nr_loc;
} builder;

/* build.c */

void children(CXCursor c, cursor_vec *out);
void expr_children(CXCursor c, cursor_vec *out);
const char *intern(builder *b, const char *s);
const char *intern_cx(builder *b, CXString s);
void *cmap_get(cmap *m, CXCursor key);
void cmap_put(cmap *m, CXCursor key, void *val);
void note(builder *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fail(builder *b, int code, ol_loc l, const char *what);
ol_loc loc_of(builder *b, CXCursor c);
// The text of `c` as written (macros unexpanded), interned; NULL when it
// cannot be read from one file or is long (cfg/srctext.c).
const char *src_text(builder *b, CXCursor c);
// The condition of the statement or operator `owner` that a macro's body
// writes, rebuilt from the definition of the macro called there with its
// arguments as written; NULL when there is no single such condition.
const char *macro_cond_text(builder *b, CXCursor owner);
bool same_spot(CXSourceLocation l);
ol_type type_conv(builder *b, CXType t);
ol_block *new_block(builder *b);
ol_block *cur(builder *b);
void emit_op(builder *b, ol_op op);
bool has_effects(const ol_expr *e);
void emit_eval(builder *b, ol_expr *e);
ol_block *seal(builder *b, ol_term_kind kind, ol_expr *cond, ol_loc loc, const char *why);
void jump(builder *b, ol_block *to, const char *why, ol_loc loc);
void start(builder *b, ol_block *blk);
void branch(builder *b, ol_expr *cond, ol_block *t, ol_block *f, ol_loc loc, const char *why);
void flush_noreturn(builder *b);
ol_var *new_temp(builder *b, ol_type ty, ol_loc loc);
ol_var *var_of(builder *b, CXCursor d);
ol_expr *mk(builder *b, ol_expr_kind kind, CXCursor c);
ol_expr *var_expr(builder *b, ol_var *v, ol_loc loc);
ol_expr *int_expr(builder *b, long long v, ol_loc loc);
ol_expr *assign_expr(builder *b, ol_expr *lhs, ol_expr *rhs, ol_loc loc);
void emit_assign(builder *b, ol_var *v, ol_expr *rhs, ol_loc loc);

/* expr.c */

bool eval_int(CXCursor c, long long *out);
CXCursor strip(CXCursor c);
const char *ownership_attrs(builder *b, CXCursor d);
ol_expr *lower_unknown(builder *b, CXCursor c, const char *text);
ol_expr *lower_expr(builder *b, CXCursor c, bool want);
void lower_cond(builder *b, CXCursor c, ol_block *t, ol_block *f, const char *why);
// lower_cond() for the condition `c` of the statement or operator `owner`
// (its location says whether the user wrote the condition there).
void lower_cond_of(builder *b, CXCursor owner, CXCursor c, ol_block *t,
		   ol_block *f, const char *why);

/* stmt.c */

void lower_prefix(builder *b, CXCursor *ks, size_t n);
void push_jump(builder *b, ol_block *brk, ol_block *cont);
void lower_stmt(builder *b, CXCursor s);

/* cxx.c */

void note_approx(builder *b, CXCursor s, enum CXCursorKind k);
void lower_range_for(builder *b, CXCursor s);
void lower_try(builder *b, CXCursor s);

#endif
