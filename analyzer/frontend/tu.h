/*
 * tu.h — one translation unit from file to findings: parse it with
 * libclang, report what clang could not parse, lower every function defined
 * in the main file (cfg/build.h) and hand them to the engine.
 *
 * Parse failures are notices in the TU's sink, never findings:
 *   - a fatal error (a missing header, clang's error limit) or a libclang
 *     failure: level error, kind "parse-error"; the TU is not analyzed;
 *   - recoverable errors (a syntax error clang recovered from): level
 *     warning, kind "parse-error"; the TU is analyzed as clang understood it;
 *   - a function the lowering cannot handle: level warning, kind
 *     "unsupported"; that function is skipped.
 *
 * Threads: an ol_tu_env is built once and then only read; each worker
 * thread owns one ol_tu_worker (one CXIndex).
 */
#ifndef OL_FRONTEND_TU_H
#define OL_FRONTEND_TU_H

#include "../base/limits.h"
#include "../base/strbuf.h"
#include "../diag/diag.h"
#include "../engine/engine.h"
#include "../graph/graph.h"
#include "inputs.h"

#include <stdint.h>

struct ol_kb;
struct ol_kb_pending;

// What every parse shares: the clang resource directory and the default
// include directories (Python, CUDA).
typedef struct ol_tu_env ol_tu_env;

// Returns an owned environment. With `default_includes`, a file parsed
// without a database's flags gets the Python include directory (found on
// the first such parse, once per run: pyinclude.h) and the CUDA one
// ($CUDA_HOME, else $CUDA_PATH, else /usr/local/cuda; a variable that is
// set decides, even when it names no folder). Never fails: what is not
// found is not added.
ol_tu_env *ol_tu_env_new(bool default_includes);
// The same; without `cuda_toolkit` (--no-cuda-toolkit) no CUDA toolkit is
// probed or used: the tool's own declarations (rules/cuda-include) stand in
// for the CUDA headers, and .cu files get its kernel prelude.
ol_tu_env *ol_tu_env_new_cuda(bool default_includes, bool cuda_toolkit);
void ol_tu_env_free(ol_tu_env *env);
// The resource directory in use ("" when none was found).
const char *ol_tu_env_resource_dir(const ol_tu_env *env);

typedef struct ol_tu_opts {
	const ol_tu_env *env;           // borrowed
	const char *const *extra_args;  // borrowed; after `--` on the command
	size_t nextra;                  // line, added to every file
	// borrowed; --extra-arg-before: before every file's own arguments
	const char *const *extra_before;
	size_t nbefore;
	// --dump-cfg: names of the functions to dump instead of analyzing;
	// ndump == 0 analyzes.
	const char *const *dump_funcs;
	size_t ndump;
	const struct ol_kb *kb;         // borrowed, may be NULL
	// borrowed, or NULL: the knowledge base being loaded
	// (kb/pending.h), asked for once a parse is done; wins over `kb`
	struct ol_kb_pending *kb_pending;
	const ol_engine_opts *engine;   // borrowed
	bool include_generated;         // analyze Cython/SWIG output too
	struct ol_header_filter *headers; // --header-filter (borrowed), or NULL
	// (C++) which calls can throw (cfg/build.h), --exceptions
	int exceptions;
	// --no-pch: parse every file whole, without a precompiled header of
	// the prefix files share (frontend/pch.c)
	bool no_pch;
	// How many of the run's files share each prefix (may be NULL):
	// ol_tu_count_prefix() before the run.
	const struct ol_pch_counts *prefixes;
	// Where PCHs are kept for later runs (the facts cache's folder for
	// them, frontend/pch_keep.h), or NULL: made for this run alone.
	const char *pch_dir;
	// The project root (absolute; NULL: each file's folder): a file of
	// the project that mentions cpychecker's guards gets them
	// (cpychecker.h).
	const char *project_root;
	// Per-file memory and CPU time (base/limits.h; zeros: unbounded): a
	// file over one is left out and the run starts again without it
	// (frontend/crash.h), so the report has every other file.
	ol_limits limits;
} ol_tu_opts;

