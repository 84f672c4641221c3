/*
 * cfg.h — the project's own small IR: one control-flow graph per function.
 *
 * cfg/build.c lowers libclang cursors into this IR; nothing past it (engine,
 * state machines, emitters) ever sees libclang. Everything here is allocated
 * in the translation unit's arena and immutable once built.
 *
 * Shape:
 *   - A function has variables (parameters, locals, temporaries the lowering
 *     introduces, and the globals it mentions) and basic blocks.
 *   - A block is a list of ops evaluated in order, then one terminator.
 *   - An op is an expression tree evaluated for its effects (calls,
 *     assignments) or a declaration. Expressions keep C's shape (calls with
 *     argument trees, member access, address-of, casts dropped) so the engine
 *     can evaluate them bottom-up, arguments left to right.
 *   - Control flow inside expressions (`&&`, `||`, `?:`, the comma operator,
 *     statement expressions) is lowered into blocks: a value-producing
 *     `a && b` writes 0/1 into a temporary; in a condition it becomes a chain
 *     of branches. So a branch condition never contains `&&`, `||` or `?:`.
 *   - Terminators: goto, two-way branch, switch, return, and noreturn
 *     (a call to abort(), Py_FatalError(), a function declared noreturn, or
 *     __builtin_unreachable() ends the path).
 *
 * C++ (cfg/cxx.c): destructors become ops at every scope exit, `throw` and
 * calls that can throw become edges to the handler that catches them or to
 * an OL_TERM_THROW exit (a branch whose `why` is "throw").
 *
 * What it deliberately does not model: floating point values, setjmp/longjmp
 * (longjmp is noreturn, setjmp is a plain call), computed goto (its targets
 * become a branch to every address-taken label).
 */
#ifndef OL_CFG_H
#define OL_CFG_H

#include "../base/arena.h"

#include <stdbool.h>
#include <stddef.h>

// A source position as the user wrote it: inside a macro expansion this is
// the macro call site (expansion location), so findings land on user code.
// For a token that comes from a macro's body, `mfile:mline:mcol` is where
// the body spells it (in the #define); NULL otherwise (macro arguments are
// spelled at the call site). Findings with one root cause inside a macro
// are grouped by it (diag/group.c).
typedef struct ol_loc {
	const char *file; // borrowed, interned in the TU arena; NULL = unknown
	unsigned line, col; // 1-based; 0 = unknown
	const char *mfile; // borrowed like `file`; NULL: not from a macro body
	unsigned mline, mcol;
} ol_loc;

typedef enum ol_var_kind {
	OL_VAR_PARAM,
	OL_VAR_LOCAL,
	OL_VAR_STATIC_LOCAL, // `static` inside the function: outlives calls
	OL_VAR_GLOBAL,       // file-scope or extern variable used here
	OL_VAR_TEMP,         // introduced by the lowering (`$t1`)
} ol_var_kind;

// Coarse type classes the analysis needs; `type` keeps the full spelling.
typedef enum ol_type_class {
	OL_TY_VOID,
	OL_TY_INT,     // any integer, enum, bool
	OL_TY_FLOAT,
	OL_TY_POINTER, // includes arrays decayed to pointers
	OL_TY_ARRAY,
	OL_TY_RECORD,  // struct/union by value
	OL_TY_FUNC,
	OL_TY_OTHER,
} ol_type_class;

typedef struct ol_type {
	ol_type_class cls;
	const char *spelling; // canonical spelling, e.g. "struct _object *"
	const char *pointee;  // for pointers: pointee spelling, else NULL
	// A Python object's struct: PyObject itself, or a struct whose first
	// member is an object head (`PyObject_HEAD`, `PyObject_VAR_HEAD`:
	// PyTypeObject, a `FooObject`). For pointers: what they point to is.
	bool object;
	// (integers) The values a narrow type can hold (cfg/typerange.c):
	// bool 0..1, unsigned char 0..255, an enum its enumerators' span,
	// an unsigned bit-field of width w 0..2^w-1. No range: a wide type.
	bool has_range;
	long long range_lo, range_hi;
	// (an enum) its largest enumerator, which range_hi rounds up to the
	// next all-ones value: a switch handling each value up to it leaves
	// its `default:` unreachable (engine/explore.c).
	bool from_enum;
	long long enum_hi;
	// ... and how many enumerators it has: a switch with as many distinct
	// case values in its span handles them all, gaps in their values or
	// not (two enumerators of one value make the count too high, and
	// the switch is judged by the span alone).
	unsigned enum_count;
	// (C++) A reference, `T &` or `T &&` (cls OL_TY_OTHER): a variable of
	// this type names an object that lives elsewhere, not one of its own.
	bool reference;
} ol_type;

