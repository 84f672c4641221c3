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
	bool color; // text: ANSI colours, as GCC's (--color)
} ol_emit_opts;

// GCC/Clang style text (docs/output.md): findings, then their events as notes.
int ol_emit_text(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o);
// SARIF 2.1.0 (docs/output.md).
int ol_emit_sarif(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o);
// The simple JSON format for scripts (emit/JSON-FORMAT.md).
int ol_emit_json(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o);

// The HTML report (docs/output.md): DIR/index.html, a page per finding and
// a page per rule named, written into `dir` (created with its parents when
// missing; each page atomically, the index last). Returns 0, or OL_EIO with
// ol_error_set().
int ol_emit_html(const char *dir, const ol_diag_sink *s,
		 const ol_emit_opts *o);
// Checks before the analysis that `dir` can take the report: an existing
// folder, or a path whose nearest existing parent is a folder, writable.
// Returns 0, or OL_EIO with ol_error_set() ("-o 'x' is not a folder").
int ol_emit_html_check_dir(const char *dir);

// A finding's SARIF partialFingerprints["mojoOwnlint/v2"] value: 16 hex
// digits and a NUL.
typedef struct ol_fingerprint {
	char hex[17];
} ol_fingerprint;

// The fingerprints of every finding of the finished sink `s`, in sink
// order, exactly as ol_emit_sarif() writes them (paths relative to
// `srcroot`, NULL = the working directory). They hash the check, file,
// function, subject and the reported statement's text, not line numbers.
// Returns an owned array of ol_diag_sink_count(s) entries; free() it.
ol_fingerprint *ol_emit_fingerprints(const ol_diag_sink *s,
				     const char *srcroot);

// A set of fingerprints read from an earlier SARIF log (--baseline).
typedef struct ol_baseline ol_baseline;

// Reads the fingerprints of every result of the SARIF log at `path`.
// Returns 0 and an owned set in *out (free with ol_baseline_free()), or
// OL_EIO / OL_ECONFIG with ol_error_set() when the file cannot be read or
// is not a SARIF log.
int ol_baseline_load(ol_baseline **out, const char *path);
void ol_baseline_free(ol_baseline *b);
// Number of results with a fingerprint in the baseline.
size_t ol_baseline_size(const ol_baseline *b);
// Marks the findings of `s` whose fingerprint (computed relative to
// `srcroot`) is in `b` as suppressed and baselined. Returns how many.
size_t ol_baseline_apply(const ol_baseline *b, ol_diag_sink *s,
			 const char *srcroot);

// --verify: compares the findings for `path` against the expect-* comments
// in it. Prints mismatches to `out`; returns 0 when all
// expectations are met and nothing unexpected was reported, 1 otherwise,
// negative on an error reading `path` or a malformed expectation.
int ol_emit_verify(FILE *out, const ol_diag_sink *s, const char *path);

#endif
