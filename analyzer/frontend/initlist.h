/*
 * initlist.h — reading C initializers from libclang cursors, shared by the
 * readers of CPython's static tables: owners.c (types and module
 * definitions, for the ownership graph) and tables.c (the functions those
 * tables register).
 */
#ifndef OL_FRONTEND_INITLIST_H
#define OL_FRONTEND_INITLIST_H

#include "../base/arena.h"
#include "../base/vec.h"

#include <clang-c/Index.h>
#include <stdbool.h>

typedef OL_VEC(CXCursor) ol_cursor_vec;

// One item of a braced initializer, with the struct field it sets.
typedef struct ol_init_item {
	const char *field; // allocated in the arena given
	CXCursor value;
} ol_init_item;

typedef OL_VEC(ol_init_item) ol_init_item_vec;

// Copies `s` into `a` and disposes it.
char *ol_initlist_spell(ol_arena *a, CXString s);
// Fills `out` (the caller frees it) with the direct children of `c`.
void ol_initlist_children(CXCursor c, ol_cursor_vec *out);
// The items of the initializer list `init` for struct type `t`, each with
// its field name: designated ones (`.f = v`) by name, positional ones in
// field order after the last designator. Items past the fields are left
// out.
void ol_initlist_items(ol_arena *a, CXCursor init, CXType t,
		       ol_init_item_vec *out);
// The first function `e` refers to (through casts and parentheses).
bool ol_initlist_function(CXCursor e, CXCursor *out);
// `e` as an integer constant expression.
bool ol_initlist_eval_int(CXCursor e, long long *out);

#endif
