/*
 * crash.h — per-file isolation: no input can take down the other files'
 * results (docs/robustness.md).
 *
 * Two layers, both set up by ol_crash_init():
 *
 *  1. libclang parses on the worker thread itself (LIBCLANG_NOTHREADS), so
 *     the parse gets the worker's large stack (run.h OL_RUN_STACK_SIZE)
 *     instead of the 8 MiB thread libclang would start, and libclang's own
 *     crash recovery (which longjmps out of a crashed parse and returns
 *     CXError_Crashed) is made to run on an alternate signal stack, so it
 *     also recovers from a stack overflow. The file is then reported as not
 *     analyzed and the run goes on in the same process.
 *
 *  2. Any other crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) on a worker
 *     thread while it analyzes an input — a stack overflow in the lowering,
 *     a bug in the engine — re-executes the tool with the same arguments
 *     and that input added to the environment variable
 *     MOJO_OWNLINT_CRASHED. The new process skips every input listed there
 *     and reports each as an error notice (kind "crash"). Nothing is
 *     written before the analysis ends, so nothing is written twice. Each
 *     crash adds one file, so the number of re-executions is bounded by
 *     the number of inputs; a crash outside an input (the report, the
 *     ownership graph) is a plain crash, handed to the handler that was
 *     installed before (a sanitizer's reporter, or the default action).
 *
 * The per-file limits (base/limits.h) leave a file out the same way:
 * ol_crash_restart() executes the run again with the file listed as over
 * a limit (reported as kind "resource-limit"), or with the files in
 * flight listed as suspects, each then analyzed alone.
 *
 * MOJO_OWNLINT_NO_CRASH_GUARD=1 turns layer 2 off (for debuggers).
 * MOJO_OWNLINT_TEST_CRASH=TEXT makes the analysis of every input whose
 * path contains TEXT overflow its stack (the tests of layer 2).
 */
#ifndef OL_FRONTEND_CRASH_H
#define OL_FRONTEND_CRASH_H

#include "../base/limits.h"

#include <stdbool.h>
#include <stddef.h>

// The environment variable that carries crashed inputs across exec: one
// line per input, "WHAT\tpath", WHAT the signal's name ("SIGSEGV"),
// OL_CRASH_LIMIT "TIME" or "MEMORY" and the function if known ("LIMIT-TIME
// parse_args"), or OL_CRASH_SUSPECT (base/limits.h: analyze it alone).
#define OL_CRASH_ENV "MOJO_OWNLINT_CRASHED"
#define OL_CRASH_LIMIT "LIMIT-"
#define OL_CRASH_SUSPECT "SUSPECT"

// Sets up both layers for the calling (main) thread. `argv` is borrowed
// for the life of the process (it is what a re-execution runs). Call it
// once, before any worker thread starts and before any other libclang
// call.
void ol_crash_init(char **argv);

// A worker thread's alternate signal stack: call begin first thing in the
// thread and end before it returns.
void ol_crash_thread_begin(void);
void ol_crash_thread_end(void);

// Marks the input `path` (borrowed until leave) as the one the calling
// thread works on; a crash until ol_crash_leave() re-executes without it.
void ol_crash_enter(const char *path);
void ol_crash_leave(void);

// True when `path` crashed an earlier execution of this run; `*signame`
// (borrowed, static) then names the signal ("SIGSEGV").
bool ol_crash_was_skipped(const char *path, const char **signame);

// True when `path` went over a per-file limit in an earlier execution of
// this run: `*kind` says which (OL_LIMIT_TIME or OL_LIMIT_MEMORY) and
// `*function` (malloc'd, "" when unknown) where it was.
bool ol_crash_over_limit(const char *path, ol_limit_kind *kind,
			 char **function);

// True when `path` was in flight when the run went over its memory, in an
// earlier execution (base/limits.h): analyze it alone. And whether any
// input is such a suspect.
bool ol_crash_is_suspect(const char *path);
bool ol_crash_has_suspects(void);

// The per-file limits' way out (an ol_limits_exceeded_fn): executes the
// run again with `paths` listed as over a limit or as suspects. Does not
// return; with the crash guard off it ends the process with status 2.
void ol_crash_restart(ol_limit_kind kind, const char *const *paths,
		      const char *const *functions, size_t n);

#endif
