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
 *     ownership graph) is a plain crash.
 *
 * MOJO_OWNLINT_NO_CRASH_GUARD=1 turns layer 2 off (for debuggers).
 * MOJO_OWNLINT_TEST_CRASH=TEXT makes the analysis of every input whose
 * path contains TEXT overflow its stack (the tests of layer 2).
 */
#ifndef OL_FRONTEND_CRASH_H
#define OL_FRONTEND_CRASH_H

#include <stdbool.h>

// The environment variable that carries crashed inputs across exec.
#define OL_CRASH_ENV "MOJO_OWNLINT_CRASHED"

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

#endif
