/*
 * pch.h — a precompiled header of the prefix files share (pch.c).
 */
#ifndef OL_PCH_H
#define OL_PCH_H

#include "tu.h"
#include "../cfg/build.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

// One worker's PCHs (use from one thread); free removes their files.
typedef struct ol_pch_cache ol_pch_cache;
ol_pch_cache *ol_pch_cache_new(void);
void ol_pch_cache_free(ol_pch_cache *pc);
// Builds its PCHs into `dir` (the facts cache's), where they stay for
// later runs, and uses those it finds there (pch_keep.h).
void ol_pch_cache_keep_in(ol_pch_cache *pc, const char *dir);

// A prefix's PCH, and what it read.
typedef struct ol_pch {
	char *path;                // the PCH file
	ol_tu_paths reads;         // the files it read, in inclusion order
	OL_VEC(ol_cfg_text) texts; // ... and their texts (for the macro
				   // index: cfg/build.h ol_cfg_pch_files)
} ol_pch;

// How many of a run's files have each prefix (with the same arguments),
// counted before the run: read only while workers use it.
typedef struct ol_pch_counts ol_pch_counts;
ol_pch_counts *ol_pch_counts_new(void);
void ol_pch_counts_free(ol_pch_counts *c); // NULL-safe
void ol_pch_count(ol_pch_counts *c, const char *file,
		  const char *const *args, size_t nargs);

// The PCH to parse C file `file` with (passing "-include-pch" and its path
// after `args`), built with `index` on first need; NULL when the file's
// prefix cannot be shared, is not shared yet, or did not build. With
// `expected` (may be NULL), a prefix that many of the run's files share
// is built for the first of them.
const ol_pch *ol_pch_for(ol_pch_cache *pc, CXIndex index, const char *file,
			 const char *const *args, size_t nargs,
			 const ol_pch_counts *expected);

// Appends the real path of `file` (its name when it has none) to `v`.
void ol_pch_add_path(ol_tu_paths *v, CXFile file);

#endif
