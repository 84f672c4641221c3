/*
 * engine_int.h — the engine's value model and services, shared by the
 * files of engine/ and by the state machines of sm/ (their hooks change
 * values through it). Nothing else includes it.
 *
 * The rooms of the engine:
 *
 *   state.c     symbols, values, field slots, history, the canonical hash
 *   eval.c      expressions and stores
 *   call.c      a call: the knowledge base, summaries and annotations
 *   format.c    PyArg_Parse* and Py_BuildValue format strings at a call
 *   resource.c  the life cycle every kind shares (acquire, release, steal)
 *   path.c      branch conditions and what each outcome tells
 *   explore.c   the walk: worklist, joins, widening, liveness, budgets
 *   fieldlive.c, masklive.c, relevance.c, join.c  what the walk may
 *               forget or join at block entry (field slots, flag ties,
 *               integers no decision reads, one value's range)
 *   flatten.c   past the state budget, every fact no resource needs
 *   replay.c    a finding on a path whose values were flattened is
 *               confirmed by walking that path again without flattening
 *   report.c    findings, leak collection and the end of a path
 *   summary.c   summaries of the file's own functions; ol_engine_run()
 *
 * A value is a `sym` in a path's `state`, named by its index: indexes stay
 * valid while the state grows (sym_new() may move `syms`, so never keep a
 * `sym *` across it), and collect() renumbers them between ops. The names
 * below are private to engine/ and sm/, so they carry no `ol_` prefix.
 */
#ifndef OL_ENGINE_INT_H
#define OL_ENGINE_INT_H

#include "engine.h"
#include "../base/strmap.h"
#include "../base/vec.h"
#include "../kb/kb.h"
#include "../sm/sm.h"

#include <limits.h>
#include <stdint.h>
#include <strings.h>

// Sign sets: what a value can be. For pointers, zero is NULL.
enum { S_NEG = 1, S_ZERO = 2, S_POS = 4, S_ALL = 7 };

typedef enum rstate {
	R_NONE,     // not a resource
	R_OWNED,    // this function holds `refs` references it must give up
	R_BORROWED, // a reference someone else owns (pyref)
	R_RELEASED, // released on this path
	R_MOVED,    // ownership was stolen by a call (pyref)
	R_ESCAPED,  // ownership went somewhere we do not follow
	R_STOP,     // a problem was reported: stay quiet about it
} rstate;

// What a conditional link waits for: the call's result decides.
typedef enum link_kind {
	L_NONE,
	L_REALLOC, // link = old block, released when the result is non-NULL
	L_STEAL,   // link = argument stolen when the call succeeds
	L_RELEASE_FAIL, // link = argument released when the call fails
	L_ACQ_ON,  // on the acquired out-parameter: link = the call's result;
		   // acquired when the result says success (reverse link)
	L_INCREF,  // link = argument that gets a new reference on success
	L_NULL_WITH, // on an out-parameter: NULL when `link`, the call's
		     // first out-parameter, is (PyErr_Fetch's traceback)
	L_ERR_OF,    // on PyErr_Occurred()'s result: an error is set
		     // exactly when `link`, the result of the call just
		     // before, is NULL (reverse link)
	L_FREED_IF_ZERO, // on a block handed to realloc: link = the size;
			 // a NULL result with that size 0 freed the block
	L_NONNULL_IF_CLEAR, // on PyErr_Occurred()'s result: link = an
			    // argument the call just before raised on had it
			    // been NULL (PyLong_AsLong's SystemError): no
			    // error set means it was not (reverse link)
	L_DEBT,      // link = a borrowed reference the call stole even
		     // though it may fail (PyList_SetItem), a debt a later
		     // Py_INCREF pays: settled with no finding on the paths
		     // where the call failed (path.c's settle_links())
	L_STOLEN_WITH, // on a further argument a call steals on success
		       // (`pair_new(a, b)` keeps both in the object it
		       // makes): link = the call's result, whose own L_STEAL
		       // link is the first; stolen when it is, 1 +
		       // steal_times times (reverse link)
} link_kind;

// One step of a path's history, shared between paths (immutable).
typedef struct hist {
	const struct hist *prev;
	ol_loc loc;
	const char *msg;
	unsigned seq;
	bool is_branch; // a choice the path made (shown in every finding)
} hist;

// The error indicator along a path (errstate.c): state.err, and how a
// tied result shows its call's failure (sym.err_tied).
enum { ERR_UNKNOWN = 0, ERR_CLEAR, ERR_SET };
enum { ERR_TIE_NONE = 0, ERR_TIE_ZERO, ERR_TIE_NEG, ERR_TIE_STATUS,
       ERR_TIE_MAYBE };

