/*
 * build_int.h — the builder shared by the files that lower one libclang
 * function into the IR of cfg.h. Private to cfg/.
 *
 *   build.c   the builder: blocks, variables, locations, types, small
 *             expression constructors, and the final pass (ol_cfg_build)
 *   expr.c    expressions and conditions (`&&`, `||`, `?:` become blocks)
 *   calleedecl.c  what a called function's declaration says (noreturn,
 *             ownership attributes, `void *` and destroy parameters)
 *   stmt.c    C statements: if, loops, switch, labels, goto, return
 *   cxx.c     C++ statements: range-for, try/catch
 *
 * Recursion follows the nesting of the source: lower_stmt() and
 * lower_expr() count depth against MAX_DEPTH.
 */
#ifndef OL_CFG_BUILD_INT_H
#define OL_CFG_BUILD_INT_H

#include "build.h"

#include "../base/strmap.h"
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

// What a translation unit's lowerings share (cxx.c, cxx_exc.c).
struct ol_cfg_cache {
	cmap throws; // function definition -> (void *)1 can throw, 2 not,
		     // 3 always throws (cxx_exc.c)
	cmap checks; // function definition -> (void *)1 a throwing check,
		     // 2 not (cxx_is_throwing_check)
	cmap cls;    // class definition -> cls_model (in the TU's arena)
	cmap noreturn; // function or class declaration -> (void *)1 never
		       // returns, 2 returns (calleedecl.c; no builder's own map)
	int bad_alloc_caught; // 0 not scanned yet, 1 yes, 2 no (cxx_exc.c)
	// Cleanup functions by name (cleanup.c; names interned in the
	// unit's arena): the index of the definition in cleanup_defs (a
	// null cursor: none in the unit).
	ol_strmap cleanup_fns;
	cursor_vec cleanup_defs;
};

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
	size_t objs;    // (C++) live objects when the loop was entered
} jump_ctx;

/* ---- C++ (cxx.c) ---------------------------------------------------- */

// How a class's objects are modelled (cxx.c, "class models").
typedef enum cls_kind {
	CLS_NONE,  // not followed: constructor arguments escape
	CLS_LIB,   // a library owner described by the rules (`"cxx"` keys):
		   // the object is its handle (one pointer variable)
	CLS_GUARD, // a class of this file with a visible destructor and
		   // scalar fields: each field is a variable of its own
		   // ("g.p"), and its members are inlined
	CLS_SCOPE_EXIT, // a local running a lambda when it dies
			// (cxx_scope.c)
	CLS_CLEANUP, // a variable declared `__attribute__((cleanup(fn)))`
		     // (cleanup.c)
} cls_kind;

typedef struct cls_model {
	cls_kind kind;
	CXCursor decl;        // the class definition
	const char *name;     // qualified, template arguments dropped
	// CLS_LIB: the class the rules describe (a base of `name`), what
	// destroys the handle ("Py_XDECREF", "$deleter": unique_ptr's
	// deleter, NULL: nothing, "$escape": handed to code we do not
	// follow) and what copies it ("Py_XNewRef", NULL: an alias).
	const char *lib;
	const char *destroy;
	const char *copy;
	ol_type handle;
	// CLS_GUARD: the destructor's definition; the name of its one
	// pointer field, or NULL (then `handle` is that field's type).
	CXCursor dtor;
	const char *hfield;
	// A class template's specialization (`holder<PyObject *, Py_DecRef>`)
	// modelled by its pattern: the specialization, whose arguments the
	// pattern's members are lowered with (cxx_template_arg); else null.
	CXCursor spec;
} cls_model;

// A local object (or full-expression temporary) whose destructor runs at
// scope exit.
typedef struct live_obj {
	ol_var *var;
	const cls_model *m;
	const char *deleter; // unique_ptr with a function-pointer deleter;
			     // CLS_CLEANUP: a cleanup of the rules, no body
	CXCursor lambda;     // CLS_SCOPE_EXIT: what its destruction runs;
			     // CLS_CLEANUP: the cleanup's definition, or null
} live_obj;

