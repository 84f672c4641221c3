/*
 * suppress.h — inline suppressions (README "Suppressions"): NOLINT comments in the
 * analyzed sources silence findings of the checks they name.
 *
 *   x = f();  // NOLINT(MOJO-OWN-101): ownership passes to the capsule
 *   // NOLINTNEXTLINE(MOJO-OWN-103, MOJO-OWN-104)
 *   // NOLINTBEGIN(MOJO-OWN-*)  ...  // NOLINTEND(MOJO-OWN-*)
 *
 * Both comment styles count. A bare NOLINT (no check list) is left to
 * clang-tidy and silences nothing here, as do lists that name only other
 * tools' checks. Text after the closing ')' is the justification.
 */
#ifndef OL_SUPPRESS_H
#define OL_SUPPRESS_H

#include "diag.h"

#include <stddef.h>

// Marks the findings of the finished sink `s` that a NOLINT comment
// silences (ol_diag.suppressed, with the comment's justification) and adds
// a warning notice (kind "nolint") for each bad comment: an unknown
// MOJO-* check, a NOLINTBEGIN without its NOLINTEND or the reverse, a
// missing ')'. Each source file is read once: the files of the findings
// and `files[0..nfiles)` (borrowed; the analyzed inputs, so a typo is
// reported even in a file without findings). Unreadable files are
// skipped. Leaves the sink finished. Returns the number of findings
// suppressed.
size_t ol_suppress_apply(ol_diag_sink *s, const char *const *files,
			 size_t nfiles);

#endif
