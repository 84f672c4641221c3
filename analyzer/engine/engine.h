/*
 * engine.h — path-sensitive exploration of a translation unit's functions.
 * The engine walks each function's CFG with a symbolic state and lets the
 * state machines of sm/ (one per resource kind) react to calls, conditions
 * and path ends; they hand findings to the sink. Budget cut-offs become
 * notifications in the sink, never findings.
 */
#ifndef OL_ENGINE_H
#define OL_ENGINE_H

#include "../cfg/cfg.h"
#include "../diag/diag.h"

struct ol_kb;
struct ol_contracts;

// Facts about owners the ownership graph (MOJO-OWN-108/110) is built from.
// All strings are borrowed and valid only during the callback: copy them.
typedef enum ol_owner_fact_kind {
	// An owned resource was stored into `owner_type`.`field` (a field
	// reached through a pointer to that struct type, or a global when
	// owner_type is NULL and field is the global's name).
	OL_FACT_STORE,
	// A value read from `owner_type`.`field` was released (Py_DECREF,
	// Py_CLEAR, free, ...) in `func`.
	OL_FACT_RELEASE,
	// `owner_type`.`field` was visited (Py_VISIT) in `func`: any call
	// that receives a value read from the field and is not a release.
	OL_FACT_PASS,
	// A capsule was made (PyCapsule_New) holding a resource: `field` is
	// its name (NULL: unnamed), `value_type` its destructor (NULL: none),
	// `resource`/`api` what it holds and where that came from, and
	// `release_api` what the destructor releases it with (NULL when it
	// does not, or it is not known). Not a field of any owner: only
	// shown by --dump-graph (issue 12).
	OL_FACT_CAPSULE,
} ol_owner_fact_kind;

typedef struct ol_owner_fact {
	ol_owner_fact_kind kind;
	const char *owner_type; // canonical struct spelling, e.g. "struct Foo"
	const char *field;
	const char *value_type; // the stored value's pointee type, or NULL
	const char *resource;   // "pyref", "heap", ...
	const char *api;        // acquiring API (STORE) or releasing/called one
	const char *func;       // function the fact was seen in
	ol_loc loc;
	bool on_param0;         // the struct pointer is the first parameter
	// STORE: the value is the address of a static object (`&Foo_Type`,
	// Py_None): never freed, never part of a cycle.
	bool static_value;
	// STORE: a value the Python caller gave: an argument of a function
	// CPython calls (a method, a slot, a setter) other than its own
	// object, or an item parsed out of one. Only such a value, or a field
	// Python code assigns, can close a cycle through a field that holds
	// any object (MOJO-OWN-108, graph/check.c).
	bool from_caller;
	const char *release_api; // OL_FACT_CAPSULE (see there), else NULL
} ol_owner_fact;

typedef void (*ol_owner_fact_fn)(const ol_owner_fact *fact, void *payload);

typedef struct ol_engine_opts {
	// Upper bound on (block, state) visits per function; past it the
	// function is reported as a notification ("budget") and its partial
	// findings are kept only if found before the cut-off.
	unsigned max_steps;
	// Print __ownlint_state()/__ownlint_dump() probes as notes.
	bool probes;
	// Called for each owner fact (may be NULL). Called from the thread
	// analyzing the translation unit.
	ol_owner_fact_fn on_fact;
	void *fact_payload;
	// The contracts of functions other files define (borrowed, read
	// only, may be NULL): applied to calls of functions this file does
	// not define (engine/contracts.h).
	const struct ol_contracts *contracts;
	// Receives the contract of every function analyzed (borrowed, may be
	// NULL), for the other files.
	struct ol_contracts *exports;
	// What the last analysis of the same functions left (memo.c; may be
	// NULL): functions whose inputs are unchanged are replayed from it,
	// and it receives this analysis.
	struct ol_engine_memo *memo;
} ol_engine_opts;

// The memo of one file's functions, kept between rounds with its CFGs
// (memo.c). `replayed`/`analyzed` count the functions of later rounds.
typedef struct ol_engine_memo ol_engine_memo;
ol_engine_memo *ol_engine_memo_new(void);
void ol_engine_memo_free(ol_engine_memo *m); // NULL-safe
void ol_engine_memo_counts(const ol_engine_memo *m, size_t *replayed,
			   size_t *analyzed);

#define OL_ENGINE_DEFAULT_MAX_STEPS 200000u

void ol_engine_opts_init(ol_engine_opts *o);

// Analyzes every function of one translation unit. `kb` is borrowed and
// may be NULL (built-in knowledge only).
void ol_engine_run(const ol_func *const *funcs, size_t nfuncs,
		   const struct ol_kb *kb, const ol_engine_opts *opts,
		   ol_diag_sink *sink);

#endif