typedef struct sym {
	uint8_t signs;
	bool has_val;
	bool is_bool;       // 0 or 1: a comparison or a logical not
	bool borrowed_base; // owned refs were taken on a borrowed object
	bool unknown_base;  // ... on a value of unknown origin (see
			    // pyref_release: a reference of ours may be
			    // under them)
	bool field_base;    // ... on a value the path stored in a field,
			    // which holds a reference of its own under
			    // them (see pyref_release)
	bool weak;          // borrowed from a field or global: not certain
	bool consumed;      // (parameters) released, stolen or stored
	bool released;      // ... by a release (Py_DECREF, free)
	bool realloc_failed;
	bool static_obj;    // &_Py_NoneStruct & co.: never freed
	bool cached_obj;    // a reference to an object CPython never frees,
			    // made by a constructor (a small int, a bool):
			    // its leak is a note (intrange.c)
	bool cached_char;   // ... an empty or one-character str or bytes
	const char *cached_as; // ... the static object a test found it to
			       // be (`pw == Py_None`), by name
	bool status_unchecked; // out-parameter of a call whose status was
			       // never tested (cudaMalloc(&p, n);)
	bool tested;           // a branch condition looked at this value
	bool local_mem;        // points into a local array of this function
	bool foreign_mem;      // memory from a function we know nothing of
			       // (an arena): who owns what it holds is its
			       // convention, not ours to judge (no BOR-202)
	bool in_self;          // a pointer read from a field of the first
			       // parameter's object, or of memory so read
			       // (`self->renderer->opaque`): memory the
			       // object keeps (eval.c's store_into_itself())
	bool closed;           // computed by this function from constants
			       // alone: a test of it is a self-check
	bool fallible;         // returned by a call that reports failure
			       // through it (tested against its sentinel)
	bool interp_alive;     // (sm/gil.c) the result of Py_IsInitialized()
	bool held_elsewhere;   // another owner keeps the object alive
	uint8_t err_tied;      // (errstate.c) the result of a call that
			       // set an error exactly when it failed, while
			       // the indicator was clear: ERR_TIE_*
	bool err_probe_helper; // (errstate.c) ... asked through a helper
			       // that may clear what it reports
	bool err_probe;        // (errstate.c) PyErr_Occurred()'s result,
			       // open: its test settles the tied results
	bool err_pending;      // the result of the latest call, which sets
			       // an error exactly when it returns NULL
			       // (for a PyErr_Occurred() that follows)
	bool null_raises;      // an argument of the latest call, which
			       // raises on it when it is NULL (for a
			       // PyErr_Occurred() that follows)
	bool steal_inferred;   // a parameter this function steals by what
			       // its body does on its returns (summary.c),
			       // not by a declaration
	bool hold_slot_const;  // (engine/holder.c) see hold_slot
	bool lent;             // (a container, engine/holder.c) handed to
			       // code that may keep it or its items: its
			       // last release seen here is not known to be
			       // its death
	bool in_local_agg;     // stored, not owned, in a local array or
				// struct: a reference taken later may be its
			       // (sys.modules, a container it was added
			       // to): our last release does not destroy it
	bool into_made;        // (a parameter's value) stored into a field
			       // of an object this function made and owns
			       // (`self->value = value`, summary.c)
	bool self_marked;      // (the first parameter's value) this path
			       // wrote a constant into one of its plain
			       // fields (`self->released = true;`, sm/pyref.c)
	bool parsed_from_param; // (format.c) an item PyArg_Parse* read out
				// of a tuple the caller lent (a parameter)
	bool parsed_required;   // ... by a unit before '|' or '$'
	bool lent_back;     // (a parameter) stored, as lent, into a plain
			    // struct its caller handed in (eval.c): unpaid,
			    // not consumed (summary.c)
	bool store_paid;    // (borrowed) a Py_INCREF paid for a store of
			    // it made first (sm/pyref.c)
	bool owe_foreign;   // (borrowed) ... a store into a struct of
			    // memory from an allocator we know nothing of
	bool items_taken;   // (a container, sm/pyref.c) this path took a
			    // reference on an item borrowed from it: a
			    // later release of an item borrowed from it
			    // may give that reference back
	uint8_t owed;       // references handed over before Py_INCREF paid
	uint32_t len1;      // (a container made by PyTuple_New(n) with n
			    // known: the KB's length_arg) n + 1, else 0
	long long val;
	bool has_ne;        // known to differ from ne_val (`x == 'a'` false)
	long long ne_val;
	bool has_lo, has_hi; // bounds an ordered test set (`n < 128` false:
	long long lo, hi;    // lo = 128), so that its opposite is decided
	rstate rs;
	int kind;       // index of the state machine, -1 when none
	int refs;       // owned references (R_OWNED)
	int base;       // pointer arithmetic: derived from this sym, or -1
	int link;       // see link_kind, or -1
	link_kind lk;
	uint8_t steal_times; // (L_STOLEN_WITH) passed that many times more
			     // than once to the call (`f(cp, cp)`)
	int addr_var;   // value is `&var`, or -1
	int param;      // value a parameter had on entry, or -1
	bool entry_int; // ... of an integer parameter: no summary reads it,
			// so it stays only while something holds it, and
			// its range joins as a local's does (join.c)
	int rel_var;    // released through `&var` (a Py_buffer), or -1
	const ol_kb_entry *acq; // acquiring API (NULL for conventions)
	const char *acq_name;   // acquiring function, for messages
	const hist *acq_ev;     // where acquired
	const hist *rel_ev;     // where released or stolen
	const char *name;       // first variable that held it
	const char *from_type;  // read from from_type.from_field
	const char *from_field;
	bool from_param0;       // ... through the first parameter
	// An item of the array a field of the first parameter points to
	// (`self->items[i]`: storage_type.storage_field), read with no
	// reference taken (sm/borrow.c).
	const char *storage_type, *storage_field;
	bool from_global;       // the value a global variable held
	uint8_t static_owed;    // (sm/pyref.c) references to this static
				// object stolen before a Py_INCREF paid
	ol_loc link_loc;        // (a call's result) where the call is
	int kept_in;            // stored through this parameter's pointer
				// (`view->obj = self`), or -1
	bool handed_over;       // (a borrowed reference) stored somewhere
				// at some point of the path
	bool from_freed_block;  // (a borrowed reference) read from a field
				// of heap memory this path then freed
				// (`o = n->head->o; free(n->head);`)
	int owner;              // a borrow of this sym's object, or -1
	int over;               // (an object made over native memory it
				// does not own: PyArray_SimpleNewFromData's
				// array) that memory's sym, or -1
	int eq_stat, ne_stat;   // known equal / not equal to this static
				// object's sym (`x != Py_None` tested), or -1
	int vn_from;            // this value is `vn_from & vn_k`, or -1
	// This value is the outcome of `cmp_of cmp_op cmp_k` (`bool ok = p
	// != NULL;`, a guard's inlined `operator bool`): a test of it tests
	// that comparison. cmp_of -1: none.
	int cmp_of;
	ol_opcode cmp_op;
	long long cmp_k;
	int cmp_stat; // ... or of `cmp_of cmp_op <static object cmp_stat>`
		      // (`int use_list = (s->hook != Py_None);`), or -1
	// The result of a call that fails when this value is NULL
	// (Py_BuildValue's "O" argument): known not NULL, it makes this
	// value not NULL (path.c's settle_acquired()); -1: none. Keeps
	// nothing alive.
	int nonnull_with;
	bool nonnull_if_ok; // ... of a status that fails below 0: not NULL
			    // where it is 0 or more (PyList_Append's item)
	long long vn_k;
	bool slot_const;        // (sm/pyref.c) a GET_ITEM borrow from slot
	long long slot_val;     // `slot_val`
	bool readonly;          // (sm/buffer.c) requested without
				// PyBUF_WRITABLE
	uint8_t gil_prev;       // (sm/gil.c) PyGILState_Ensure token: the
				// state before it
	// (sm/capsule.c, sm/dlpack.c) What the value is to a capsule
	// (cap_role below); a steal moves it into `owner`, a capsule whose
	// destructor releases it (moved, not escaped); a capsule's name, or
	// the name its pointer was read under; a capsule's destructor (a
	// function name, "" for none, NULL when not known).
	uint8_t cap_role;
	bool move_to_owner;
	const char *cap_name;
	const char *cap_dtor;
	const hist *owe_ev;     // where a borrowed reference was handed over
	const ol_expr *owe_lhs; // ... into this lvalue (`a->v[i] = item;`)
	uint8_t field_stores;   // stores into a field of a parameter's object
	bool store_undone;      // ... its one such store overwritten (eval.c)
	const hist *need_ev;    // (MOJO-OWN-109) the first use that needed
				// it non-NULL while it was unchecked: an
				// argument the callee requires (report.c)
	const hist *stale_ev;   // where its owner was mutated (MOJO-BOR-207)
	const hist *inval_ev;   // where Python code may have run (BOR-206)
	const char *inval_why;  // (sm/borrow.c) which call, what it may do;
				// NULL: a release that may have run code
	bool writeback;         // an array made with NPY_ARRAY_WRITEBACKIFCOPY
				// not yet resolved (PyArray_Resolve/Discard-
				// WritebackIfCopy before its last release)
	bool exact_builtin;     // (sm/borrow.c) an object of an exact
				// builtin type: no method of the user's
	bool not_static;        // (sm/pyref.c) a new object that is no
				// static one (an instance a type object's
				// call made, Py_BuildValue's number)
	// (sm/pyref.c) A reference stolen into a container slot, then
	// released by us: fine if the slot is overwritten next
	// (test_L_code's `Py_DECREF(num); PyTuple_SET_ITEM(tuple, 0,
	// other)`), else MOJO-OWN-102 when the path ends.
	// A borrowed reference stored into a slot (PyTuple_SET_ITEM) of
	// container `debt_cont` is paid for by a Py_INCREF, of it or of the
	// container's items (the "borrowed slot" idiom), else MOJO-OWN-106.
	const hist *debt_ev;
	const char *debt_api;
	int debt_cont;
	bool debt_kept; // ... kept to the path's end even when nothing else
			// holds the value (a slot's item released before the
			// slot is overwritten)
	// An owned value stored into a field: the STORE owner fact waits
	// for the end of the path, and is dropped if the function releases
	// the value after all (the field only borrows it).
	const char *st_type, *st_field, *st_vtype;
	ol_loc st_loc;
	bool st_param0;
	// (engine/holder.c) The container this function made that holds a
	// reference to the object for it (PyDict_SetItem, PyList_SetItem),
	// or -1: when the container dies, so does an object only it kept.
	int holder;
	int32_t hold_slot;      // ... at this constant slot (hold_slot_const:
				// a SetItem's index), which a later SetItem
				// replaces
	const hist *hold_ev;    // where it was stored into `holder`
	const char *held_by;    // the holder's name, once its death (or
				// the slot's replacement) released the object
	const char *field_ref;  // (holder.c) taken over from a field of
				// this pointee type (`x->owner = NULL` after
				// reading it): owned, its release may be
				// written on another name of the object
} sym;

// sym.cap_role (sm/capsule.c, sm/dlpack.c).
enum {
	CAP_NONE,
	CAP_OBJECT,   // a capsule this function made (PyCapsule_New)
	CAP_HELD,     // the pointer such a capsule holds; `owner` = capsule
	CAP_DTOR_PTR, // in a capsule destructor: its capsule's pointer
	CAP_TENSOR,   // a DLPack tensor read from a "dltensor" capsule;
		      // `owner` = the capsule until it is renamed
	CAP_PART,     // m->dl_tensor, its data, m->manager_ctx: `owner` = m
	CAP_DELETER,  // the value of m->deleter: `owner` = m
	CAP_TAKE,     // the status of a rename that took tensor `owner`
};

typedef struct fslot {
	int base;
	const char *field;
	int val;
	bool read; // val was read from the slot (not stored by us)
	int ix;    // "ob_item[]": the index value of the item, else -1
	bool object; // written by us, and the field points to an object
	// (C++) written by us, a member whose type is a class (a `py::dict`
	// member a constructor initializes): destroyed by its own
	// destructor when the constructor throws (report.c).
	bool by_value;
	// (holder.c) NULL stored over a reference the field held, never
	// read: the function owes that reference (the field's pointee type)
	// until a release pays it back.
	const char *dropped_ref;
	// Read before a call that may run code, and tested against a static
	// object (`s->hook != Py_None`): the value is forgotten, but not
	// that relation, which holds for the field's next value as long as
	// nothing can have assigned the field (see keep_tested_reads()).
	bool stale;
} fslot;