// An enclosing `try`: where a throw inside its body goes.
typedef struct try_ctx {
	ol_block *dispatch;
	size_t objs; // live objects when the try body was entered
} try_ctx;

// A function body inlined at its call (a guard's members, a lambda
// called directly, a deleter).
typedef struct inline_ctx {
	CXCursor fn;     // the inlined definition (recursion guard)
	ol_var *self;    // the object `this` stands for, or NULL
	ol_var *ret;     // receives the returned value, or NULL
	ol_block *exit;
	size_t objs, jumps; // depths at entry
	ol_loc site;     // ops of the inlined body are placed here
	// The class template specialization `self` is an object of (its
	// template arguments bind the pattern's parameters), or null.
	CXCursor cls;
} inline_ctx;

// An open scope: the objects declared in it are those above `objs`;
// [begin, end) is its extent in the file (all of it when unknown), read
// from `stmt` when a `goto` first asks (located).
typedef struct scope_ent {
	size_t objs;
	unsigned begin, end;
	CXCursor stmt;
	bool located;
} scope_ent;

// A statement's temporaries (temps_begin/temps_end).
typedef struct temps_tok {
	size_t mark;
	bool ok;
} temps_tok;

// A field of a CLS_GUARD object, as a variable of its own.
typedef struct field_var {
	ol_var *obj;
	const char *field;
	ol_var *v;
} field_var;

typedef struct switch_ctx {
	ol_block *sw; // block ending in the switch terminator
	ol_block *def;
	OL_VEC(ol_case) cases;
} switch_ctx;

typedef struct file_name {
	CXFile file;
	const char *name; // interned in the arena
} file_name;

// A location converted before (loc_conv()): libclang's raw location, and
// what it became. The expressions of a macro's expansion, and the cursors
// a statement's lowering visits more than once, ask for the same ones.
#define LOC_CACHE_SIZE 256
typedef struct loc_memo {
	const void *p0, *p1;
	unsigned raw;
	bool used;
	ol_loc loc;
} loc_memo;

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
	cursor_vec for_conds; // the conditions of the `for`s being lowered
	OL_VEC(switch_ctx) switches;
	OL_VEC(ol_block *) addr_labels;  // labels whose address is taken
	OL_VEC(ol_block *) indirect;     // blocks ending in `goto *p`
	OL_VEC(const char *) notes;
	OL_VEC(file_name) files;
	loc_memo *locs; // LOC_CACHE_SIZE entries, by raw location; NULL: none
	struct {
		const char **tab; // owned (malloc); strings interned in arena
		size_t cap, len;
	} strs;
	// type_conv()'s results by canonical type (open addressing, grown at
	// half full): a function names the same few types thousands of times.
	struct {
		struct type_memo {
			CXType ct;
			ol_type t;
			bool used;
		} *tab; // owned (malloc)
		size_t cap, len;
	} types;
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
	bool nr_throw; // (C++) ... and it throws: the path unwinds
	ol_loc nr_loc;
	// C++ (cxx.c). `cxx` is set for C++ translation units.
	bool cxx;
	const ol_cfg_opts *opts; // never NULL
	CXCursor fn_cursor;      // the function being lowered
	ol_var *this_var;        // a method's `this` parameter
	cmap cls_map;            // class decl -> cls_model
	OL_VEC(live_obj) objs;   // live objects, innermost last
	OL_VEC(live_obj) temps;  // full-expression temporaries
	bool temps_ok;           // the statement destroys its temporaries
	OL_VEC(try_ctx) tries;
	unsigned handlers; // catch handlers being lowered around the code
	unsigned base_chain; // single bases being modelled (cxx_model.c)
	OL_VEC(inline_ctx) inl;
	OL_VEC(field_var) fvars;
	OL_VEC(scope_ent) scopes; // open scopes, innermost last
	size_t nops;             // ops emitted so far (the inlining budget)
	bool inline_capped;      // ... and it was reached (noted once)
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
// Drops the file names the thread's TU gave (build.c); part of
// ol_cfg_forget_tu().
void forget_file_names(void);
// The name of a call through NumPy's C-API tables (`(*(T)PyArray_API[93])`
// is PyArray_New), read from NumPy's installed header, or NULL
// (npyapi.c); forget_numpy_api() drops the TU's tables.
const char *numpy_api_name(builder *b, CXCursor callee);
void forget_numpy_api(void);
ol_loc loc_of(builder *b, CXCursor c);
// The text of `c` as written (macros unexpanded), interned; NULL when it
// cannot be read from one file or is long (cfg/srctext.c).
const char *src_text(builder *b, CXCursor c);
// The condition of the statement or operator `owner` that a macro's body
// writes, rebuilt from the definition of the macro called there with its
// arguments as written; NULL when there is no single such condition.
const char *macro_cond_text(builder *b, CXCursor owner);
// `cleanup ( NAME )` or `__cleanup__ ( NAME )` at offset `at` of the
// text [t, t + n): NAME's span [*nb, *ne), else false.
bool cleanup_call_at(const char *t, size_t n, size_t at, size_t *nb,
		     size_t *ne);
