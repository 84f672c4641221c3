/*
 * cache.h — per-file facts, kept on disk so an unchanged file is not
 * parsed again (rules/README.md).
 *
 * An entry holds what the analysis of one translation unit produced: its
 * notices and findings, its part of the ownership graph, its contracts and
 * registrations, the functions it calls and defines, and the signature of
 * the other files' contracts it was analyzed with. It is keyed by the
 * input (path, compiler arguments, working directory), the configuration
 * (this build of the tool, the knowledge base, the options that change
 * findings), and the main file's content; it is valid while every file the
 * translation unit read (each header, by content) is unchanged, and while
 * the other files' contracts still give it the same signature (run.c).
 *
 * Files are written atomically (a temporary file renamed), start with a
 * version line and a checksum of their body, and are checked on reading:
 * a corrupt, truncated or foreign entry is a miss (recomputed), with one
 * warning per run. A cache directory that cannot be created or written is
 * a warning, and the run goes on without the cache.
 *
 * An entry is written as soon as its file is done (run.c), not at the end
 * of the run, so a run killed part way leaves the entries of the files it
 * finished, and a rerun starts from them (cache.c says why that gives the
 * uninterrupted run's report). The directory is bounded: a hit refreshes
 * its entry's modification time, and at the end of a run
 * ol_cache_prune() removes the entries used longest ago until the total
 * is within the cap (--cache-max-size, OL_CACHE_DEFAULT_MAX_SIZE). Runs
 * may share a directory: an entry another run removed is a miss.
 */
#ifndef OL_CACHE_H
#define OL_CACHE_H

#include "base/strbuf.h"
#include "frontend/inputs.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct ol_cache ol_cache;

// The cap of a cache directory's entries when none is given (1 GiB: some
// 25,000 files' entries at the 40 KB a CPython file's take).
#define OL_CACHE_DEFAULT_MAX_SIZE ((uint64_t)1 << 30)

// A path in an entry's list of files read that starts with this byte is a
// place where an `#include` not found would be found (frontend/tu.c): the
// entry holds while no file is there (a header installed later, a -dev
// package, makes it stale).
#define OL_CACHE_ABSENT '\001'

// Opens (creates) the cache in `dir`, its entries bounded to `max_size`
// bytes in all (0: unbounded). Returns NULL, with a message in `*warning`
// (owned, free() it), when it cannot be used. Set its configuration
// before any other use.
ol_cache *ol_cache_open(const char *dir, uint64_t max_size, char **warning);
void ol_cache_close(ol_cache *c); // NULL-safe
// The configuration the entries are for (ol_cache_config_hash): another
// configuration's entries are misses.
void ol_cache_set_config(ol_cache *c, uint64_t config);

// The default directory: $MOJO_OWNLINT_CACHE_DIR, $XDG_CACHE_HOME/
// mojo-ownlint, else ~/.cache/mojo-ownlint. Owned (free() it), or NULL
// when none can be named.
char *ol_cache_default_dir(void);

// Makes `dir` and the folders above it that are missing (mkdir -p);
// false when one cannot be made.
bool ol_cache_mkdirs(const char *dir);

// The content hash of this binary (0 when it cannot be read).
uint64_t ol_cache_build_hash(void);

// Sums up what, besides the inputs, decides the findings: this binary,
// the rules files' contents (`rules`, `nrules` paths) and `options` (a
// string of the options that change the analysis). With a cache `c`
// (else NULL), the files' hashes come from its stat index when it can
// give them.
uint64_t ol_cache_config_hash(ol_cache *c, const char *const *rules,
			      size_t nrules, const char *options);

// The key of input `in` analyzed with the extra arguments `extra`; false
// when the main file cannot be read (no caching then).
bool ol_cache_key(ol_cache *c, const ol_input *in, const char *const *extra,
		  size_t nextra, uint64_t *key);

// The key of a result of the whole run that depends on `h` alone (with
// the configuration): an entry beside the files' ones (run.c's
// whole-program check).
uint64_t ol_cache_run_key(const ol_cache *c, const char *what, uint64_t h);

// Reads the entry of `key` into `body` (the records after the header,
// base/serial.h) when it exists, is intact and every file it lists as
// read is unchanged; the entry then counts as used now (pruning). The
// caller reads the body (run.c); a body it cannot read is reported with
// ol_cache_corrupt().
bool ol_cache_load(ol_cache *c, uint64_t key, ol_strbuf *body);
// Whether the cache holds an entry for `key` (fresh or not: a guess of
// what ol_cache_load() will find, without reading it).
bool ol_cache_has(const ol_cache *c, uint64_t key);
void ol_cache_corrupt(ol_cache *c, uint64_t key);
// Writes the entry of `key`: `files` (the `nfiles` paths the translation
// unit read, recorded with their contents' hashes) then `body`. Failures
// are a warning, once per run.
void ol_cache_store(ol_cache *c, uint64_t key, const char *const *files,
		    size_t nfiles, const ol_strbuf *body);

// Writes the stat index back when the run recorded files in it, then
// removes the entries used longest ago (the oldest modification times)
// until those left take at most the cap, and the temporary files a killed
// run left behind. Call it once, at the end of a run. Failures are a
// warning, once per run.
void ol_cache_prune(ol_cache *c);

// What the run saw of the cache, for the summary line.
void ol_cache_stats(const ol_cache *c, size_t *hits, size_t *misses,
		    size_t *stored);
// The first warning the cache had this run (borrowed), or NULL.
const char *ol_cache_warning(const ol_cache *c);
// The folder of the precompiled headers kept for later runs
// (frontend/pch_keep.h): `pch` in the cache directory. Owned by `c`.
const char *ol_cache_pch_dir(const ol_cache *c);

#endif
