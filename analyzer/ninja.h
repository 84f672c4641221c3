/*
 * ninja.h — `--emit-ninja DIR` (docs/scale.md): the run as a build file,
 * so ninja (or a remote-execution system wrapping it) schedules the work.
 *
 * DIR/build.ninja has one `shard` action per translation unit, `--shard
 * K/N` with N the number of inputs, so that each action analyses exactly
 * one file (shard.h orders the inputs by path) into DIR/facts/K.facts, and
 * one `merge` action joining them into DIR/report.<format>. Each shard
 * action depends on its source file and, through the depfile the shard
 * writes (`deps = gcc`), on every header it read: after an edit, ninja
 * reruns the files that changed and the merge. Commands run in the folder
 * the build file was emitted from (`cd` first), with the tool's absolute
 * path, so `ninja -C DIR` works from anywhere.
 */
#ifndef OL_NINJA_H
#define OL_NINJA_H

#include <stddef.h>

typedef struct ol_ninja_opts {
	const char *dir;          // where build.ninja goes (created)
	const char *tool;         // absolute path of mojo-ownlint
	const char *cwd;          // folder the commands run in
	const char *const *args;  // the options that decide findings
	size_t nargs;
	const char *const *merge_args; // the merge's output options
	size_t nmerge_args;
	const char *report;       // report file name in DIR (report.sarif)
	const char *const *inputs; // each input's path as named
	const size_t *positions;   // each input's shard order (shard.h)
	size_t ninputs;
} ol_ninja_opts;

// Writes DIR/build.ninja. Returns 0, or OL_EIO with ol_error_set().
int ol_ninja_write(const ol_ninja_opts *o);

#endif
