/*
 * collect.h — the functions of a parsed file to lower (collect.c): its
 * own, and the header functions whose bodies give summaries.
 */
#ifndef OL_FRONTEND_COLLECT_H
#define OL_FRONTEND_COLLECT_H

#include "../base/arena.h"
#include "initlist.h" // (ol_cursor_vec)

#include <clang-c/Index.h>
#include <stdbool.h>

struct ol_kb;
struct ol_header_filter;

// How many header helpers (and, apart, header members walked for what
// they call) a file's functions may reach before the rest are left to
// the conventions.
#define OL_MAX_CALLED_HELPERS 256

// Appends to `own` every function body of `tu`'s main file (and of the
// headers `headers` matches; may be NULL): free functions, and in C++
// member functions, constructors, destructors, conversions and function
// templates, in their class or outside it; to `near`, those of headers
// beside the main file (their real folder; `a` holds it).
void ol_collect_functions(CXTranslationUnit tu, ol_arena *a,
			  struct ol_header_filter *headers,
			  ol_cursor_vec *own, ol_cursor_vec *near);

// Appends to `near` the header helpers the functions in `own` call; false
// when there were more than OL_MAX_CALLED_HELPERS of them (or of members).
bool ol_collect_called_helpers(const ol_cursor_vec *own, ol_cursor_vec *near,
			       const struct ol_kb *kb);

// Moves the functions of the main file from `cs` to `own`, leaving the
// headers' (a carrier's, header_alone.h).
void ol_collect_split_carrier(ol_cursor_vec *cs, ol_cursor_vec *own);

#endif
