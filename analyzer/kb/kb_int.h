/*
 * kb_int.h — what the knowledge base's own files share beyond kb.h: the
 * arena its entries live in and the insertion of a finished entry. Only
 * kb/ includes it; load.c defines both. compiled.c (the compiled form of
 * the rules, read back without JSON) builds its entries with them, so an
 * entry it reads is published exactly as the JSON loader publishes one.
 */
#ifndef OL_KB_INT_H
#define OL_KB_INT_H

#include "kb.h"

#include "../base/arena.h"

// The arena that owns the entries and strings of `kb`.
ol_arena *ol_kb_arena(ol_kb *kb);

// Publishes `e` (owned by the kb's arena, `name` set): it replaces an
// entry of the same name in place, else it is appended (ol_kb_at order).
void ol_kb_add_entry(ol_kb *kb, ol_kb_entry *e);

#endif
