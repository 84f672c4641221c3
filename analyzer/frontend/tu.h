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

#include "../base/strbuf.h"
#include "../diag/diag.h"
#include "../engine/engine.h"
#include "../graph/graph.h"
#include "inputs.h"

struct ol_kb;

// What every parse shares: the clang resource directory and the default
// include directories (Python, CUDA).
typedef struct ol_tu_env ol_tu_env;

// Returns an owned environment. With `default_includes`, probes the Python
// include directory (python3-config --includes, else sysconfig, else
// /usr/include/python3.*) and the CUDA one ($CUDA_HOME, $CUDA_PATH,
// /usr/local/cuda). Never fails: what is not found is not added.
ol_tu_env *ol_tu_env_new(bool default_includes);
void ol_tu_env_free(ol_tu_env *env);
// The resource directory in use ("" when none was found).
const char *ol_tu_env_resource_dir(const ol_tu_env *env);

typedef struct ol_tu_opts {
	const ol_tu_env *env;           // borrowed
	const char *const *extra_args;  // borrowed; after `--` on the command
	size_t nextra;                  // line, added to every file
	// --dump-cfg: names of the functions to dump instead of analyzing;
	// ndump == 0 analyzes.
	const char *const *dump_funcs;
	size_t ndump;
	const struct ol_kb *kb;         // borrowed, may be NULL
	const ol_engine_opts *engine;   // borrowed
	bool include_generated;         // analyze Cython/SWIG output too
	struct ol_header_filter *headers; // --header-filter (borrowed), or NULL
} ol_tu_opts;

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

// Parses and analyzes `in`. Findings and notices go to `sink`; with
// o->ndump, the dumps of the named functions are appended to `dump`
// instead. When `graph` is not NULL (borrowed), the TU's owner
// declarations, call graph, object-level edges and the engine's owner
// facts are added to it (graph/graph.h). Returns 0; the outcome is in
// `*out` (never fails as a whole).
int ol_tu_analyze(ol_tu_result *out, ol_tu_worker *w, const ol_input *in,
		  const ol_tu_opts *o, ol_diag_sink *sink, ol_strbuf *dump,
		  ol_graph *graph);

#endif