typedef struct state {
	int *env;  // nvars entries, -1 = no value yet
	int *addr; // nvars entries, -1 = `&var` not taken yet
	sym *syms;
	unsigned nsyms, cap; // cap: room for SYM_HEADROOM more after a copy
	fslot *fs;
	unsigned nfs, fcap;
	uint8_t selfcheck; // the last real choice was an arm of a self-check
	// (sm/gil.c) per-path facts of the GIL:
	uint8_t nogil; // the GIL is released on this path
	uint8_t gil_borrowed; // a thread state saved by a caller was restored
	uint8_t finalizing; // Py_IsInitialized() said no: the interpreter
			    // is shutting down (taking the GIL would hang)
	uint8_t err; // (errstate.c) the error indicator: ERR_UNKNOWN,
		     // ERR_CLEAR (unless a tied result failed), ERR_SET
	uint8_t err_emptied; // ... emptied by a call that clears it
			     // (PyErr_Clear, PyErr_Fetch, pybind11's
			     // error_already_set), and no call since could
			     // have set it: certainly none is set
	uint8_t coarse; // plain values were flattened on this path
			// (join.c's flatten_plain()): a finding on it is
			// confirmed by a replay (replay.c)
} state;

// A resource whose last handle was lost on this path: reported when the
// path ends, as MOJO-OWN-105 if it ends at an error exit, else 101.
typedef struct lostnode {
	const struct lostnode *prev;
	sym y;            // the resource as it was when lost
	ol_loc loc;       // where the handle was lost
	unsigned seq;     // history position at that point
	const char *fin;  // final event text
} lostnode;

// The choices a path made from the function's entry (replay.c): each
// branch or switch outcome it took, and each loop-head widening applied to
// its state, newest first.
typedef struct trail {
	const struct trail *prev;
	unsigned block;
	unsigned choice; // branch: 0 taken, 1 not; switch: the case's index,
			 // ncases for default; or a mark: TRAIL_WIDEN,
			 // TRAIL_FLATTEN
} trail;
#define TRAIL_WIDEN UINT_MAX
#define TRAIL_FLATTEN (UINT_MAX - 1)

typedef struct lost_seen {
	const lostnode *ln;
	const hist *h;  // the path's history at its end
	const trail *tr; // ... and its choices
	bool coarse;    // that path went through a flattened state
	bool err;       // that path ended at an error exit
} lost_seen;

typedef struct item {
	const ol_block *b;
	state *st;
	const hist *h;
	const lostnode *lost;
	const trail *tr;
} item;

// Visited-state hashes of one block (open addressing, 0 = empty).
typedef struct seen {
	uint64_t *slots;
	unsigned cap, count;
} seen;

// What one analysis of a function learned about it, for its callers.
#define NULLFLAG_MAX 8

typedef struct nullflag_pair {
	int param;
	const char *field;
} nullflag_pair;

typedef struct summary {
	const ol_func *fn;
	ol_kb_entry entry; // synthesized: what callers see
	ol_kb_arg *args;
	bool done;
	// Accumulated over return paths:
	unsigned paths, err_paths, ret_owned, ret_borrowed, ret_null;
	unsigned ret_static; // Py_None & co. with a reference (RET_STATIC)
	unsigned ret_owned_held; // ... of ret_owned, objects held elsewhere
	unsigned ret_owned_cached; // ... of ret_owned, an object CPython keeps
				   // cached (Py_True, None, a small int)
	unsigned ret_borrowed_static; // ... of ret_borrowed, a bare Py_None
				      // (True, False): no reference taken
	unsigned ret_maybe_null; // returned values that may be NULL
	unsigned ret_maybe_neg;  // returns of a value that may be negative
	unsigned ret_maybe_zero; // ... that may be zero
	// Returns of a parameter as it came (`pass_param`, -1 before one),
	// returns of a static object with a reference (Py_None, the
	// parameter when it is None), and whether any other non-NULL return
	// happened (a reference taken on the parameter, another value): a
	// converter such as PyMOL's `PConvAutoNone`.
	int pass_param;
	unsigned pass_paths, pass_static;
	bool pass_other;
	int ret_param;   // every non-NULL return returns this parameter
	bool ret_mixed;  // ... or not (-1 with ret_mixed)
	unsigned *consumed_ok, *consumed_err; // per param
	unsigned *released;                   // per param, any path
	// per param: a new reference taken on it and kept (stored into the
	// caller's memory, a view's `obj`), not returned
	unsigned *increfed_ok, *increfed_err;
	// per param: a reference taken on it and left as is, neither kept
	// nor released (`acquire_lock(owner)` takes one for its caller)
	unsigned *held;
	// per param: paths that store it, as it came, into a field of an
	// object the function made and return a new object (a maker's
	// `self->value = value; return self;`), and paths that release it
	// (not only NULL there)
	unsigned *into_ret, *dropped;
	// per param: paths that consume it other than by keeping its
	// pointer in memory (a release, a steal): see ol_kb_arg.kept_only
	unsigned *handed_on;
	bool *writes;     // per param: stores through it (`*p = v`)
	bool *flag_taken; // per param: released under a flag of the caller's
	unsigned *null_in; // per param: paths on which it is NULL
	bool *steal_in;   // the report pass treats these params as stolen
	ol_kb_arg *quiet_args; // what the quiet pass found for them
	bool *lenient_in; // ... and these (stolen on success only) as not
			  // certainly borrowed: no 106/202 about them
	// (sm/capsule.c) As a capsule destructor: whether it reads its
	// capsule's pointer, and the known release of that pointer: by
	// `cap_rel_api` (NULL: none known) of kind `cap_rel_kind` ("*": any
	// kind), while the capsule is named `cap_rel_name` (NULL: any name).
	bool cap_reads;
	const char *cap_rel_api, *cap_rel_kind, *cap_rel_name;
	// (handoff.c) Named as the destroy function of a destroy-callback
	// hand-off: its callers hand its parameter over.
	bool destroy_fn;
	// Another function of this file calls it: a helper of the file's,
	// whatever its linkage (summary.c's order_calls()).
	bool called_here;
	// (staticargs.c) Its address is taken in a function of the file;
	// the arguments of every call the file's CFGs show (bit k: a static
	// object's address), once a call was seen.
	bool addr_taken;
	bool static_args_seen;
	uint32_t static_args;
	// ... and the integer parameters (the first STATIC_INT_PARAMS) every
	// such call gives a constant: bit k, from int_lo[k] to int_hi[k].
	uint8_t int_args;
	long long int_lo[8], int_hi[8];
	// It calls itself. `probing`: the quiet pass that learns what it
	// returns from its other paths, a call of itself an unknown value;
	// `probed`: that pass is done, and its `entry` is what a call of
	// itself does in the later passes (summary.c's analyze()).
	bool recursive, probing, probed;
	// (sm/borrow.c) Some path calls a call that may run Python code.
	bool runs_code;
	// Static objects (`&FooType`, by their variables' ids in `fn`) the
	// function takes a reference on and leaves it with the caller, and on
	// how many paths (an init helper's `Py_INCREF(&FooType)` before its
	// caller's PyModule_AddObject takes it): summary.c.
#define MAX_STATIC_KEPT 8
	int static_kept[MAX_STATIC_KEPT];
	unsigned static_kept_paths[MAX_STATIC_KEPT];
	unsigned nstatic_kept;
	// Some path stores where its caller could read it (a global, a
	// static, memory reached through a pointer), or calls code that may
	// (eval.c's store(), call.c): unless it does, a call of it changes
	// no global or field its caller has read.
	bool stores;
	// (sm/borrow.c) ... and the first such call whose code has a name
	// (a user method, the called object), reached directly or through
	// another helper: its API and what it calls; NULL when none.
	const char *named_api, *named_what;
	// (nullflag.c) The fields of parameters' structs that some path
	// returning NULL leaves nonzero (`self->route_state = 1; return
	// NULL;`), and those some other path leaves not known zero; more
	// than NULLFLAG_MAX of either: none is told.
	nullflag_pair flag_set[NULLFLAG_MAX], flag_spoiled[NULLFLAG_MAX];
	unsigned nflag_set, nflag_spoiled;
	bool flag_overflow;
} summary;

