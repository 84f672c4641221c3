/*
 * run.h — the pipeline over all inputs: N worker threads, each taking the
 * next translation unit, with its own arena and diagnostics sink; the
 * per-TU sinks are merged in input order and the result sorted, so the
 * output is the same for -j 1 and -j N.
 */
#ifndef OL_RUN_H
#define OL_RUN_H

#include "base/strbuf.h"
#include "cache.h"
#include "diag/diag.h"
#include "frontend/inputs.h"
#include "frontend/tu.h"
#include "progress.h"
#include "shard.h"

#include <stdio.h>

// Stack of each worker thread: the lowering and the engine recurse over
// the nesting of the analyzed code.
#define OL_RUN_STACK_SIZE ((size_t)64 << 20)
// Rounds of analysis at most (the first included), and the memory the
// CFGs kept for later rounds may take; past it, files keep their
// first-round findings.
#define OL_RUN_ROUNDS 3
#define OL_RUN_KEPT_BYTES ((size_t)2 << 30)

typedef struct ol_run_opts {
	unsigned jobs;          // worker threads, >= 1
	const char *checks;     // --checks globs, already validated; NULL: all
	ol_tu_opts tu;
	// --dump-graph: print the ownership graph in this format to `dump`
	// (after the checks ran; findings still go to the sink).
	bool dump_graph;
	ol_graph_format graph_format;
	// Apply the contracts other files' bodies give their functions
	// (later rounds); off: each file alone, as conventions say.
	bool cross_file;
	// --dump-contracts: append the run's contracts as JSON to `dump`.
	bool dump_contracts;
	// --emit-rules: receives the project's exported functions as a rules
	// file (borrowed; NULL: none).
	ol_strbuf *rules_out;
	// The facts cache (borrowed; NULL: none): unchanged files are
	// restored from it instead of parsed, and analyzed files stored.
	struct ol_cache *cache;
	// Merge findings with one root cause (diag/group.h); false is
	// --no-group (the keys for fingerprints are set either way).
	bool group;
	// --shard (shard.h): analyze only the inputs i with take[i] (NULL:
	// all), in one round, and add each one's facts to `facts_out`; the
	// whole-run steps (later rounds, the ownership graph's checks) are
	// left to the merge.
	const bool *take;
	ol_shard_facts *facts_out;
	// merge: the first round of each input found here is restored from
	// its shard's facts instead of analyzed (borrowed; NULL: none); they
	// hold the state after `rounds_done` rounds (>= 1), so the later
	// rounds go on from there. With `facts_out` too (a merge round of
	// one shard): one more round, for the inputs `take` selects.
	const ol_shard_facts *restore;
	unsigned rounds_done;
	// The progress line (progress.h; borrowed; NULL: none).
	ol_progress *progress;
} ol_run_opts;

typedef struct ol_run_stats {
	size_t files;      // inputs given to the pipeline
	size_t analyzed;   // parsed without errors, every function analyzed
	size_t partial;    // parsed with errors: some functions analyzed
	size_t failed;     // not analyzed: fatal parse error
	size_t generated;  // not analyzed: generated code (Cython, SWIG)
	size_t from_cache; // restored from the cache, not parsed
	size_t restored;   // merge: taken from a shard's facts
	size_t reanalyzed; // merge: of those, parsed again for other
			   // shards' contracts
	size_t funcs;      // functions lowered
	size_t findings;   // level warning or error, not suppressed
	size_t suppressed;
} ol_run_stats;

// Analyzes every input of `in` (or those o->take selects). Findings and notices are merged into
// `sink` in input order; then the per-TU ownership graphs are merged in
// input order and checked (MOJO-OWN-108/110, graph/graph.h) unless both
// checks are off; the sink is finished (sorted) and NOLINT comments are
// applied (diag/suppress.h). Dumps (--dump-cfg, --dump-graph) are
// appended to `dump` in input order. Returns 0.
int ol_run(ol_run_stats *out, const ol_inputs *in, const ol_run_opts *o,
	   ol_diag_sink *sink, ol_strbuf *dump);

// Prints the notices of a finished sink to `f`, one line each:
// "file:line:col: error: message [kind]".
void ol_run_print_notices(FILE *f, const ol_diag_sink *s);

// Number of CPUs online (at least 1).
unsigned ol_run_default_jobs(void);
// Makes every heap, the main one and each thread's, grow in large steps
// (run.c says why). Call it before the first thread starts; ol_run()
// calls it too.
void ol_run_grow_heaps_in_large_steps(void);

#endif
