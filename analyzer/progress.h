/*
 * progress.h — what a long run is doing, on stderr (docs/scale.md).
 *
 * Two forms. On a terminal: one line, redrawn in place ("\r", erase to
 * the end of the line) at most ten times a second and erased when the run
 * ends, so the report and the summary that follow are untouched:
 *
 *   mojo-ownlint: [12/95] 34 findings  Modules/_pickle.c
 *
 * Elsewhere (a CI log, a pipe), only when asked for with --progress: one
 * line per finished file, never redrawn, so a log reads top to bottom:
 *
 *   mojo-ownlint: progress: 12/95 files, 34 findings, Modules/_pickle.c
 *
 * The count of findings is the raw count so far (before one finding per
 * bug, NOLINT and the checks that need every file). Later rounds (files
 * analyzed again with other files' contracts) are shown as their own
 * phase, "round 2". Workers report under a lock; the line is written by
 * whichever worker finished a file.
 */
#ifndef OL_PROGRESS_H
#define OL_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct ol_progress ol_progress;

// A progress display on `f`: `terminal` for the redrawn line, else one
// line per file.
ol_progress *ol_progress_new(FILE *f, bool terminal);
void ol_progress_free(ol_progress *p); // NULL-safe; erases the line

// A phase of `total` files; `round` 1 is the first analysis, 2 and more
// the later rounds.
void ol_progress_phase(ol_progress *p, unsigned round, size_t total);
// A worker started file `path` (shown as the current file on a terminal).
void ol_progress_start(ol_progress *p, const char *path);
// A worker finished file `path`, which found `findings`.
void ol_progress_done(ol_progress *p, const char *path, size_t findings);

#endif