// A field of an object struct that Python code can assign (settable.c):
// `assigner` assigns `type`'s `field`, and Python code reaches it through
// `via` (the same function, or a registered one that calls it).
typedef struct settable_field {
	const char *type;     // the struct, as owner_type_of() spells it
	const char *field;
	const char *assigner; // the function that assigns it
	const char *via;      // the registered function that reaches it
	bool by_setter;       // assigner is a PyGetSetDef setter, through
			      // its object (its first parameter)
	bool storage;         // what it changes is the items the field's
			      // array holds (`p->items[i] = v`), not the
			      // field itself
	bool integer;         // an integer field any function of the file
			      // changes (int_field_changed()), whoever
			      // reaches it; read by nothing else
} settable_field;

// A field some function of the file releases what it holds from
// (links.c): `type` as owner_type_of() spells it.
typedef struct released_field {
	const char *type;
	const char *field;
} released_field;

// A function-pointer field the file fills with APIs of the knowledge base
// (fnptr.c): `type` as owner_type_of() spells it.
typedef struct fnptr_field {
	const char *type;
	const char *field;
	const ol_kb_entry *entry; // what a call through it does
	bool mixed; // also receives something else: unknown
} fnptr_field;

typedef struct tu_ctx {
	const ol_kb *kb;
	const ol_engine_opts *opts;
	ol_diag_sink *sink;
	ol_arena *a; // summaries, for the whole TU
	summary *sums;
	size_t nsums;
	// Indexes of `sums` sorted by function name, then position: a lookup
	// by name is a binary search, not a scan (a file of 10,000 functions
	// makes 10,000 lookups per function otherwise).
	struct named_sum {
		const char *name;
		size_t index;
	} *by_name;
	// Entries made from source annotations (rules/README.md), by callee name.
	OL_VEC(ol_kb_entry *) annotated;
	// Object fields Python code can assign (settable.c).
	OL_VEC(settable_field) settable;
	// Fields whose value some function releases (links.c).
	OL_VEC(released_field) released_fields;
	// (links.c) Object structs linked to their own kind by a field the
	// file assigns (`n->next = m`): the nodes of an intrusive list.
	OL_VEC(const char *) node_types;
	// Function-pointer fields filled with known APIs (fnptr.c).
	OL_VEC(fnptr_field) fnptr_fields;
	// Names of the globals some function of the file reads
	// (globalreads.c; the names are the CFGs').
	ol_strmap read_globals;
	// ... those it writes with anything but NULL (or takes the address
	// of), and those it writes with NULL (or an always-failing call's
	// result): a global only in the second holds no reference.
	ol_strmap object_globals, null_globals;
	// ... and every global it writes at all (or takes the address of).
	ol_strmap written_globals;
	// While the callees of a function are ordered: its index in `sums`.
	size_t ordering;
	// A method of the file releases its own `self` without taking a
	// reference to it (keepalive.c).
	bool self_paid_back;
} tu_ctx;

/* memo.c: a later round replays the functions whose inputs did not
 * change ------------------------------------------------------------ */

typedef OL_VEC(ol_owner_fact) fact_log;

// Applies DO to each string field of owner fact `f` (memo.c interns and
// packs them; summary.c copies those of a pass held back).
#define FACT_STRINGS(f, DO)                                                 \
	do {                                                                \
		DO((f)->owner_type); DO((f)->field); DO((f)->value_type);  \
		DO((f)->resource); DO((f)->api); DO((f)->func);            \
		DO((f)->release_api); DO((f)->loc.file); DO((f)->loc.mfile); \
	} while (0)

// One run of ol_engine_run() with a memo (opts->memo): the file's
// options with its facts logged, and where each function's results start.
typedef struct memo_round {
	struct ol_engine_memo *m; // NULL: no memo, nothing to do
	tu_ctx *tu;
	bool reuse;               // the memo holds the last round's results
	uint64_t settable_digest; // of tu->settable (memo.c)
	ol_engine_opts opts;      // tu->opts during the round
	ol_owner_fact_fn on_fact; // where the facts go on to
	void *fact_payload;
	fact_log facts;           // this round's, for the memo
	ol_strmap strings;        // their strings, kept once in tu->a
	size_t d_base, n_base;    // the sink's counts before the round
	size_t d0, n0, f0;        // the current function's first results
} memo_round;

// Makes tu->opts the round's. Call after the summaries are indexed.
void memo_begin(memo_round *r, tu_ctx *tu);
// Whether function `i` is replayed (its inputs are those of its last
// analysis); else it is to be analyzed. Call before either.
bool memo_replays(memo_round *r, size_t i);
// Hands on function `i`'s last results and puts back its summary.
void memo_replay(memo_round *r, size_t i);
// Function `i` is done (analyzed or replayed): its results so far.
void memo_done(memo_round *r, size_t i);
// The round's results become the memo (which takes tu->a).
void memo_end(memo_round *r);

// How many of the file's functions are named `name`; the first is
// tu->by_name[*first] (summary.c).
size_t summaries_named(const tu_ctx *tu, const char *name, size_t *first);

// Bit sets of `words` uint64_t (variables, field names, masks): the
// liveness passes (explore.c, fieldlive.c, masklive.c, relevance.c).
static inline bool bit_get(const uint64_t *set, unsigned i)
{
	return set[i / 64] >> (i % 64) & 1;
}

static inline void bit_set(uint64_t *set, unsigned i)
{
	set[i / 64] |= (uint64_t)1 << (i % 64);
}

static inline void bit_clear(uint64_t *set, unsigned i)
{
	set[i / 64] &= ~((uint64_t)1 << (i % 64));
}

// `x & k` with such a k tests flags of x, and the result is tied to x
// (eval.c; engine/masklive.c keeps the tie where it is read again).
static inline bool mask_is_flag(long long k)
{
	return k >= 0 && k < 4096;
}

// What field names the code from each block on may mention
// (fieldlive.c): `in[block * words + w]`, bits indexing the sorted `names`.
typedef struct field_live {
	const char **names;
	unsigned n, words;
	uint64_t *in;
	// The function returns a pointer: a flag it leaves in a parameter's
	// struct may tell its callers that pointer's NULL (nullflag.c), so
	// such slots stay to the exits.
	bool keep_param_flags;
} field_live;

// The masks `x & K` the code from each block on may test (masklive.c):
// `in[block * words + w]`, bits indexing `masks`, and bit n: any mask.
typedef struct mask_live {
	long long *masks;
	unsigned n, words;
	uint64_t *in;
} mask_live;

// Ranges a block was explored with, by the rest of the state (join.c).
typedef struct join_table {
	struct join_entry *slots;
	unsigned cap, count;
} join_table;