// The function variable `var`'s `__attribute__((cleanup(fn)))` (cursor
// `attr`) names, as written or behind the macros the declaration uses:
// the first name `is_function` accepts; NULL when none.
const char *cleanup_function_name(builder *b, CXCursor var, CXCursor attr,
				  bool (*is_function)(builder *,
						      const char *));
bool same_spot(CXSourceLocation l);
ol_type type_conv(builder *b, CXType t);
// A function type's signature in coarse classes (ol_func.sig), or NULL.
const char *func_sig(builder *b, CXType fn_type);
const char *func_overload(builder *b, CXCursor fdecl);
// The values a narrow integer type holds (typerange.c): `ct` canonical;
// a bit-field's width (`member` a member reference); a conversion to `to`.
void type_range(CXType ct, ol_type *r);
void bitfield_range(CXCursor member, ol_type *t);
void conversion_range(CXType to, CXType from, ol_type *t);
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

ol_expr *lower_call_expr(builder *b, CXCursor c);
bool eval_int(CXCursor c, long long *out);
CXCursor strip(CXCursor c);
CXCursor call_callee(CXCursor c, const cursor_vec *kids);

/* calleedecl.c: what a called function's declaration says */

const char *ownership_attrs(builder *b, CXCursor d);
// The destructor of class `t` never returns (declared noreturn, or a body
// of this file that never returns).
bool dtor_is_noreturn(builder *b, CXType t);
bool method_is_noreturn(builder *b, CXCursor fdecl);
// Function declaration `d` (named `name`) never returns.
bool decl_is_noreturn(builder *b, CXCursor d, const char *name);
// A function of the file left out for the errors in its body.
bool skipped_fn(const builder *b, CXCursor fdecl);
// (C++) `fdecl` specializes a template whose result type is written with
// its parameters.
bool generic_result(CXCursor fdecl);
// Bit i set when parameter i of `d` is `void *`.
unsigned void_params_of(CXCursor d);
// 1 + the destroy function parameter of `d` paired with a `void *` one
// (`*data`: 1 + that one), or 0 (ol_expr.destroy_param).
unsigned char destroy_param_of(CXCursor d, unsigned void_params,
			       unsigned char *data, bool *ambiguous);
// How many `return`s and `goto`s statement `body` holds, its lambdas'
// aside.
unsigned returns_in(CXCursor body);
// The last statement of function definition `def`, when no `return` or
// `goto` leaves its body before, else a null cursor.
CXCursor last_stmt_of_returnless_body(CXCursor def);

