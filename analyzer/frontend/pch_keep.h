#ifndef OL_FRONTEND_PCH_KEEP_H
#define OL_FRONTEND_PCH_KEEP_H

#include "tu.h"

#include <limits.h>
#include <stdbool.h>

// The kept PCHs of a facts cache (pch_keep.c): the files of prefix
// `digest` in folder `dir`, made when missing. False when the folder
// cannot be used.
typedef struct ol_pch_kept {
	char header[PATH_MAX + 16]; // the prefix, as a header the PCH is
				    // built from
	char pch[PATH_MAX + 16];    // the PCH
	char reads[PATH_MAX + 16];  // what it read, with their status
	char temp[PATH_MAX + 96];   // where a new PCH is written first
} ol_pch_kept;
bool ol_pch_kept_names(const char *dir, const char *digest, ol_pch_kept *k);

// Writes the prefix header `text` unless an identical one is there.
bool ol_pch_kept_header(const ol_pch_kept *k, const char *text, size_t len);

// The files the kept PCH read, appended to `reads` (owned strings), when
// it is there and every file it was built from has the status it had;
// else false, and a stale PCH is removed. Marks it used.
bool ol_pch_kept_load(const ol_pch_kept *k, ol_tu_paths *reads);

// Records `reads` (what the PCH at k->temp read) and moves the PCH into
// place; then keeps the folder within its bound (least recently used go).
bool ol_pch_kept_commit(const ol_pch_kept *k, const ol_tu_paths *reads);

#endif