typedef struct ctx {
	tu_ctx *tu;
	const ol_func *fn;
	const ol_block *blk; // the block being evaluated
	// (collect() at a branch) the successor the path goes on to, or NULL
	const ol_block *next_blk;
	const ol_expr *assign_rhs; // the value of the assignment being stored
	summary *sum; // of `fn`
	const ol_kb *kb;
	const ol_engine_opts *opts;
	ol_diag_sink *sink;
	ol_arena *a; // per-function scratch: history, messages
	unsigned nvars;
	unsigned seq;
	unsigned long steps;
	bool quiet;     // summary pass: no findings
	// A reporting pass run before the quiet pass it would follow
	// (summary.c's analyze()): it notes each step a quiet pass before it
	// would have changed (needs_quiet_pass), and is then done again the
	// usual way.
	bool ahead;
	bool needs_quiet_pass;
	bool exit_err;  // (the machines' on_exit) the path ends in an error
	int exit_ret;   // (nullflag.c) ... returning this sym (-1: none)
			// exit
	bool budget_hit;
	// The operation just evaluated gave NULL where the program crashes
	// on it (nonnull.c's null_argument()): the path ends there.
	bool crashed;
	const hist *h;  // current path's history
	const lostnode *lost; // current path's pending lost-handle leaks
	unsigned until_seq;   // report(): ignore history after this (0: all)
	// Lost-handle leaks seen at path ends, reported once per site when
	// the function is done: 101 if some path went on to a normal exit,
	// else 105.
	OL_VEC(struct lost_seen) lost_seen;
	seen *seen;     // per block
	OL_VEC(item) work;
	// Acquisition sites already reported as leaked: one finding per
	// site and rule, as GCC's and Clang's analyzers do.
	OL_VEC(ol_loc) leaked;
	// Liveness: live_in[b * words + w], and variables whose address is
	// taken (always live).
	uint64_t *live_in;
	uint64_t *addr_taken;
	// Variables whose address goes somewhere other than straight into a
	// call's argument (`self->opts = &arg`): code run later may reach
	// them (explore.c's find_kept_addresses()).
	uint64_t *addr_kept;
	// ... per block (def_in[b * words + w]): the variables it defines
	// (assigns, increments, declares) and those whose address it takes
	uint64_t *def_in, *addr_in;
	unsigned words;
	// Relevance (relevance.c): rel_in[b * words + w], the variables
	// whose value may still reach a decision.
	uint64_t *rel_in;
	bool *loop_head; // per block: the target of a back edge
	// (C++) per block: some path from it returns; NULL when the
	// function has no exit an exception takes (every block does).
	// Code a call runs on a path that can only end in a throw is no
	// code its callers' borrows outlive (reaches_return()).
	uint64_t *returns_from;
	// per loop head, once widened: the variables code from the head on
	// may write (explore.c's loop_writes())
	uint64_t **loop_writes;
	int *scratch;         // canon_scratch()
	size_t scratch_cap;
	// collect()'s spare array of syms: where the syms it moves out of
	// order wait while the others are moved.
	sym *spare_syms;
	unsigned spare_cap;
	// The note "passed to 'API'" of each API a call gave an argument to,
	// by the API's name (call.c's passed_to(); the text is in `a`).
	ol_strmap passed_to;
	// The state whose canonical order the scratch holds (join_base), and
	// its count, for the state_hash that follows; NULL once reused.
	const state *canon_state;
	unsigned canon_n;
	field_live fields; // field names still mentioned (fieldlive.c)
	mask_live masks;   // flag masks still tested (masklive.c)
	join_table *joins; // per block (join.c)
	// The call being evaluated takes only closed arguments: what it
	// returns or stores through out-parameters is closed too.
	bool closed_call;
	int rel_via; // the release being evaluated is through `&var`, or -1
	// The callee of the call being evaluated has an incomplete summary
	// (its analysis stopped at the budget): what it does is unknown.
	bool callee_incomplete;
	int slot_cont; // the steal being evaluated stores into a slot of this
		       // container (PyTuple_SET_ITEM), or -1
	const trail *tr; // current path's choices
	bool coarse;     // current path's state is coarse
	bool went_coarse; // some state was: the summary is incomplete
	struct replay *replay; // this walk replays one path (replay.c)
	unsigned replays;      // replays run for this function
	OL_VEC(struct replay_miss) replay_misses; // findings no replay made
	const char **notes;    // per block, the notes of a branch's outcomes
	// A reference count was changed by hand (eval.c): the deallocator
	// it calls may read the released object's type at the same place.
	bool written_decref;
	// The call the current statement is, whose result nobody takes
	// (`append_item(i, root);`), or NULL.
	const ol_expr *discarded_call;
	// The call a branch's condition only tests against NULL (`if
	// (!check_hash(k))`), or NULL.
	const ol_expr *tested_call;
} ctx;

// The kind whose values are typed `PyObject *` (rules/README.md: parameters,
// fields and globals of that type are borrowed references of it).
#define OBJECT_KIND OL_SM_PYREF

/* state.c ------------------------------------------------------------ */

state *state_new(unsigned nvars);
state *state_clone(const state *s, unsigned nvars);
// Room for more syms a copied or compacted array of syms gets past its
// count: a path adds a few at its next ops, and without it each first
// sym_new() would reallocate (and copy) the whole array.
#define SYM_HEADROOM 8u
void state_free(state *s); // NULL-safe
// A new value with sign set `signs`; returns its index.
int sym_new(state *s, uint8_t signs);
uint8_t signs_of_val(long long v);
int sym_const(state *s, long long v);
// A value of type `t` nothing is known of (a pointer may be NULL).
int sym_fresh(state *s, const ol_type *t);
// The value a derived pointer (p + n) stands for; -1 stays -1.
int sym_root(const state *s, int i);
bool is_pyobj(const ol_type *t);
bool is_object_pointer(const ol_type *t);
bool is_type_pointer(const ol_type *t);
const ol_expr *strip_casts(const ol_expr *e);
bool is_pointer(const ol_type *t);
bool type_parameter_pointer(const ol_type *t);
bool type_check_name(const char *name);
bool callers_struct_field(const ol_expr *lhs);
const char *type_check_of(const ol_expr *e, const ol_expr **obj);
bool is_local(const ol_var *v);

// intrange.c: the integer range the path and the expression as written
// prove value `v` (of expression `e`, NULL when unknown) lies in; CPython's
// cache of small ints.
enum { SMALL_INT_MIN = -5, SMALL_INT_MAX = 256 };
bool proven_range(const state *s, const ol_expr *e, int v, long long *lo,
		  long long *hi);
bool proven_small_int(const state *s, const ol_expr *e, int v);
// (intrange.c) `int v = a->client;`: value `v` keeps the range its narrow
// type gave it.
void keep_type_range(state *s, const ol_expr *lhs, const ol_expr *rhs,
		     int v);
// Renames the values reachable from the roots in first-use order into
// `map`/`order` (each nsyms + 1 ints); returns how many are reachable.
unsigned canon_order(const state *s, unsigned nvars, int *map, int *order);
// The state's canonical hash (never 0): equal states hash equal.
uint64_t state_hash(struct ctx *c, const state *s);
// Join keys (join.c): join_base() is the state's shape plus one part per
// reachable value (join_part(..., true)); swapping a value's part for its
// part without range (`range` false) leaves that range out. `map_out`
// receives the canonical indexes (the ctx's scratch: valid until the next
// hash); `parts` (nsyms entries, or NULL) each reachable value's part.
uint64_t join_base(struct ctx *c, const state *s, const int **map_out,
		   uint64_t *parts);
uint64_t join_part(const state *s, const int *map, int i, bool range);
// Room for canon_order's `map` and `order` (each nsyms + 1 ints, `order`
// right after `map`), reused by every call of the function's walk.
int *canon_scratch(struct ctx *c, unsigned nsyms);
// Appends a step to history `prev` (allocated in the function's arena).
const hist *hist_add(ctx *c, const hist *prev, ol_loc loc, const char *msg);
fslot *field_slot(state *s, int base, const char *field);
// The stale slot of `base`'s `field` (fslot.stale), or NULL.
fslot *stale_slot(state *s, int base, const char *field);
void drop_stale(state *s, int base, const char *field);
void drop_stale_slot(state *s, int base, const char *field);
// (eval.c) A read of an integer field no function of the file assigns,
// tested: kept across calls that run code; (state.c) forgotten when a
// callee is given `base`.
bool unassigned_int_read(const ctx *c, const state *s, const fslot *f);
void forget_int_reads_of(const ctx *c, state *s, int base);
// Marks stale the read slots whose relation to a static object outlives
// their value (fslot.stale), before forget_reads().
void keep_tested_reads(ctx *c, state *s);
fslot *field_add(state *s, int base, const char *field, int val, bool read);
// An out-parameter's fields keep their values (copied from `from`).
void keep_fields(state *s, int from, int to);
// Forgets `base`'s slots whose name starts with `prefix` (all: NULL).
void drop_fields_named(state *s, int base, const char *prefix);
void drop_fields(state *s, int base);
// Forgets the slots whose values were only read from memory.
void forget_reads(state *s);
// The index of kind `kind`'s state machine, or -1.
int kind_index(const char *kind);
const ol_sm *sm_of(const sym *y); // NULL when `y` is no resource
const char *sm_kind(const sym *y);

// An entry inferred from a body: this file's summary, or another file's
// contract (the same inference, exported). Documentation is trusted more.
static inline bool inferred_entry(const ol_kb_entry *e)
{
	return e && (!strcmp(e->family, "summary") ||
		     !strcmp(e->family, "contract"));
}

// A deallocator: a teardown slot a table of the file names, or a function
// that returns nothing, whose first parameter is an object and whose name
// says it deallocates (`InputObject_dealloc`, registered by another file
// of the project): its first parameter is the object destroyed, whose
// last reference is gone.
static inline bool destroys_param0(const ol_func *fn)
{
	size_t n = fn->name ? strlen(fn->name) : 0;
	return fn->nparams >= 1 && is_object_pointer(&fn->vars[0]->type) &&
	       ((fn->registered && strstr(fn->registered, "tp_dealloc")) ||
		(fn->ret.cls == OL_TY_VOID && n >= 7 &&
		 !strcasecmp(fn->name + n - 7, "dealloc")));
}