typedef struct ol_var {
	unsigned id; // index into ol_func.vars
	ol_var_kind kind;
	const char *name; // as written; temporaries are "$t<N>"
	ol_type type;
	ol_loc loc;
	unsigned param_index; // for OL_VAR_PARAM
	// __attribute__((cleanup(fn))) (systemd's _cleanup_free_, GLib's
	// g_autoptr) whose fn the lowering could not name: fn(&var) runs
	// when the variable goes out of scope, and what it holds is not
	// followed. (A named fn is inlined at each of the scope's exits,
	// cfg/cleanup.c.)
	bool cleanup;
	// (C++) A variable of the function around the lambda being analyzed
	// (a capture): what it holds lives on after the lambda, the
	// enclosing function's to release; not followed here.
	bool captured;
	// (C++) A parameter `T *&p`: lowered as `T **p`, each use as `*p`,
	// and its callers pass `&x` (an out-parameter, as C writes it).
	bool ref_to_pointer;
	// (C++) A parameter of an owner class passed by value (`py::object
	// obj`): the callee's own copy, destroyed when the call ends
	// (cxx_own_value_params()).
	bool owner_copy;
} ol_var;

typedef enum ol_expr_kind {
	OL_E_VAR,     // var
	OL_E_INT,     // ival (integer and character literals, enum constants)
	OL_E_NULL,    // NULL, (void *)0, nullptr
	OL_E_STRING,  // text (literal contents without quotes)
	OL_E_FLOAT,   // floating literal; value not kept
	OL_E_CALL,    // callee (name, or fn for an indirect call), args
	OL_E_MEMBER,  // sub[0] . text  or  sub[0] -> text  (arrow says which)
	OL_E_DEREF,   // *sub[0]
	OL_E_ADDR,    // &sub[0]
	OL_E_INDEX,   // sub[0][sub[1]]
	OL_E_UNARY,   // op sub[0]: ! - ~ + and ++/-- (prefix and postfix)
	OL_E_BINARY,  // sub[0] op sub[1]: arithmetic, bitwise, comparisons
	OL_E_ASSIGN,  // sub[0] = sub[1]; compound assignment has op != OL_OP_NONE
	OL_E_SIZEOF,  // sizeof/_Alignof/offsetof: a constant, operand not run
	OL_E_INITLIST,// { args... } compound literal / initializer list
	OL_E_FUNCREF, // a function designator used as a value: text = name
	OL_E_UNKNOWN, // anything else; its children (args) are still evaluated
} ol_expr_kind;

typedef enum ol_opcode {
	OL_OP_NONE,
	// unary
	OL_OP_NOT, OL_OP_NEG, OL_OP_BITNOT, OL_OP_PLUS,
	OL_OP_PREINC, OL_OP_PREDEC, OL_OP_POSTINC, OL_OP_POSTDEC,
	// binary
	OL_OP_ADD, OL_OP_SUB, OL_OP_MUL, OL_OP_DIV, OL_OP_MOD,
	OL_OP_SHL, OL_OP_SHR, OL_OP_AND, OL_OP_OR, OL_OP_XOR,
	OL_OP_EQ, OL_OP_NE, OL_OP_LT, OL_OP_LE, OL_OP_GT, OL_OP_GE,
} ol_opcode;

