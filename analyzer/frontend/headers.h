/*
 * headers.h — `--header-filter REGEX` (issue 16), as in clang-tidy: the
 * functions defined in headers whose path matches are analyzed too, in
 * every translation unit that reaches them, and reported at their own
 * location in the header, from the first such unit in input order that
 * finds something there (run.c).
 *
 * The regex is a POSIX extended one, matched unanchored against the
 * header's absolute path (`include/`, `^/src/proj/.*\.h$`, `.*`). System
 * headers never match. Without --header-filter no header function is
 * analyzed unless the header itself is an input.
 *
 * Threads: one filter is shared by every worker; its cache is locked.
 */
#ifndef OL_FRONTEND_HEADERS_H
#define OL_FRONTEND_HEADERS_H

#include <clang-c/Index.h>
#include <stdbool.h>

typedef struct ol_header_filter ol_header_filter;

// Compiles `regex`. Returns 0 and an owned filter, or OL_EUSAGE with
// ol_error_set() when the regex is malformed.
int ol_header_filter_new(ol_header_filter **out, const char *regex);
void ol_header_filter_free(ol_header_filter *h);

// For a function definition `c` outside the main file: true when its
// header matches (not a system header).
bool ol_header_filter_matches(ol_header_filter *h, CXCursor c);

// Helpers of the file's own project, for their summaries: true when
// `c`, a function definition outside the main file (free, a member, a
// template) in a (non-system) header of the main file's own folder
// (pyodbc's `inline` helpers in src/errors.h next to src/errors.cpp; the
// plain `set_error()` of tokyo-python's tokyo.h, a unity build's header
// that only its one including file sees, C round 111), or a class defined
// there, whose members are walked
// (an owner class's `Take`, its constructors and destructor). Its callers
// then see what its body does (an error helper's `return 0;`), as for
// the file's own functions; it is not reported (see --header-filter).
// `main_dir`: the main file's folder, real path, with no trailing '/'.
bool ol_header_is_neighbour(CXCursor c, const char *main_dir);

#endif
