/*
 * pch.h — a precompiled header of the prefix files share (pch.c).
 */
#ifndef OL_PCH_H
#define OL_PCH_H

#include "tu.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

// One worker's PCHs (use from one thread); free removes their files.
typedef struct ol_pch_cache ol_pch_cache;
ol_pch_cache *ol_pch_cache_new(void);
void ol_pch_cache_free(ol_pch_cache *pc);

// The PCH to parse C file `file` with (passing "-include-pch" and it after
// `args`), built with `index` on first need; NULL when the file's prefix
// cannot be shared or did not build. `*reads` then lists the files the
// PCH read.
const char *ol_pch_for(ol_pch_cache *pc, CXIndex index, const char *file,
		       const char *const *args, size_t nargs,
		       const ol_tu_paths **reads);

// Appends the real path of `file` (its name when it has none) to `v`.
void ol_pch_add_path(ol_tu_paths *v, CXFile file);

#endif
