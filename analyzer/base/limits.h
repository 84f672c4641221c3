/*
 * limits.h — per-file bounds on memory and CPU time (docs/robustness.md,
 * "Per-file limits").
 *
 * A watchdog thread looks at the workers every 50 ms. Each worker says
 * which input it works on (ol_limits_enter/leave) and, as it goes, which
 * function it lowers or analyzes (ol_limits_function). The watchdog
 * measures:
 *
 *  - **time**: the CPU time the worker's thread spent on the file since
 *    it entered it (its own clock, pthread_getcpuclockid): a loaded
 *    machine slows a file down without bringing it closer to its limit;
 *  - **memory**: what the process holds (resident pages) beyond what it
 *    held when the earliest of the busy workers entered its file.
 *
 * Memory is the process's, not a thread's: with one worker busy the
 * growth is that file's; with several, the run may grow to the limit
 * times the number of busy workers, and past that nobody can tell which
 * file is to blame. Then every file in flight is a *suspect*: the run
 * starts again (through `exceeded`) with those files marked, and a
 * suspect is analyzed alone (the caller holds the others back while it
 * runs, see run.c), where the growth is its own. A file over a limit
 * alone is `exceeded` too, as the culprit. Each call adds at least one
 * file that was not marked before, so the run ends.
 *
 * MOJO_OWNLINT_TEST_SPIN=NAME makes the function NAME spin until a limit
 * ends it (a test hook, like crash.h's MOJO_OWNLINT_TEST_CRASH).
 *
 * Limits of 0 turn a bound off. Memory is read from /proc/self/statm:
 * elsewhere there is no memory bound (time still works).
 */
#ifndef OL_BASE_LIMITS_H
#define OL_BASE_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The defaults, as an option spells them (the size as base/bytesize.h
// reads it).
#define OL_LIMITS_DEFAULT_MEMORY "4G"
#define OL_LIMITS_DEFAULT_TIME "300"

typedef struct ol_limits {
	uint64_t file_bytes;       // memory one file may take (0: none)
	uint64_t file_cpu_seconds; // CPU time one file may take (0: none)
} ol_limits;

typedef enum ol_limit_kind {
	OL_LIMIT_MEMORY,
	OL_LIMIT_TIME,
	OL_LIMIT_SUSPECTS, // several files in flight: run each alone
} ol_limit_kind;

// What the watchdog found: `kind` and the files concerned (one culprit
// for memory and time, every file in flight for suspects), with the
// function each was in ("" when none is known). Called on the watchdog's
// thread; it is not expected to return (it starts the run again), and if
// it does the watchdog stops watching.
typedef void (*ol_limits_exceeded_fn)(ol_limit_kind kind,
				      const char *const *paths,
				      const char *const *functions,
				      size_t n);

// Starts the watchdog for a run of `jobs` workers. Nothing happens when
// both limits are 0. ol_limits_stop() ends it (and may be called when
// none was started).
void ol_limits_start(const ol_limits *l, unsigned jobs,
		     ol_limits_exceeded_fn exceeded);
void ol_limits_stop(void);

// The calling worker thread starts (leave: is done with) input `path`
// (borrowed until leave). Without a running watchdog these cost a
// branch.
void ol_limits_enter(const char *path);
void ol_limits_leave(void);

// The function the calling thread now lowers or analyzes (copied; NULL
// or "" for none). ol_limits_watching() says whether anyone reads it
// (so a caller can skip making the name).
void ol_limits_function(const char *name);
bool ol_limits_watching(void);

// Parses a time ("300", "300s", "5m", "1h", "0") into seconds.
bool ol_limits_parse_seconds(const char *s, uint64_t *out);

#endif