// CPython calls `fn` through a table: it lends the arguments and expects
// a new reference (or an int status) back, whatever `fn`'s linkage.
static inline bool interp_contract(const ol_func *fn)
{
	return fn->registered && !fn->reg_teardown;
}

// The function whose summary entry (family "summary") is `e` calls a call
// that may run Python code (summary.c; set by sm/borrow.c).
bool summary_runs_code(const ol_kb_entry *e);
bool summary_tears_down(const ol_kb_entry *e);
// What the returns of `fn` say as written (shapes.c).
bool probes_indicator(const ol_func *fn, long long *set_val);
unsigned passthrough_unless_error(const ol_func *fn);
bool returns_zero(const ol_func *fn);
bool summary_keeps_memory(const ol_kb_entry *e);
const char *summary_static_kept(const ol_kb_entry *e, unsigned n);
void take_static_kept(ctx *c, state *s, const ol_kb_entry *ent,
		      const char *api, ol_loc loc);
// nullflag.c: a failure told by a NULL result and a flag together.
void nullflag_reset(summary *sm);
bool summary_null_flag(const ol_kb_entry *e, unsigned *param,
		       const char **field);
void nullflag_after_call(state *s, const ol_kb_entry *ent, const int *args,
			 unsigned nargs, int ret);

// The same function reaches a call whose code has a name (a user method,
// the called object): true, with that call's API and what it calls.
bool summary_runs_named_code(const ol_kb_entry *e, const char **api,
			     const char **what);

// A reference taken on a parameter and left for the caller (summary.c).
bool held_for_caller(const struct ctx *c, const sym *y);
// Ownership told by a flag (summary.c): the block being evaluated is
// entered only where a test of an integer parameter says so; the function
// writes a `bool *`/`int *` parameter, which may say what it returns.
bool entered_on_callers_flag(const struct ctx *c);
bool returns_ownership_flag(const ol_func *fn, const summary *sm);

/* report.c ----------------------------------------------------------- */

// "new reference 'x' from 'PyLong_FromLong'", in the function's arena.
const char *describe(ctx *c, const sym *y);
// Builds a finding about `y` (may be NULL) at `at`: its acquisition, the
// branches taken since, its release, and `final_msg`.
void report(ctx *c, ol_check_id check, const sym *y, ol_loc at,
	    const char *msg, const char *final_msg);
// The same, naming `resource` as the finding's kind.
void report_as(ctx *c, ol_check_id check, const sym *y, const char *resource,
	       ol_loc at, const char *msg, const char *final_msg);
// Who holds each reference (holder.c): argument `k` of `ent` was just
// stolen or kept (`was_held`: kept elsewhere before) by its first
// argument; `a` is passed to `ent` (NULL: unknown), which may keep it;
// container `i`'s last reference was released; a use of `y` after its
// only holder died (MOJO-BOR-201, returns true when reported).
void ol_holder_take(ctx *c, state *s, const ol_kb_entry *ent,
		    const int *args, unsigned nargs, unsigned k, bool stolen,
		    bool was_held, ol_loc loc);
void ol_holder_lend(state *s, const ol_kb_entry *ent, int a);
void ol_holder_released(ctx *c, state *s, int i, const char *api,
			ol_loc loc);
bool ol_holder_use_check(ctx *c, sym *y, ol_loc loc, const char *how);
// The release of borrowed parameter `i` pays back a reference a field
// held, which the path dropped (returns true: no release of a borrow).
bool ol_holder_field_paid(ctx *c, state *s, int i, const char *api,
			  ol_loc loc);

// An owner fact for the ownership graph (no-op in a quiet pass).
void fact(ctx *c, ol_owner_fact_kind kind, const char *owner_type,
	  const char *field, const sym *y, const char *api, ol_loc loc,
	  bool on_param0, const char *value_type);
// A use needing `i` alive: MOJO-OWN-103, BOR-201/206/207.
void use_check(ctx *c, state *s, int i, ol_loc loc, const char *how);
// MOJO-OWN-109 for an out-parameter whose call status was never tested.
void status_check(ctx *c, state *s, int i, ol_loc loc, const char *how);
// The acquisition may have failed (NULL) and nothing checked it yet.
bool unchecked(const sym *y);
void report_unchecked(ctx *c, state *s, int r, ol_loc loc, const char *how);
// Reports a finding at an earlier step of the path (`step`), with the
// branches taken up to it only (report.c); step_until() says where the
// path shown ends.
unsigned step_until(const ctx *c, const hist *step);
void report_step(ctx *c, ol_check_id check, const sym *y, const hist *step,
		 const char *msg, const char *final_msg);
// `*p`, `p->f`, `p[i]`: alive and known non-NULL afterwards.
void deref_check(ctx *c, state *s, int i, ol_loc loc);
// What the probe __ownlint_state(v) prints.
const char *sym_state_text(ctx *c, const state *s, int i);
// Drops values unreachable from the roots; owned ones among them lost
// their last handle at `loc`.
void collect(ctx *c, state *s, ol_loc loc);
bool same_loc(ol_loc a, ol_loc b);
bool leak_check(ol_check_id k); // MOJO-OWN-101 or 105
void report_lost(ctx *c, bool err);
void flush_lost(ctx *c);
// A return (b->cond the value, or NULL) ends the path.
void end_of_path(ctx *c, state *s, const ol_block *b);
bool returns_new_reference(const ctx *c);

/* resource.c --------------------------------------------------------- */

void escape(state *s, int i);
void note_consumed(sym *y);
void store_escape(state *s, int i);
bool store_undone(const state *s, int i);
void memory_given(state *s, int i);
void report_double_release(ctx *c, sym *y, const char *api, ol_loc loc);
void mark_released(ctx *c, sym *y, const char *api, ol_loc loc);
// Releases `i` by `api`: the generic checks, then its kind's on_release
// (else release_owned()).
void release(ctx *c, state *s, int i, const char *api, ol_loc loc,
	     bool null_ok);
// owned --release--> released, for kinds without their own step.
bool release_owned(ctx *c, state *s, int i, const char *api, ol_loc loc,
		   bool null_ok);
void steal(ctx *c, state *s, int i, const char *api, ol_loc loc);
// One more reference of `i`, by the machine of kind `kind`.
void incref(ctx *c, state *s, int kind, int i, const ol_expr *arg,
	    const char *api, ol_loc loc, bool null_ok);
int new_resource(ctx *c, state *s, int kind, uint8_t signs,
		 const ol_kb_entry *acq, const char *api, ol_loc loc);
int new_borrowed(ctx *c, state *s, uint8_t signs, const char *api,
		 ol_loc loc, bool weak);
bool cross_kind_release(ctx *c, state *s, int a, const ol_kb_entry *ent,
			const char *api, ol_loc loc);
void mutated(ctx *c, state *s, int cont, const char *api, ol_loc loc);

/* eval.c ------------------------------------------------------------- */

int eval(ctx *c, state *s, const ol_expr *e);
// Stores `val` into the lvalue `lhs`.
void store(ctx *c, state *s, const ol_expr *lhs, int val);
// `v` is stored where it outlives this call without a reference taken.
void stored_elsewhere(ctx *c, state *s, int v, ol_loc loc,
		      const ol_expr *lhs);
long long fold(ol_opcode op, long long a, long long b, bool *ok);
int param_sym(ctx *c, state *s, const ol_var *v);
void forget_memory(ctx *c, state *s);
// Forgets what was only read from memory, but for the fields of a local
// struct whose address went nowhere but straight into calls.
void forget_reads_but_local(const ctx *c, state *s);
const char *owner_type_of(const ol_expr *e);
// The object struct an assigned value points to before its cast, or NULL.
const char *object_type_of(const ol_expr *rhs);
bool is_param0(const ctx *c, const state *s, int base);

/* handoff.c: destroy-callback hand-offs ------------------------------ */

typedef enum handoff_how {
	HANDOFF_NONE,    // not the data argument of a hand-off: as usual
	HANDOFF_TAKEN,   // the destroy function releases it: stolen
	HANDOFF_TAKEN_ON_SUCCESS, // ... when the call succeeds (an unknown
				  // call's status: handoff_entry())
	HANDOFF_KEPT,    // nothing will release it: still the caller's
	HANDOFF_ESCAPED, // not known what becomes of it: no longer followed
} handoff_how;

typedef struct handoff {
	handoff_how how;
	const char *why; // HANDOFF_KEPT: why, for the path
} handoff;