// (doccontract.c) The ownership contract `d`'s documentation comment
// states, appended to `out` as attributes ("annotate(mojo::...)").
void doc_contract_attrs(CXCursor d, struct ol_strbuf *out);

/* expr.c (continued) */

ol_expr *lower_unknown(builder *b, CXCursor c, const char *text);
// The name a member reference is written with (its last token), or "".
const char *dependent_member_name(builder *b, CXCursor c);
void cxx_dependent_construction(ol_expr *e, CXType made);
// Where the definition of function `fdecl` names it (ol_expr.callee_def).
ol_loc callee_definition(builder *b, CXCursor fdecl);
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
// Scopes: objects declared since scope_open() are destroyed by
// scope_close() (normal exit); a jump out destroys down to a depth.
void scope_open(builder *b, CXCursor stmt); // null cursor: no extent
void scope_close(builder *b, ol_loc at);
void destroy_down_to(builder *b, size_t depth, ol_loc at);
// The statement's temporaries are destroyed after it (stmt.c).
temps_tok temps_begin(builder *b);
void temps_end(builder *b, temps_tok t, ol_loc at);
// After a call to `fdecl` (named `name`) was lowered (`call`, or NULL):
// its exceptional edge when it can throw.
void cxx_after_call(builder *b, CXCursor fdecl, const char *name, ol_loc at,
		    const ol_expr *call);
// A call whose rule says it throws when argument 0 is NULL: that edge,
// made before the call; true when `e` is one.
bool cxx_call_throws_if_null(builder *b, CXCursor call, ol_expr *e);
// The exceptional edge of a check that throws when `t` is NULL, at `at`;
// the path names it `thrower` (its text, or NULL: the test).
void cxx_throw_if_null(builder *b, ol_var *t, const char *thrower, ol_loc at);
// (C++) A call of a function of the file that throws exactly when an error
// is set (`if (!PyErr_Occurred()) return; .. throw ..;`): its exceptional
// edge, taken when PyErr_Occurred() says so before the call, is emitted;
// true when `e` is such a call.
bool cxx_call_throws_on_error(builder *b, CXCursor fdecl, const ol_expr *e);
// A call given an object to write (by non-const reference or address):
// a plain struct is passed as its address; with a guard object the call
// is made first, then its fields are forgotten. The call's value.
ol_expr *cxx_forget_written(builder *b, CXCursor call, unsigned first,
			    ol_expr *e);
// The function's parameters of owner classes passed by value: taken on
// entry, destroyed at every exit (cxx.c).
void cxx_own_value_params(builder *b, CXCursor *params, ol_var **vars,
			  size_t n);
// A local of class type: true when cxx.c lowered its construction.
bool cxx_var_decl(builder *b, ol_var *v, CXCursor d, CXCursor init);
// The type a variable of C++ class type stands for (a library owner's
// handle), applied to `v`.
void cxx_retype_var(builder *b, ol_var *v, CXType t);
void cxx_ref_to_pointer(builder *b, ol_var *v, CXType t);
bool cxx_pointer_ref(CXType t);
void cxx_params_of(CXCursor fn, cursor_vec *out);
void cxx_retype_result(builder *b, ol_var *v, CXType t);
// Class models and names (cxx_model.c).
extern const cls_model cxx_none_model;
bool cxx_is_class_kind(enum CXCursorKind k);
// The first child of class `decl` of kind `kind` (named `name`, or any).
CXCursor cxx_class_member(CXCursor decl, enum CXCursorKind kind,
			  const char *name);
