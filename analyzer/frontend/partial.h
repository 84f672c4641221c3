/*
 * partial.h — analyzing a file that has errors (issue 16).
 *
 * libclang parses with KeepGoing and no error limit, so a missing header,
 * an `#error` or a syntax error no longer stops the file: every function
 * whose definition (signature and body) holds no error is analyzed, and
 * the functions that do hold one are skipped. A function that uses an
 * undeclared identifier holds an error, so its findings (which would read
 * an unknown name as an unknown callee) are never reported.
 *
 * The file's outcome, as one notice:
 *   - errors, and no function analyzed while some were skipped: level
 *     error, kind "parse-error", "not analyzed" (the file counts as failed);
 *   - errors otherwise: level warning, kind "partial", naming the skipped
 *     functions and the first error (the file counts as partly analyzed).
 */
#ifndef OL_FRONTEND_PARTIAL_H
#define OL_FRONTEND_PARTIAL_H

#include "../base/arena.h"
#include "../diag/diag.h"

#include <clang-c/Index.h>
#include <stdbool.h>

// The errors of one translation unit.
typedef struct ol_partial ol_partial;

// Collects the errors (severity error or fatal) of `tu`. Returns an owned
// set, or NULL when `tu` has none.
ol_partial *ol_partial_new(CXTranslationUnit tu);
void ol_partial_free(ol_partial *p);

// True when an error lies inside the extent of the function definition
// `fn` (at its expansion location: an error in a macro used in the body
// counts); the function is then recorded as skipped.
bool ol_partial_skips(ol_partial *p, CXCursor fn);
// The same test, nothing recorded (a header's helper: not the file's).
bool ol_partial_holds_error(const ol_partial *p, CXCursor fn);

// The outcome notice (see above) for the file `path`, of which `nanalyzed`
// functions were analyzed. Returns true when the file counts as failed.
bool ol_partial_report(const ol_partial *p, ol_arena *a, const char *path,
		       size_t nanalyzed, ol_diag_sink *sink);

#endif
