/*
 * pyinclude.h — where the Python headers are, for a file parsed without
 * flags from a compilation database (--no-default-includes turns it off).
 *
 * Asked at most once per run, and only when a file needs it (tu.c): a run
 * whose every file has its flags from `-p`, or is served from the facts
 * cache, never asks.
 */
#ifndef OL_FRONTEND_PYINCLUDE_H
#define OL_FRONTEND_PYINCLUDE_H

#include <stddef.h>

// Calls `add(dir, payload)` for each include folder of the Python the
// project builds against (`dir` is borrowed for the call), in order, and
// returns how many there were (0: none found). Never fails.
size_t ol_python_include_dirs(void (*add)(const char *dir, void *payload),
			      void *payload);

#endif
