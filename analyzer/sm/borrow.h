/*
 * borrow.h — borrow validity across calls that can run Python code
 * (sm/borrow.c), for sm/pyref.c's hooks.
 */
#ifndef OL_SM_BORROW_H
#define OL_SM_BORROW_H

#include "sm.h"

struct ctx;
struct state;
struct sym;

// The object `a` is of an exact builtin type (no method of the user's):
// made by an `exact_result` call, tested by a *_CheckExact, or static.
bool ol_borrow_exact_builtin(const struct state *s, int a);
// The call (`ent`, its evaluated arguments) may run Python code here: its
// entry says so and no written exception (exact builtin arguments) holds.
bool ol_borrow_call_runs_python(const struct state *s,
				const struct ol_kb_entry *ent,
				const ol_expr *e, const int *args);
// After a call's arguments' effects: borrows passed into a code-running
// call are reported, borrows kept across it invalidated.
void ol_borrow_after_args(struct ctx *c, struct state *s, const ol_expr *e,
			  const struct ol_kb_entry *ent, const int *args);
// Before a call's arguments' effects: a call that may move an argument's
// storage (PyList_Append reallocating the item array, `_PyList_Resize(&list,
// n)`) leaves pointers into that storage read before (PySequence_Fast_ITEMS,
// `->ob_item`) dangling, while the items stay valid (MOJO-BOR-207 at their
// next use). Before the effects: a `&list` argument still names the list.
void ol_borrow_storage_moved(struct ctx *c, struct state *s, const ol_expr *e,
			     const struct ol_kb_entry *ent, const int *args);
// After the call's result `ret` is made.
void ol_borrow_after_call(struct ctx *c, struct state *s, const ol_expr *e,
			  const struct ol_kb_entry *ent, const int *args,
			  int ret);
// `e`, a member of the object `base` read as value `r`: a macro's interior
// pointer (PyBytes_AS_STRING) is owned by `base`.
void ol_borrow_member_read(struct ctx *c, struct state *s, const ol_expr *e,
			   int base, int r);
// The last reference to `gone` was dropped by `api`: its finaliser may
// run Python code.
void ol_borrow_released(struct ctx *c, struct state *s,
			const struct sym *gone, const char *api, ol_loc loc);

#endif
