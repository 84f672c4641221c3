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

typedef struct ol_engine_opts {
	// Upper bound on (block, state) visits per function; past it the
	// function is reported as a notification ("budget") and its partial
	// findings are kept only if found before the cut-off.
	unsigned max_steps;
	// How many times one block may be entered on one path (loop
	// unrolling bound before widening).
	unsigned max_loop_visits;
	// Print __ownlint_state()/__ownlint_dump() probes as notes.
	bool probes;
} ol_engine_opts;

#define OL_ENGINE_DEFAULT_MAX_STEPS 200000u
#define OL_ENGINE_DEFAULT_LOOP_VISITS 2u

void ol_engine_opts_init(ol_engine_opts *o);

// Analyzes every function of one translation unit. `kb` is borrowed and
// may be NULL (built-in knowledge only).
void ol_engine_run(const ol_func *const *funcs, size_t nfuncs,
		   const struct ol_kb *kb, const ol_engine_opts *opts,
		   ol_diag_sink *sink);

#endif
