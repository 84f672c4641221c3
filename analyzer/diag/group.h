/*
 * group.h — one finding per bug (issue 16).
 *
 * Findings with one root cause become one finding; the other sites become
 * its related locations, with a count:
 *
 *   - a macro: the finding's statement and the acquisition it is about are
 *     both spelled in one macro's body and reached through one expansion
 *     (`ADD_INT(m, "X", 1)` that leaks its PyLong on its error path). The
 *     findings of every expansion of that macro with the same rule at the
 *     same spot of the body are one finding, placed in the macro's
 *     definition (where the fix goes), the expansions as related sites;
 *     A MOJO-OWN-109 whose unchecked acquisition is spelled in a macro's
 *     body is grouped the same way, by that spot: every use of the
 *     unchecked value, in every expansion, is one finding in the macro;
 *   - an acquisition: MOJO-OWN-101/105 leaks of the values one call in one
 *     function returned (reported at several exits, or as 101 and 105 on
 *     the same line), and MOJO-OWN-109 uses of one unchecked result, are
 *     one finding at the first site;
 *   - the same rule at the same spot (one location and message reached
 *     through several functions, e.g. a macro body shared by them).
 *
 * Every finding, grouped or alone, gets the key its fingerprint is built
 * from (ol_key_kind in diag.h), so a finding keeps its fingerprint when
 * the number of expansions or exits changes.
 *
 * Suppressed findings (NOLINT) are never grouped: run it after the
 * suppression pass and before the baseline.
 */
#ifndef OL_DIAG_GROUP_H
#define OL_DIAG_GROUP_H

#include "diag.h"

// Sets every finding's key, and names the project macro each step from a
// macro's body comes from ("(in expansion of macro 'CHECK')"); with
// `merge`, merges each group into its first finding (related sites and
// count; a group of leaks on both kinds of exit says so) and removes the
// others, then sorts again. Source files are read to name macros.
void ol_diag_group(ol_diag_sink *s, bool merge);

#endif