typedef struct ol_expr ol_expr;
struct ol_expr {
	ol_expr_kind kind;
	ol_opcode op;
	ol_loc loc;
	ol_type type; // type of the expression's value
	ol_var *var;  // OL_E_VAR
	long long ival; // OL_E_INT
	// OL_E_CALL: callee name when the callee is a named function (or
	// function-like macro that became a call); OL_E_MEMBER: field name;
	// OL_E_STRING: literal text; OL_E_FUNCREF: function name.
	const char *text;
	// OL_E_CALL, OL_E_INDEX, OL_E_ASSIGN: outermost macro the expression
	// was expanded from, as written at the call site ("Py_DECREF",
	// "PyTuple_GET_ITEM"), else NULL.
	const char *macro;
	// OL_E_CALL: the callee's ownership attributes as written, separated
	// by ';' ("ownership_returns(mojo_tensor);annotate(mojo::new_ref)"),
	// else NULL (rules/README.md).
	const char *attrs;
	// OL_E_CALL to a declared function: bit i set when parameter i is
	// declared `void *` (or `const void *`): an opaque slot where C
	// libraries keep what they are given (bits past 31: unknown).
	unsigned void_params;
	// OL_E_CALL to a declared function: its signature as this file
	// declares it (func_sig() in cfg/build.c), else NULL.
	const char *callee_sig;
	// (C++) ... and the function's type in full (func_overload()), which
	// tells apart overloads of one name defined in another file (a
	// class's constructors: engine/contracts.c), else NULL.
	const char *callee_overload;
	// (C++) OL_E_CALL to a function of the file: where its definition
	// (a template's, for an instantiation) names it, which tells apart
	// overloads of one name (engine/summary.c); line 0 when unknown.
	ol_loc callee_def;
	// OL_E_CALL to a declared function: 1 + the index of its first
	// parameter of a destroy function's type (`void (*)(void *)`, GLib's
	// GDestroyNotify) right after a `void *` one, or after its only
	// `void *` one (`destroy_data`, 1 + its index), the pointer it would
	// release (engine/handoff.c); 0 when none. `destroy_ambiguous`: the
	// last of several such parameters after the only `void *` one.
	unsigned char destroy_param, destroy_data;
	bool destroy_ambiguous;
	bool arrow; // OL_E_MEMBER: `->` rather than `.`
	// OL_E_CALL: a C++ member function (or member operator) called on
	// args[0], its `this`.
	bool method;
	// OL_E_CALL: a constructor of a class not followed, args[0] the
	// object made (unknown): what its summary says it steals is kept in
	// that object, with a reference or without (a handler keeps what it
	// is lent), so such an argument is no longer followed (call.c).
	bool ctor;
	// OL_E_CALL: a member called on an object of a class whose destructor
	// is defined in another file (an owner we cannot follow here: IcePy's
	// PyObjectHandle): what it returns is the object's, not certain.
	bool opaque_owner;
	// OL_E_CALL: a function of this file left out of the analysis for
	// the errors in its body (frontend/partial.h): code not followed;
	// its result is not known, and when it is a pointer (one it may
	// have been handed) its object arguments escape (engine/call.c).
	bool unanalyzed;
	// OL_E_CALL: (C++) a specialization of a function template whose
	// result type is the template parameter's (`T *get<T>(..)` called as
	// `get<PyObject>`): generic code, which knows no reference counts.
	bool generic_ret;
	// OL_E_UNKNOWN, the test of a call's exceptional edge: the call
	// throws only through the type slots of `args` (its KB entry's
	// throws_via), so the edge is not taken when each is of an exact
	// builtin type (a dict lookup by a str the function made).
	bool throws_via_args;
	// OL_E_UNKNOWN: (C++) a handle that owns nothing, made of `args`,
	// goes out of sight: an owned value is no longer followed, and a
	// borrowed one is handed to no one (nothing to pay back later).
	bool lets_go;
	// OL_E_MEMBER: (C++) a member of an owner class type assigned as an
	// object (`ref = make();`): its own destructor releases what it
	// holds, so no field of the class owns that reference.
	bool owner_object;
	ol_expr *sub[2];
	ol_expr *fn; // OL_E_CALL through a pointer: the callee expression
	ol_expr **args; // OL_E_CALL arguments, OL_E_INITLIST elements
	unsigned nargs;
};

typedef enum ol_op_kind {
	OL_OPK_EVAL, // evaluate `expr` for its effects (calls, assignments)
	OL_OPK_DECL, // `var` comes into scope without initializer (value unknown)
} ol_op_kind;

typedef struct ol_op {
	ol_op_kind kind;
	ol_loc loc;
	ol_expr *expr; // OL_OPK_EVAL
	ol_var *var;   // OL_OPK_DECL
} ol_op;

typedef enum ol_term_kind {
	OL_TERM_GOTO,     // succ[0]
	OL_TERM_BRANCH,   // cond true -> succ[0], false -> succ[1]
	OL_TERM_SWITCH,   // cond matched against cases, else default_succ
	OL_TERM_RETURN,   // cond = returned value or NULL for `return;`
	OL_TERM_NORETURN, // path ends (abort, exit, unreachable, ...)
	// C++: an exception leaves the function (`throw`, a rethrow, or a
	// call that can throw outside any handler that catches it). An error
	// exit: what is still owned here leaks (MOJO-OWN-105). `cond` is NULL.
	OL_TERM_THROW,
} ol_term_kind;

typedef struct ol_case {
	long long lo, hi; // `case lo:` has hi == lo; GNU `case lo ... hi:`
	struct ol_block *succ;
} ol_case;

typedef struct ol_block ol_block;
struct ol_block {
	unsigned id; // index into ol_func.blocks; entry is 0
	const char *label; // C label that starts this block, or NULL
	ol_op *ops;
	unsigned nops;
	ol_term_kind term;
	ol_loc term_loc; // of the return/goto/branch statement/condition
	ol_expr *cond;
	ol_block *succ[2];
	ol_case *cases; // OL_TERM_SWITCH
	unsigned ncases;
	ol_block *default_succ; // OL_TERM_SWITCH: target when no case matches
	// The branch came from a loop condition, a `goto` statement written by
	// the user, or the join after an `if`: lets dumps and path notes
	// explain themselves. Informational only.
	const char *why;
	// OL_TERM_BRANCH: the condition as written in the source, macros
	// unexpanded (`!PyList_Check(seq)`), or NULL; when `cond_src_not`,
	// it is the negation of `cond` (`if (!p)` branches on `p`), so its
	// truth is the opposite of the branch taken. For path notes.
	const char *cond_src;
	bool cond_src_not;
	// OL_TERM_SWITCH: the cases handle every value the subject's type
	// holds, or every value from an enum's first enumerator to its last
	// (ParmEd's switch over its `ParmDataType`, whose `default:` says
	// "This should be unreachable"): the default is not reached. C lets
	// an enum hold other values; code that handles each of its
	// enumerators is taken at its word.
	bool cases_cover_type;
};

