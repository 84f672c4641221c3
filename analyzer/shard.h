/*
 * shard.h — scale-out on engines users already run (docs/scale.md):
 * `--shard K/N` analyses one N-th of the translation units and writes
 * their facts (`--facts-out FILE`); `mojo-ownlint merge FILE...` joins
 * the shards and runs what needs every file (later contract rounds, the
 * ownership graph, grouping, NOLINT) before writing the usual report.
 *
 * Which inputs a shard takes: the run's inputs sorted byte-wise by their
 * path as named (then by working directory), and input number j of that
 * order (from 0) goes to shard (j mod N) + 1. The choice does not depend
 * on the order in which the inputs were named or listed in the database,
 * every shard gets the same number of files give or take one, and with
 * N = the number of inputs each shard is one translation unit (what
 * --emit-ninja uses).
 *
 * A facts file holds, after a checksummed header line, the stamp of the
 * run that wrote it (the tool's version and build, a digest of the
 * options and knowledge base that decide findings, the options as text
 * for messages, the working folder, a digest of the whole input list) and
 * one record per input it analysed: its number in the run's input order,
 * its path and the body the facts cache stores for it (run.c). Merging
 * refuses shards whose stamps differ, a shard given twice and missing
 * shards.
 */
#ifndef OL_SHARD_H
#define OL_SHARD_H

#include "base/strbuf.h"
#include "base/vec.h"
#include "frontend/inputs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// What makes shards fit together.
typedef struct ol_shard_stamp {
	char *version;    // OL_VERSION of the writer
	uint64_t build;   // the writer binary's content hash
	uint64_t options; // the options, rules and configuration that decide findings
	OL_VEC(char *) args; // those options, as the words given (owned)
	char *cwd;        // the folder the shard ran in
	size_t ninputs;   // the run's inputs, all shards together
	uint64_t inputs;  // digest of the input list (ol_shard_inputs_digest)
	unsigned k, n;    // this shard: K of N
	unsigned rounds;  // rounds of analysis its facts hold (1: a shard;
			  // more after merge rounds, run.h)
} ol_shard_stamp;

// One input's facts in a shard.
typedef struct ol_shard_entry {
	size_t index;   // in the run's input order
	char *path;     // as named
	ol_strbuf body; // run.c's facts of the file
	OL_VEC(char *) deps; // files it read (for a depfile; not stored)
} ol_shard_entry;

typedef struct ol_shard_facts {
	ol_shard_stamp stamp;
	OL_VEC(ol_shard_entry) v;
	char *from; // the file it was read from (messages), or NULL
} ol_shard_facts;

void ol_shard_facts_init(ol_shard_facts *f);
void ol_shard_facts_free(ol_shard_facts *f);
// Adds input `index`'s facts (copies `path`, `body`, the `ndeps` `deps`);
// thread-safe only under the caller's lock.
void ol_shard_facts_add(ol_shard_facts *f, size_t index, const char *path,
			const ol_strbuf *body, const char *const *deps,
			size_t ndeps);
// The body of input `index`, or NULL (a binary search: entries are kept
// sorted by ol_shard_facts_sort).
const ol_strbuf *ol_shard_facts_body(const ol_shard_facts *f, size_t index);
void ol_shard_facts_sort(ol_shard_facts *f);

// Parses "K/N" (1 <= K <= N <= 100000). Returns 0, or OL_EUSAGE with
// ol_error_set().
int ol_shard_parse(const char *spec, unsigned *k, unsigned *n);

// Each input's position in the shards' order (sorted by path as named,
// then working folder): an owned array of in->v.len (free() it).
size_t *ol_shard_positions(const ol_inputs *in);

// Which of `in`'s inputs shard K/N takes: an owned array of in->v.len
// flags (free() it).
bool *ol_shard_select(const ol_inputs *in, unsigned k, unsigned n);

// The digest of the run's input list (paths, working folders, database
// arguments, configuration files' arguments and checks, in order).
uint64_t ol_shard_inputs_digest(const ol_inputs *in);

// Writes `f` to `path` (atomically: base/outfile.h), and, when `depfile`,
// `path`.d listing every file the shard's inputs read (Makefile syntax,
// for ninja). Returns 0, or OL_EIO with ol_error_set().
int ol_shard_facts_write(const ol_shard_facts *f, const char *path,
			 bool depfile);

// Reads a facts file. Returns 0, or OL_EIO (unreadable) / OL_ECONFIG (not
// a facts file, damaged, another format) with ol_error_set().
int ol_shard_facts_read(ol_shard_facts *f, const char *path);

// Joins shards `s[0..ns)` into `out` (entries moved, sorted). Returns 0,
// or OL_ECONFIG with ol_error_set() naming what does not fit: another
// tool version or build, other options, other inputs or folder, another
// shard count, a shard given twice, missing shards.
int ol_shard_join(ol_shard_facts *out, ol_shard_facts *s, size_t ns);

#endif