// Counts input `in`'s prefix into `c` (the prefix a PCH would hold, with
// the arguments `in` is parsed with), when it would be parsed with one.
struct ol_pch_counts;
void ol_tu_count_prefix(struct ol_pch_counts *c, const ol_input *in,
			const ol_tu_opts *o);

typedef struct ol_tu_result {
	bool analyzed;  // false: a fatal parse error, nothing was analyzed
	bool had_errors; // clang reported errors
	bool partial;   // analyzed, but only in part (partial.h)
	bool generated; // skipped: generated code (not analyzed, not failed)
	bool crashed;   // not analyzed: it crashed libclang or the analysis
	size_t nfuncs;  // functions lowered (analyzed or dumped)
} ol_tu_result;

// Appends libclang's version string ("Debian clang version 19.1.7 ...").
void ol_tu_clang_version(ol_strbuf *out);

typedef struct ol_tu_worker ol_tu_worker;

// Returns an owned worker (its own CXIndex); use it from one thread only.
ol_tu_worker *ol_tu_worker_new(void);
void ol_tu_worker_free(ol_tu_worker *w);

struct ol_contracts;

typedef OL_VEC(char *) ol_tu_paths;

// What the analysis of a translation unit keeps for another round with
// other files' contracts (run.c): its functions' CFGs, and the functions
// it calls but does not define. Owned; free it with ol_tu_unit_free().
typedef struct ol_tu_unit ol_tu_unit;

// Where the analysis of one translation unit goes. Every pointer is
// borrowed and may be NULL except `sink` and `findings`.
typedef struct ol_tu_out {
	ol_diag_sink *sink;     // the frontend's notices (parse errors, ...)
	ol_diag_sink *findings; // the engine's findings and notices
	ol_strbuf *dump;        // --dump-cfg output
	ol_graph *graph;        // owner declarations, call graph, edges
	ol_graph *facts;        // the engine's owner facts
	struct ol_contracts *exports; // the contracts of the TU's functions
	struct ol_contracts *tables;  // the registrations of its tables
	ol_tu_unit **keep;      // receives the unit, for ol_tu_reanalyze
	ol_tu_paths *includes;  // receives every file the TU read (the
				// main file first), malloc'd
} ol_tu_out;

// Parses and analyzes `in`, with the contracts of other files `contracts`
// (may be NULL). With o->ndump, the dumps of the named functions are
// appended to `out->dump` instead. Returns 0; the outcome is in `*res`
// (never fails as a whole).
int ol_tu_analyze(ol_tu_result *res, ol_tu_worker *w, const ol_input *in,
		  const ol_tu_opts *o, const struct ol_contracts *contracts,
		  const ol_tu_out *out);

// Runs the engine again on a kept unit with the run's merged contracts
// and registrations: findings to `out->findings`, facts to `out->facts`,
// contracts to `out->exports` (the other fields are not used).
void ol_tu_reanalyze(ol_tu_unit *u, const ol_tu_opts *o,
		     const struct ol_contracts *contracts, unsigned self,
		     const ol_tu_out *out);
// A number that changes when `contracts` changes what it says of the
// functions `u` calls or defines (input index `self` is u's own).
uint64_t ol_tu_unit_signature(const ol_tu_unit *u,
			      const struct ol_contracts *contracts,
			      unsigned self);
// The names of the functions `u` calls but does not define, and of the
// functions with external linkage it defines (borrowed from `u`).
size_t ol_tu_unit_ncallees(const ol_tu_unit *u);
const char *ol_tu_unit_callee(const ol_tu_unit *u, size_t i);
size_t ol_tu_unit_nexported(const ol_tu_unit *u);
const char *ol_tu_unit_exported(const ol_tu_unit *u, size_t i);
// Memory the unit holds, in bytes.
size_t ol_tu_unit_bytes(const ol_tu_unit *u);
void ol_tu_unit_free(ol_tu_unit *u); // NULL-safe

#endif