typedef struct ol_func {
	const char *name;
	ol_loc loc;      // the function name in its definition
	ol_loc end_loc;  // closing brace: where falling off the end returns
	ol_type ret;     // return type
	bool is_static;
	bool is_variadic;
	// The signature the definition gives it, in the coarse classes a
	// caller in another file can check its own declaration against:
	// "R:P1P2..." with `o` a pointer to a Python object, `p` another
	// pointer, `i` an integer, `f` a float, `r` a struct, `v` void, `x`
	// anything else, and `...` when variadic; NULL without a prototype.
	const char *sig;
	// (C++) Its type in full, `void (const Ref &)`: the same in every
	// file that declares it, so a caller in another file picks this
	// overload among those of its name (func_overload()); NULL in C.
	const char *overload;
	// Set by the frontend when a table hands the function to CPython
	// (frontend/tables.h): the table's role ("ml_meth", "tp_repr", ...),
	// else NULL. `reg_teardown`: a teardown slot (tp_dealloc, m_free).
	const char *registered;
	bool reg_teardown;
	// Set by later rounds (run.c) when another analyzed file calls this
	// function: a helper of the project, whose body decides its
	// contract, as a static function's does.
	bool called_elsewhere;
	// (C++) A member function, function template or lambda: a helper
	// whose body decides its contract, as a static function's does.
	bool cxx_member;
	// Declared `inline` (not static): every file that calls it defines
	// it, its callers are the project's own, so its body decides its
	// contract too (a header's `inline PyObject *TUPLEIZE(PyObject *op)`
	// that takes its argument over).
	bool inline_def;
	// Its file is written for Python 3.12 or later, whose None, True and
	// False are immortal (frontend/pyversion.h).
	bool immortal_statics;
	// (C++) A std::thread's body (a lambda): the new thread holds no
	// GIL when it starts.
	bool starts_without_gil;
	// (C++) A lambda converted to a plain function pointer (datatable's
	// method tables): C code calls it, as CPython calls a registered
	// function, so its parameters are lent by the convention; no
	// helper.
	bool c_callback;
	// (C++) A constructor: an exception leaving it leaves no object (its
	// destructor never runs on what it stored).
	bool cxx_ctor;
	// ... but its bases are made before its body runs, and their
	// destructors do run: the fields of those bases that declare a
	// destructor of their own (pythoncpp's `List : Object`, whose
	// `~Object()` releases `m_pObject`), by name.
	const char **ctor_base_fields;
	unsigned nctor_base_fields;
	// An inline or static helper defined in a header next to the file
	// (frontend/tu.c): analysed for its summary alone, never reported
	// (that is --header-filter's job) and never exported.
	bool summary_only;
	const char *attrs; // the function's own ownership attributes, as above
	ol_var **vars;   // params first (in order), then the rest
	unsigned nvars;
	unsigned nparams;
	ol_block **blocks;
	unsigned nblocks;
	// Bookkeeping for the notifications the lowering wants to report
	// (unsupported construct, computed goto, ...): NULL when none.
	const char **notes;
	unsigned nnotes;
} ol_func;

// Which calls can throw (C++): the rules' throwers and functions of the
// file whose bodies can throw (the default); none; or every call that is
// not `noexcept` and has no C linkage (--exceptions=all).
typedef enum ol_exc_mode {
	OL_EXC_KB = 0,
	OL_EXC_NONE,
	OL_EXC_ALL,
} ol_exc_mode;

// Returns the entry block (blocks[0]).
static inline const ol_block *ol_cfg_entry(const ol_func *fn)
{
	return fn->blocks[0];
}

// A null constant as written: `NULL`, `nullptr`, `0`.
static inline bool ol_expr_is_null_const(const ol_expr *e)
{
	return e && (e->kind == OL_E_NULL ||
		     (e->kind == OL_E_INT && e->ival == 0));
}

// Appends to `out` a human-readable text form of `e` (C-like).
struct ol_strbuf;
void ol_expr_print(struct ol_strbuf *out, const ol_expr *e);
// Writes the --dump-cfg form of `fn` to `out` (see cfg/dump.c for format).
void ol_cfg_dump(struct ol_strbuf *out, const ol_func *fn);

#endif