// `reinterpret_cast<PyObject **>(&guard)` as the address of the guard's
// first field, its handle; NULL for any other cast.
ol_expr *cxx_guard_handle_address(builder *b, CXCursor cast, CXCursor in);
// The guard's destructor calls a function with its one pointer field.
bool cxx_guard_releases_handle(const cls_model *m);
// The constructors of class `decl` but its copies and moves.
void cxx_value_ctors(CXCursor decl, cursor_vec *out);
// The fields of the bases of class `cls` (theirs and their own bases')
// whose class declares a destructor, not defaulted, into `out`.
void cxx_destroyed_base_fields(CXCursor cls, cursor_vec *out);
// Is `fdecl`'s body in the file analysed (or a source file it includes)?
bool cxx_followed(CXCursor fdecl);
// Is `fdecl`'s body the project's own: followed, or in a header of the
// project (not a system header, not in a library's namespace)?
bool cxx_project_body(builder *b, CXCursor fdecl);
// The rules' entry `<cls>::<member>` for class `decl` or a base of it.
const struct ol_kb_entry *cxx_member_entry(builder *b, CXCursor decl,
					   const char *member,
					   const char **lib, int depth);
// The model of type `t` (references stripped); none for non-classes.
const cls_model *cxx_model_of(builder *b, CXType t);
// Expressions with a C++ meaning; NULL when `c` is none of them.
ol_expr *lower_cxx_expr(builder *b, CXCursor c, bool want);
// `return e` in C++: the value, destructors, inlined returns; true when
// handled.
bool cxx_return(builder *b, CXCursor s, CXCursor *val);
// A `throw` (or an exception out of a call): unwinds to the handler.
void cxx_unwind(builder *b, ol_loc at);
// `goto` out of scopes: destroys the objects of the scopes it leaves.
void cxx_goto(builder *b, CXCursor label, ol_loc at);
// `this` of a method (ol_cfg_build).
void cxx_add_this(builder *b, CXCursor fn);
// Shared by cxx.c and cxx_exc.c: the rules' entry for `name`, a cursor's
// qualified name, a function's definition, a live object's destructor, an
// unknown condition named `text`, and a type without its reference.
const struct ol_kb_entry *cxx_kb_get(builder *b, const char *name);
const char *cxx_qual_name(builder *b, CXCursor c, bool namespaces);
CXCursor cxx_body_of(CXCursor c);
CXCursor cxx_class_pattern(CXCursor decl);
CXCursor cxx_elide(CXCursor c);
// Inlines the body of `fn` at the current point with `this` standing for
// `self` (may be NULL), parameters bound to `args` (or to the guard
// objects `objs`), result of type `rt`; *ok false when it cannot be.
ol_expr *cxx_inline_rt(builder *b, CXCursor fn, ol_var *self,
		       ol_expr **args, ol_var **objs, unsigned nargs,
		       ol_loc site, bool relocate, bool *ok, CXType rt);
// The lambda a call operator is called on, or a null cursor.
CXCursor cxx_lambda_of(CXCursor obj);
// The variable of field `fname` (interned) of the object `obj`.
ol_var *cxx_field_var(builder *b, ol_var *obj, const char *fname,
		      ol_type type);
// `new T(args)`'s construction `c` of a class of model `m`: its
// constructor runs on an object no scope destroys, and what the object
// holds escapes (cxx_obj.c).
void cxx_construct_on_heap(builder *b, CXCursor c, const cls_model *m);
// Guard object `obj` has variables for its fields.
bool cxx_has_fields(const builder *b, const ol_var *obj);
// `value` goes where the analysis does not follow it.
void cxx_escape(builder *b, ol_loc loc, const char *what, ol_expr *value);
// ... when what goes is a handle that owns nothing: an owned value is no
// longer followed, a borrowed one is handed to no one (ol_expr.lets_go).
void cxx_let_go(builder *b, ol_loc loc, const char *what, ol_expr *value);
/* cxx.c, cxx_obj.c, cxx_call.c: the parts of the C++ lowering */
ol_expr *cxx_synth_call(builder *b, const char *name, ol_expr **args,
			unsigned n, ol_type ty, ol_loc loc);
