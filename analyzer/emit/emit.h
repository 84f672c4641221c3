/*
 * emit.h — writers of a finished diagnostics sink. Each reads the sink and
 * writes to a FILE; none of them changes what was found.
 */
#ifndef OL_EMIT_H
#define OL_EMIT_H

#include "../diag/diag.h"

#include <stdio.h>

typedef struct ol_emit_opts {
	const char *srcroot;   // paths in output are made relative to this
	const char *tool_version;
	bool include_suppressed;
	bool execution_successful; // SARIF invocations[0]
	const char *const *argv;   // command line, for SARIF invocations
	int argc;
	// SARIF run.automationDetails.id category ("--sarif-category"); NULL
	// leaves it to the upload action. A trailing '/' is added if missing.
	const char *category;
} ol_emit_opts;

// GCC/Clang style text (SPEC.md §2): findings, then their events as notes.
int ol_emit_text(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o);
// SARIF 2.1.0 (SPEC.md §6).
int ol_emit_sarif(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o);
// The simple JSON format for scripts (documented in README.md).
int ol_emit_json(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o);

// --verify: compares the findings for `path` against the expect-* comments
// in it (STYLE.md §3.9). Prints mismatches to `out`; returns 0 when all
// expectations are met and nothing unexpected was reported, 1 otherwise,
// negative on an error reading `path` or a malformed expectation.
int ol_emit_verify(FILE *out, const ol_diag_sink *s, const char *path);

#endif
