/*
 * compiled.h — the knowledge base in compiled form: the entries a load of
 * the rules files made, written to one file and read back without JSON
 * (compiled.c says how and why). main.c keeps it in the cache directory,
 * `kb.compiled`, and falls back to the JSON files whenever it is absent,
 * stale or damaged.
 */
#ifndef OL_KB_COMPILED_H
#define OL_KB_COMPILED_H

#include "kb.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The key of a load of `paths`, in this order, by this build: each path
// and its contents, the tool's version, the layout of an entry and this
// executable's identity. False when a file cannot be read (the JSON
// loader then says why).
bool ol_kb_compiled_key(const char *const *paths, size_t n, uint64_t *key);

// Fills `kb`, which has no entries yet, from the compiled file at `path`
// when it was written under `key` and is whole. False when it is absent,
// stale or damaged: `kb` then still has no entries.
bool ol_kb_compiled_read(ol_kb *kb, const char *path, uint64_t key);

// Writes every entry of `kb` to `path` under `key`: a temporary file
// renamed over it, so a reader sees the old file or the new one. False
// when it cannot be written (nothing is left behind).
bool ol_kb_compiled_write(const ol_kb *kb, const char *path, uint64_t key);

#endif
