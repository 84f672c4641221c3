/*
 * stat_index.h — what a file's status said last time, so an unchanged
 * file's content hash is known without reading it (stat_index.c says when
 * that is sound).
 *
 * The facts cache (cache.h) checks every file a cached translation unit
 * read by its content hash; a re-run over a project reads and hashes
 * megabytes of sources and headers that have not changed. The index kept
 * in the cache directory maps a path and its status (device, inode, size,
 * modification and change times, to the nanosecond) to the content hash it
 * had; a file whose status is the one recorded has that hash.
 *
 * Not thread-safe: the cache calls it under its lock.
 */
#ifndef OL_STAT_INDEX_H
#define OL_STAT_INDEX_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

typedef struct ol_stat_index ol_stat_index;

// The index's name in the cache directory; its temporary files are this,
// ".tmp." and the writer's process and thread.
#define OL_STAT_INDEX_NAME "stat-index"

// How long a file must have been left alone (its modification and change
// times this far before the clock read when its status was taken) for its
// status to be recorded: more than the coarsest timestamp granularity of
// the file systems in use (FAT's 2 seconds), so that any later write gives
// the file another change time (stat_index.c).
#define OL_STAT_INDEX_SETTLED_SECONDS 3

// Reads the index kept in the cache directory `dir` (a missing, damaged or
// foreign one is an empty index). Returns an owned index; free it with
// ol_stat_index_free(). `dir` is copied.
ol_stat_index *ol_stat_index_load(const char *dir);
void ol_stat_index_free(ol_stat_index *x); // NULL-safe

// The recorded hash of `path` when `st` (its status now) is the status it
// was recorded with; false when it was not recorded or has another status.
bool ol_stat_index_lookup(ol_stat_index *x, const char *path,
			  const struct stat *st, uint64_t *hash);

// Records that `path`, whose status was `st` when it was opened, has the
// content hash `hash`, `now` being the wall clock read before it was
// opened. Recorded only when the file had settled by then (see
// ol_stat_index__settled) and is a regular file.
void ol_stat_index_record(ol_stat_index *x, const char *path,
			  const struct stat *st, uint64_t hash,
			  const struct timespec *now);

// Writes the index back (a temporary file renamed over it) when this run
// recorded anything: what it recorded, then the entries it did not look
// at (another project's files), up to a bound. False when it cannot be
// written (the next run reads the files again: no harm).
bool ol_stat_index_save(ol_stat_index *x);

// Whether a file of status `st` had settled at `now`: its modification
// and change times at least OL_STAT_INDEX_SETTLED_SECONDS before it.
// (Semi-private: unit tests.)
bool ol_stat_index__settled(const struct stat *st, const struct timespec *now);

#endif
