/*
 * header_alone.h — a header named on the command line (a pre-commit hook
 * names every staged file, headers too) is analyzed through a file of the
 * run that includes it, never as a translation unit of its own: most
 * project headers do not compile alone (docs/integration.md).
 */
#ifndef OL_FRONTEND_HEADER_ALONE_H
#define OL_FRONTEND_HEADER_ALONE_H

#include "../diag/diag.h"
#include "inputs.h"
#include "tu.h"

// Drops every header named on the command line from `in`. A header that
// another input includes (`#include "..."`, found next to it or in
// o->include_dirs) is analyzed through it: its absolute path (owned) is
// appended to `claimed`, for the header filter. One that no input
// includes is skipped with a notice of level warning, kind
// "header-alone", which does not change the exit status.
void ol_inputs_resolve_headers(ol_inputs *in, const ol_collect_opts *o,
			       ol_diag_sink *sink, ol_tu_paths *claimed);

// A --header-filter regex that matches `user` (may be NULL) or one of the
// `claimed` paths exactly. Returns an owned string, or NULL when both are
// empty.
char *ol_header_filter_with(const char *user, const ol_tu_paths *claimed);

#endif