// What call `e` (entry `ent`, NULL when unknown) does with argument `k`
// as the data of a destroy-callback hand-off.
handoff handoff_at(ctx *c, const ol_expr *e, const ol_kb_entry *ent,
		   unsigned k);
// What a call waits on to take what it was handed on success: `ent`, or
// for a call the tool knows nothing of, an entry that fails below 0.
const ol_kb_entry *handoff_entry(ctx *c, const ol_kb_entry *ent,
				 const char *api);
// (callee.c) The knowledge-base entry of the callee of `call`, by its name
// or by the macro it was written as (PY_SSIZE_T_CLEAN's renames), or NULL.
const ol_kb_entry *kb_entry_of(const ol_kb *kb, const ol_expr *call);
// (callee.c) What the callee of `call` does: its annotations, its rules
// entry, the summary or contract of its body; NULL when none says (the
// conventions apply). Sets c->callee_incomplete.
const ol_kb_entry *callee_entry(ctx *c, const ol_expr *call);
// (callee.c) `call` is the function under analysis calling itself.
bool calls_itself(const ctx *c, const ol_expr *call);
// Applies `h` to argument value `a` of the call to `api`.
void hand_off(ctx *c, state *s, int a, const handoff *h, const char *api,
	      ol_loc loc);
// Marks the file's functions named as a hand-off's destroy function
// (summary.destroy_fn), before any is analyzed.
void handoff_mark_destroy_fns(tu_ctx *tu);
// A step every finding about the path shows (a hand-over that did not
// happen, and why).
const hist *path_note(ctx *c, ol_loc loc, const char *msg);

/* settable.c: the object fields Python code can reassign -------------- */

// Reads into tu->settable the fields the file's functions let Python code
// assign (after index_by_name).
void settable_collect(tu_ctx *tu);
// The setter that assigns `type`'s `field`, or NULL.
const settable_field *settable_find(const tu_ctx *tu, const char *type,
				    const char *field);
// The field when a function Python code reaches assigns it, else NULL.
const settable_field *mutable_field_find(const tu_ctx *tu, const char *type,
					 const char *field);
// Whether some function of the file changes integer field `type`'s
// `field` through a pointer not its own local's, or takes its address.
bool int_field_changed(const tu_ctx *tu, const char *type, const char *field);
// The field when a function Python code reaches changes the items of its
// array (stores one, or resizes the array), else NULL.
const settable_field *storage_change_find(const tu_ctx *tu, const char *type,
					  const char *field);

bool kb_steal(const ol_kb *kb, const ol_func *fn, unsigned index);

/* globalreads.c: the globals some function of the file reads ------- */
void globalreads_collect(tu_ctx *tu);
bool global_read(const tu_ctx *tu, const char *name);
// The functions of the file write global `name`, and only with NULL or
// an always-failing call's result (never taking its address).
bool global_only_null(const tu_ctx *tu, const char *name);
// No function of the file writes global `name` (nor takes its address).
bool global_never_written(const tu_ctx *tu, const char *name);
// No function of the file writes NULL (or Py_CLEAR()s) global `name`.
bool global_never_nulled(const tu_ctx *tu, const char *name);

// (summary.c) Calls `visit` on every statement and branch condition of
// the file's functions.
void tu_each_expr(tu_ctx *tu, void (*visit)(tu_ctx *, const ol_expr *));
void expr_each_operand(tu_ctx *tu, const ol_expr *e,
		       void (*visit)(tu_ctx *, const ol_expr *));

/* fnptr.c: function-pointer fields the file fills with known APIs ----- */

// Reads the file's stores of functions into fields.
void fnptr_collect(tu_ctx *tu);
// (staticargs.c) Reads the file's calls for the parameters every call
// gives the address of a static object; staticargs_param() says whether
// parameter `i` of `sm`'s function is one.
void staticargs_collect(tu_ctx *tu);
// (nonnull.c) The arguments that were not NULL where call `e`, whose
// result is `ret`, succeeded: each that may be NULL is tied to the result
// (`listed`: those the format's units name, format.c). Then, after the
// error indicator's effects, a first argument the callee raises on when
// NULL.
void nonnull_where_succeeded(state *s, const ol_expr *e,
			     const ol_kb_entry *ent, const int *args, int ret,
			     const int *listed, unsigned nlisted);
void null_raises_after_call(state *s, const ol_expr *e,
			    const ol_kb_entry *ent, const int *args, int ret);
// MOJO-OWN-109's arguments (nonnull.c): before a call's effects, each use
// that needs a value not NULL is noted for a later crash to name; after
// them, what the call says of a first argument that must be an object.
void note_nonnull_uses(ctx *c, state *s, const ol_expr *e,
		       const ol_kb_entry *ent, const char *api,
		       const int *args);
void first_arg_after_call(ctx *c, state *s, const ol_expr *e,
			  const ol_kb_entry *ent, const int *args,
			  const char *api);
bool staticargs_param(const summary *sm, unsigned i);
// The constants every call of the file gives integer parameter `i`, from
// `*lo` to `*hi` (staticargs.c).
bool staticargs_int_param(const summary *sm, unsigned i, long long *lo,
			  long long *hi);
// A variable that is a static object (`PyTypeObject FooType`,
// `_Py_NoneStruct`): eval.c.
bool is_static_object(const ol_var *v);
// What a call through `type`'s field `field` does, when every function
// the file stores there does the same; else NULL.
const ol_kb_entry *fnptr_field_entry(const tu_ctx *tu, const char *type,
				     const char *field);

/* keepalive.c: an object that keeps itself alive while it works ---- */
void keepalive_collect(tu_ctx *tu);
// `y` is a reference a method took to its own `self` and keeps, in a file
// where another method pays such a reference back.
bool kept_alive_self(const ctx *c, const sym *y);

/* links.c: fields that link objects without a reference ------------ */
void links_collect(tu_ctx *tu);
// `lhs = v` links v into a list of raw pointers (a field typed as its
// holder's own struct that no function of the file releases): no
// reference goes with it.
bool link_store(const tu_ctx *tu, const ol_expr *lhs);
bool field_released(const tu_ctx *tu, const char *type, const char *field);

const ol_kb_entry *macro_entry(const ctx *c, const ol_expr *e);
// Records a store through pointer `p` for the function's summary.
void written_through(ctx *c, state *s, int p);
// The STORE owner fact for `i` bound to global `v` (no-op for a local).
void bind_fact(ctx *c, state *s, const ol_var *v, int i, ol_loc loc);

/* call.c, format.c --------------------------------------------------- */

// Room for the out-parameters a call acquires, or writes, on success
// (a parse format's "O" units among them).
#define ACQ_OUT_MAX 16

int eval_call(ctx *c, state *s, const ol_expr *e);
bool made_sized_alone(const sym *y);
void set_out(ctx *c, state *s, int a, int val);
int out_var_old(const state *s, int a);
bool selfcheck_test(const ctx *c, const state *s, int l, int r);
unsigned apply_format(ctx *c, state *s, const ol_expr *e, const int *args,
		      const ol_kb_entry *ent, int *acq, unsigned max,
		      int *nonnull, unsigned *nnonnull);

/* path.c ------------------------------------------------------------- */

// A condition reduced to "sym OP constant" (or "sym != 0").
typedef struct cond {
	int sym;      // -1: not refinable
	ol_opcode op; // OL_OP_EQ .. OL_OP_GE
	long long k;
	int known;    // 1 true, 0 false, -1 unknown
	int stat;     // `sym == <static object stat>`, or -1
	int other;    // `sym == other`: sym a reference a summary called new,
		      // other one we borrow (or -1)
	bool selfcheck; // a test of closed values (see is_closed)
	// `PyUnicode_CheckExact(x)`: the value of x, of an exact builtin
	// type when the test's outcome is `sym exact_op k` (or -1).
	int exact_of;
	ol_opcode exact_op;
	// `if (ok)` after `ok = p != NULL` (sym_cmp_of): the test is of p,
	// and ok itself is refined too (non-zero when the outcome, negated
	// with bool_neg, holds), or -1.
	int bool_sym;
	bool bool_neg;
	// (C++) `o != _object` in a member: sym a parameter, held_by the
	// value of a field of the object (or -1). Where they are equal, the
	// field already holds what the caller handed over (a setter's
	// self-assignment guard, `if (o != _object) Py_XSETREF(_object, o)`).
	int held_by;
	// `sym == g`, sym a borrow and g what a global variable holds
	// (PyGLM's `first == ctypes_float`): where they are equal, sym is
	// the object the global keeps alive.
	bool is_global;
	// `sym == null_if_eq`, sym a block this path allocated (maybe
	// NULL) and the other a parameter's value or another such block:
	// they are equal only when both are NULL (or -1).
	int null_if_eq;
} cond;

