/*
 * sm.h — one state machine per resource kind.
 *
 * The engine (engine/) owns what every kind shares: the walk over paths,
 * the symbolic values, the generic life cycle below, and the knowledge
 * base's effects at calls.
 *
 *                 acquire (KB ret/out-param)
 *     (untracked) --------------------------> owned
 *     owned    --release (KB arg effect)-->   released
 *     owned    --stored into non-local / handed to unknown code-->  escaped
 *     released --release-->  [MOJO-OWN-104]    released --use--> [MOJO-OWN-103]
 *     owned    --path ends / last handle lost--> [MOJO-OWN-101 / 105]
 *
 * A kind's machine, in sm/<kind>.c, holds what differs: its words for
 * messages, a few flags, and hooks the engine calls at fixed points of its
 * walk. Every hook is optional; a kind without hooks (a user kind from a
 * rules file) follows the generic life cycle alone.
 *
 * Hooks come in two sorts:
 *   - per value: the engine calls the machine of the value's kind
 *     (on_release, on_steal, on_return, ...);
 *   - per event: the engine calls every built-in machine that has the hook,
 *     in registry order (before_call, after_call, on_exit, ...), and a
 *     machine decides whether the event concerns it.
 *
 * A machine reads and changes values through the engine's value model and
 * services, declared in engine/engine_int.h (symbols, states, history,
 * report()). The engine never tests a value's kind to pick a behaviour:
 * it calls the hook, and the machine does the kind's part.
 *
 * Adding a kind with behaviour of its own: one sm/<kind>.c exporting one
 * `const ol_sm`, one line in registry.c (and its index in the enum below),
 * and its APIs as data in rules/.
 */
#ifndef OL_SM_H
#define OL_SM_H

#include "../cfg/cfg.h"

#include <stdbool.h>
#include <stddef.h>

struct ctx;         // the engine's per-function context (engine_int.h)
struct state;       // one path's symbolic state
struct sym;         // one symbolic value
struct ol_kb_entry; // kb/kb.h

// The built-in kinds, in registry order: a kind's index is its value's
// `kind` in the engine. User kinds follow them.
typedef enum ol_sm_builtin {
	OL_SM_HEAP,
	OL_SM_PYREF,
	OL_SM_BUFFER,
	OL_SM_GIL,
	OL_SM_TSS,
	OL_SM_CUDA,
	OL_SM_CAPSULE,
	OL_SM_DLPACK,
	OL_SM__NBUILTIN
} ol_sm_builtin;