ol_type cxx_void_type(builder *b);
ol_expr *cxx_null_of(builder *b, ol_type t, ol_loc loc);
// `return o;` moves o (a local or a by-value parameter, C++11).
bool cxx_implicit_move(const builder *b, CXCursor c);
// Objects (cxx_obj.c): a guard's field variables, the guard object an
// expression names, casts and wrappers stripped, `std::move(x)`'s x.
ol_var *cxx_field_var_of(builder *b, ol_var *obj, CXCursor field);
ol_var *cxx_handle_var(builder *b, ol_var *obj, const cls_model *m);
ol_var *cxx_guard_object(builder *b, CXCursor c);
CXCursor cxx_strip_all(CXCursor c);
bool cxx_dependent_conversion(CXCursor c, CXCursor *op);
CXCursor cxx_moved_from(CXCursor c);
bool cxx_is_lvalue_ref(CXCursor c);
// Constructs `t` (model `m`) from `init`; a copy or move from `src`.
void cxx_construct_into(builder *b, ol_var *t, const cls_model *m,
			CXCursor init, const char **deleter);
void cxx_from_object(builder *b, ol_var *t, const cls_model *m,
		     CXCursor src, bool move, ol_loc loc);
// A prvalue of a followed class: a temporary of the statement.
ol_expr *cxx_temporary(builder *b, CXCursor c, const cls_model *m);
// `c ? py::cast(v) : py::none()` where the operator's type depends on a
// template's parameter (boost-histogram's vectorize_value, C++ round
// 121): clang makes no object of the operator's value in the pattern,
// but each instance makes one, of the type of an arm that is a prvalue
// of a library owner (*t, *m), from the arm taken; that arm's object
// is that value (elided), not a temporary of its own.
bool cxx_owner_arm(builder *b, CXCursor c, CXType *t, const cls_model **m);
// That value as a temporary of its own, destroyed at the end of the
// statement; NULL when `c` is not such an operator.
ol_expr *cxx_dependent_conditional(builder *b, CXCursor c);
// The first method named `name` of class `decl` or of a base of it.
CXCursor cxx_method_named(CXCursor decl, const char *name, int depth);
// `PyObject *`, as the lowering types it.
ol_type cxx_pyobject_type(builder *b);
// The rules' entry of a library function that makes an owner of the
// handle it is given (`py::reinterpret_steal<T>(h)`, a steal, an alias or
// a borrow) when call `c` is one whose type a template's parameter
// leaves open; else NULL. The call is lowered as that handle.
const struct ol_kb_entry *cxx_handle_conversion(builder *b, CXCursor c);
// The type of a call's value, a dependent one as its function declares.
CXType cxx_call_value_type(CXCursor c);
// Destroys the live objects above `depth` but `keep` (may be NULL).
void cxx_destroy_all_but(builder *b, size_t depth, ol_loc at,
			 const ol_var *keep);
// Calls (cxx_call.c): inlining with the callee's own result type, a C++
// call (NULL: lower it as C), a constructor's member initializers.
ol_expr *cxx_inline_fn(builder *b, CXCursor fn, ol_var *self,
		       ol_expr **args, ol_var **objs, unsigned nargs,
		       ol_loc site, bool relocate, bool *ok);
// The same for a member of class `m` called on `self` (m NULL, or a model
// of no specialization: the class of the member being inlined on the
// same object): a template's pattern, its parameters bound to the
// specialization's arguments.
ol_expr *cxx_inline_member(builder *b, const cls_model *m, CXCursor fn,
			   ol_var *self, ol_expr **args, ol_var **objs,
			   unsigned nargs, ol_loc site, bool *ok);