cond eval_cond(ctx *c, state *s, const ol_expr *e);
// `k OP x` as `x OP' k`.
ol_opcode swap_cmp(ol_opcode op);
// `x OP k` false as `x OP' k` true.
ol_opcode negate_cmp(ol_opcode op);
// Refines `s` so that the condition has outcome `truth`; false when that
// outcome is impossible.
bool assume(ctx *c, state *s, const cond *cd, bool truth, ol_loc loc);

// The error indicator along a path (errstate.c).
void err_state_entry(const ctx *c, state *s);
void err_state_call(const ctx *c, state *s, const ol_expr *e,
		    const ol_kb_entry *ent, int ret);
// `i` was just tested: PyErr_Occurred()'s open result settles the calls
// tied to the indicator. False when that is impossible on this path.
bool err_state_tested(ctx *c, state *s, int i, ol_loc loc);
// `ent` is a C library's function (libc, pthreads, CUDA, ...), which
// never touches the Python error indicator.
bool err_c_library(const ol_kb_entry *ent);
// No error can be set here but by the call that made `a` (its failure).
bool err_clear_but_for(state *s, int a);
// No error is set: ERR_CLEAR, and every call tied to it known to have
// succeeded (a PyErr_Fetch then gives NULLs).
bool err_certainly_clear(const state *s);
// Before collect() drops the syms `map` does not reach.
void err_state_dropped(state *s, const int *map);
int acquired(const sym *r);
void settle_acquired(state *s, int r, bool force);
// A conditional effect whose call result was never tested is settled as
// the code expects (`returned`: the result is the function's return).
void settle_untested(ctx *c, state *s, int i, ol_loc loc, bool returned);
void realloc_succeeded(ctx *c, state *s, int i, ol_loc loc);
void incref_kept(ctx *c, state *s, int i, const ol_kb_entry *ent,
		 ol_loc loc);

/* explore.c, fieldlive.c, summary.c ------------------------------------ */

// A block's successors are block_succ(b, k) for k < succ_slots(b), some
// of them NULL: succ[0], succ[1], the switch's cases, its default.
static inline unsigned succ_slots(const ol_block *b)
{
	return 3 + b->ncases;
}

static inline const ol_block *block_succ(const ol_block *b, unsigned k)
{
	if (k < 2)
		return b->succ[k];
	if (k - 2 < b->ncases)
		return b->cases[k - 2].succ;
	return k - 2 == b->ncases ? b->default_succ : NULL;
}

// Some path from the block being evaluated returns to the caller
// (ctx.returns_from): what happens there is what its callers may see.
static inline bool reaches_return(const struct ctx *c)
{
	return !c->returns_from || !c->blk || c->returns_from[c->blk->id];
}

// Computes which field names each block of `fn` and its successors mention.
void field_liveness(const ol_func *fn, field_live *fl);
void field_liveness_free(field_live *fl);
// Forgets the field slots of `s` no code from `b` on mentions, unless their
// value still carries an obligation.
void drop_dead_fields(const field_live *fl, const ol_block *b, state *s);
// `in` (nblocks x words bits) = `use` of the block | the successors' `in`,
// to the fixpoint (fieldlive.c): what the code from each block on uses.
void live_backward(const ol_func *fn, unsigned words, const uint64_t *use,
		   uint64_t *in);
// relevance.c: which variables' values may still reach a decision on entry
// to each block (`*rel_in`, nblocks x words bits); at block entry, integer
// locals whose value none will reach are unbound.
void relevance(const ol_func *fn, const uint64_t *addr_taken, unsigned words,
	       uint64_t **rel_in);
void drop_irrelevant(const ctx *c, const ol_block *b, state *s);
// masklive.c: which masks the code from each block on may test; at block
// entry, tested `x & K` values of dead masks are untied from x.
void mask_liveness(const ol_func *fn, mask_live *ml);
void mask_liveness_free(mask_live *ml);
void drop_dead_masks(const mask_live *ml, const ol_block *b, state *s);
// (Widening a loop head) Forgets the slots, carrying no obligation, of
// objects no variable holds: the nodes a relinking loop left behind.
void forget_unheld_slots(state *s, unsigned nvars);
// (Widening a loop head) Forgets what the function stored in the fields of
// an object it was handed (a reference handed over, a NULL), its owner
// fact given now: a loop that sets one of several fields each turn
// (`_elementtree`'s `_setevents`) ends its turns in one state.
void forget_stored_slots(ctx *c, state *s, unsigned nvars);
// The owner fact of a reference stored into a field, given now.
void commit_store(ctx *c, sym *y);

// A state entering a block that was entered with many states already is
// compared with them one plain value at a time (join.c): dropped when one
// explored covers it, or its value's range widened to the exact union.
// `*hash` gets the state's state_hash() (as joined).
typedef enum { JOIN_NEW, JOIN_WIDENED, JOIN_SUBSUMED } join_result;
join_result join_state(ctx *c, const ol_block *b, state *s, uint64_t *hash);
void join_tables_free(ctx *c);
// (join.c) A value that is no resource and related to no other value
// (`referred`, from referrers(): derived from, linked to, owned by, tested
// against), whatever parameter's entry value it is.
bool plain_value(const state *s, int i, const bool *referred);
bool *referrers(const state *s); // (the caller frees the array)

/* flatten.c ---------------------------------------------------------- */

// Forgets what no resource needs (see the file); whether anything went.
bool flatten_plain(ctx *c, state *s);
uint8_t signs_for_type(const ol_type *t);

/* replay.c ----------------------------------------------------------- */

const trail *trail_add(ctx *c, const trail *prev, const ol_block *b,
		       unsigned choice);
// In a replay: the successor the replayed path took at `b` (trail.choice),
// or -1 when it ends here.
long replay_choice(ctx *c, const ol_block *b);
// In a replay: whether the replayed path's state entering `b` was widened
// (mark TRAIL_WIDEN) or flattened (TRAIL_FLATTEN).
bool replay_mark(ctx *c, const ol_block *b, unsigned mark);
// In a replay: the replayed path is not feasible after all.
void replay_dead(ctx *c);
// A finding made on the current path, which is coarse: does replaying the
// path without flattening make it too?
bool replay_confirms(ctx *c, ol_check_id check, ol_loc at);
// In a replay: a finding the replayed path makes.
void replay_seen(ctx *c, ol_check_id check, ol_loc at);
// (explore.c) Walks the path `c->replay` describes from the entry of
// `c->fn`, in a context of its own that shares c's analyses of the function.
void replay_walk(ctx *c);

// Explores `fn` once; a quiet pass reports nothing and fills `sm`. With
// `ahead`, a pass run before the quiet pass it would follow: whether it met
// a step such a quiet pass would have changed (then its results are not
// the usual ones).
bool explore(tu_ctx *tu, const ol_func *fn, summary *sm, bool quiet,
	     bool ahead);

// (A pass run ahead) This step goes otherwise after a quiet pass.
static inline void ahead_differs(ctx *c)
{
	if (c->ahead)
		c->needs_quiet_pass = true;
}
summary *summary_of(ctx *c, const char *name);
// The summary of the callee of `call` (of C++ overloads, the one of the
// call's signature).
summary *summary_of_call(ctx *c, const ol_expr *call);
bool sig_may_match(const ol_expr *call, const ol_func *fn);
// The translation unit defines the function `call` names, with a
// signature the call may have (analyzed or not yet).
bool defined_here(const ctx *c, const ol_expr *call);
// Records what a return path says about the function, for callers.
// (RET_STATIC: Py_None, Py_True, Py_False with a reference counted.)
typedef enum { RET_OTHER, RET_NULL, RET_OWNED, RET_BORROWED, RET_STATIC } ret_class;
// (nullflag.c) what a return path leaves in its parameters' flags
void nullflag_note_path(ctx *c, const state *s, ret_class rc);
ret_class classify_return(const sym *y);
void summarize_path(ctx *c, const state *s, ret_class rc, bool err,
		    int ret_param, bool ret_may_be_null);

/* hooks -------------------------------------------------------------- */

// Calls `hook` of every built-in machine that has it.
#define FOR_EACH_MACHINE(m)                                                 \
	for (size_t m##_i = 0; m##_i < OL_SM__NBUILTIN; m##_i++)            \
		for (const ol_sm *m = ol_sm_at(m##_i); m; m = NULL)

#endif