typedef struct ol_sm {
	const char *kind; // the resource kind as written in rules files
	const char *noun; // "heap memory", "new reference", ...
	// The event at an acquisition: "<acquire_phrase> '<api>'"; NULL gives
	// "acquired here from '<api>' (<noun>)".
	const char *acquire_phrase;

	// Flags (false unless a machine says otherwise):
	// An unknown callee receiving a handle may keep it (a container's
	// append); stop tracking rather than risk a false leak.
	bool escape_on_unknown_call;
	// A handle given to a C library's `void *` parameter is kept there
	// as an opaque pointer (a callback's user data): it escapes.
	bool escape_into_void_param;
	// Releasing the same handle again is a no-op: PyBuffer_Release sets
	// view->obj = NULL. A copy of the handle released too is MOJO-OWN-104.
	bool rerelease_noop;
	// A borrow-out parameter of an API of this kind gives a borrowed
	// reference (PyDict_Next's key and value).
	bool borrow_out;
	// An acquisition may return an object others hold too (a cached
	// small int): a new handle is not known distinct from other pointers.
	bool acquire_may_share;
	// What is borrowed from a value of this kind is a reference of its
	// own (a list's item), not a part that only the owner's release may
	// free (a buffer view's `obj`, MOJO-OWN-111).
	bool borrows_are_references;
	// A block of this kind the function owns is its own memory: values
	// stored into it stay the function's to manage (a vectorcall argument
	// array on the heap).
	bool owned_memory_is_local;

	// Per-value hooks (the machine of the value's kind):
	// Releases the value `i` (root) by `api`; replaces the generic
	// owned --release--> released step (engine: release_owned()).
	void (*on_release)(struct ctx *c, struct state *s, int i,
			   const char *api, ol_loc loc, bool null_ok);
	// A stealing parameter takes one reference of `i`; without the hook
	// the value escapes (ownership went where we do not follow).
	void (*on_steal)(struct ctx *c, struct state *s, int i,
			 const char *api, ol_loc loc);
	// One more reference (Py_INCREF): `arg` is the argument as written,
	// or NULL when the extra reference is implied (Py_NewRef's result).
	void (*on_incref)(struct ctx *c, struct state *s, int i,
			  const ol_expr *arg, const char *api, ol_loc loc,
			  bool null_ok);
	// `e` (base->field) read from a value `base` of this kind; `r` is the
	// field's fresh value.
	void (*on_member_read)(struct ctx *c, struct state *s,
			       const ol_expr *e, int base, int r);
	// The field that held `old` (read before) is overwritten by `lhs`.
	void (*on_field_overwritten)(struct ctx *c, struct state *s, int old,
				     const ol_expr *lhs);
	// The value `v` is stored where it outlives this call (a field, a
	// global: `lhs` NULL for a global), without a reference taken.
	void (*on_store)(struct ctx *c, struct state *s, int v, ol_loc loc,
			 const ol_expr *lhs);
	// `y`, known not NULL, is compared with a static object: true when
	// it cannot be one (a new object from a constructor).
	bool (*never_static)(const struct ctx *c, const struct sym *y);
	// The value `i` is returned; true when the machine reported the
	// return (and the engine skips its generic hand-over).
	bool (*on_return)(struct ctx *c, struct state *s, int i, ol_loc loc);
	// An owned value would leak: its last handle was lost (`lost`) or the
	// path ends. True excuses it (the GIL given up for good on purpose).
	bool (*leak_excused)(const struct ctx *c, const struct state *s,
			     const struct sym *y, bool lost);

	// Per-event hooks (every built-in machine that has one):
	// An index expression `e` (base value `b`) is read; returns the value
	// when the machine models it (a container item), else -1.
	int (*on_index_read)(struct ctx *c, struct state *s, const ol_expr *e,
			     int b);
	// `e` (an assignment) with right-hand value `r`; true when the
	// machine evaluated it whole (a SET_ITEM macro's expansion).
	bool (*on_assign)(struct ctx *c, struct state *s, const ol_expr *e,
			  int r);
	// A store into `*p` or `p[ix]` (lhs) is about to happen; `w` is the
	// value written through.
	void (*on_store_through)(struct ctx *c, struct state *s,
				 const ol_expr *lhs, int w, int ix);
	// A call, before its arguments' effects (`ent` may be NULL; `args`
	// the arguments' values).
	void (*before_call)(struct ctx *c, struct state *s, const ol_expr *e,
			    const struct ol_kb_entry *ent, const int *args);
	// After the arguments' effects, before the result is made.
	void (*after_args)(struct ctx *c, struct state *s, const ol_expr *e,
			   const struct ol_kb_entry *ent, const int *args);
	// After the call's result `ret` is made; `acq` holds the `nacq`
	// out-parameters it acquired.
	void (*after_call)(struct ctx *c, struct state *s, const ol_expr *e,
			   const struct ol_kb_entry *ent, const int *args,
			   unsigned nargs, int ret, const int *acq,
			   unsigned nacq);
	// A branch narrowed value `i` (its signs are set).
	void (*on_refine)(struct ctx *c, struct state *s, int i);
	// The path returns: first, before pending calls are settled as
	// succeeded; then `on_exit`, after.
	void (*on_exit_pending)(struct ctx *c, struct state *s);
	void (*on_exit)(struct ctx *c, struct state *s);
} ol_sm;

// Returns the state machine for `kind`, or NULL when the kind has none.
// A kind only a rules file names gets a generic machine on first use.
const ol_sm *ol_sm_find(const char *kind);
// All registered state machines, for iteration (index = kind id).
size_t ol_sm_count(void);
const ol_sm *ol_sm_at(size_t i);

#endif