// What a class template's parameter `param` (a non-type parameter) is
// bound to in the specialization whose member is being inlined: a
// function (a call through `param` calls it: its name, and its
// declaration when known), a null pointer or an integer; false when it is
// not known.
typedef struct cxx_targ {
	enum { CXX_TARG_FN, CXX_TARG_NULL, CXX_TARG_INT } kind;
	const char *fn;
	CXCursor fdecl; // (a null cursor when only its name is known)
	long long ival;
} cxx_targ;
bool cxx_template_arg(builder *b, CXCursor param, cxx_targ *out);
// The class a template's type parameter `param` is bound to in the
// specialization whose member is being inlined (a deleter type:
// `memory_ptr<PyObject, py_delete>`), or a null cursor.
CXCursor cxx_template_type_decl(builder *b, CXCursor param);
// `p != nullptr` (or `==`) whose operator a template's pattern leaves
// unresolved: a comparison of p with NULL; else NULL (cxx_call.c).
ol_expr *cxx_unresolved_null_compare(builder *b, CXCursor c);
// A body short and straight enough to inline at a call: no loop, `try`,
// lambda or `goto`, at most 128 statements and expressions (cxx_exc.c).
bool cxx_short_body(CXCursor def);
ol_expr *cxx_lower_call(builder *b, CXCursor c);
CXCursor cxx_overload_chosen(CXCursor c);
// Of the candidate functions `cands`, the one of `nargs` parameters that
// the argument expressions `args` fit best, or a null cursor when none
// does or two tie.
CXCursor cxx_best_fitting(const CXCursor *cands, size_t n,
			  const CXCursor *args, size_t nargs);
bool cxx_unowned_field_store(CXCursor lhs, CXCursor rhs);
/* cleanup.c: __attribute__((cleanup)) */

// `v`, declared by `d`: a live object of its scope when `d` names a
// cleanup function.
void cleanup_var_declared(builder *b, ol_var *v, CXCursor d);
// Runs the cleanup of `o` (CLS_CLEANUP) at `at`.
void cleanup_run(builder *b, const live_obj *o, ol_loc at);

/* cxx_scope.c: scope guards */
// The local `v` (declaration `d`, initializer `init`) runs a lambda of its
// initializer when it dies: made (lowered and pushed as a live object);
// false when it is no such object.
bool cxx_scope_guard(builder *b, ol_var *v, CXCursor d, CXCursor init);
void cxx_scope_guard_destroy(builder *b, const live_obj *o, ol_loc at);
// A member called on `obj`, a scope guard: it is disarmed. False when
// `obj` names no scope guard.
bool cxx_scope_guard_dismissed(builder *b, CXCursor obj, ol_loc loc);
bool cxx_is_throwing_check(builder *b, CXCursor fdecl);
bool cxx_new_may_throw(builder *b, CXCursor c);
bool cxx_bad_alloc_caught(builder *b);
bool cxx_fatal_throw(builder *b, CXCursor throw_expr);
// A `throw;` outside any handler and any `try`: it ends the process.
bool cxx_bare_rethrow_ends(const builder *b, CXCursor throw_expr);
// `throw;`: a throw with no operand (cxx_exc.c).
bool cxx_is_rethrow(CXCursor throw_expr);
// A null literal: `nullptr`, `NULL`, `0` (cxx_call.c).
bool cxx_null_literal(CXCursor c);
ol_expr *cxx_algorithm(builder *b, CXCursor c, ol_expr *e);
ol_expr *cxx_inline_check(builder *b, CXCursor fdecl, ol_expr *e);
void cxx_destroy(builder *b, const live_obj *o, ol_loc at);
ol_expr *cxx_unknown_at(builder *b, ol_loc loc, const char *text);
CXType cxx_strip_ref(CXType t);
// `fdecl` has C++ language linkage (a mangled name): not the C API.
bool cxx_has_cxx_linkage(CXCursor fdecl);

// A constructor's member initializers, into `self`'s fields (an inlined
// constructor) or through `this` (NULL).
void lower_ctor_inits(builder *b, CXCursor fn, ol_var *self);
// The name a C++ function is known by ("Class::method").
const char *cxx_fn_name(builder *b, CXCursor fn);
// The name a call of `fdecl` is made by: `plain`, or the full name of a
// function of a library namespace.
const char *cxx_call_name(builder *b, CXCursor fdecl, const char *plain);

#endif
