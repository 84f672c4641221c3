/*
 * cli.h — the command line's words (docs/contract.md): what the options
 * say (`cli`), the usage text, and the split of the words into those that
 * decide findings and the others (the shards' stamp, the merge). main.c
 * reads the configuration over them and runs the pipeline.
 */
#ifndef OL_CLI_H
#define OL_CLI_H

#include "base/vec.h"
#include "graph/graph.h"
#include "shard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXIT_FINDINGS 1
#define EXIT_ERROR 2
#define EXIT_PARTIAL 3
#define EXIT_MISMATCH 4 // merge: the shards do not fit together

typedef enum format { FMT_TEXT, FMT_SARIF, FMT_JSON, FMT_HTML } format;

typedef struct cli {
	OL_VEC(const char *) paths;
	OL_VEC(const char *) extra;  // after `--`, then --extra-arg's
	OL_VEC(const char *) extra_after;  // --extra-arg, in order
	OL_VEC(const char *) extra_before; // --extra-arg-before, in order
	OL_VEC(const char *) rules;  // --rules, in order
	OL_VEC(const char *) dumps;  // --dump-cfg names
	OL_VEC(char *) owned;        // strings this file allocated
	const char *compdb, *output, *checks, *explain, *category, *baseline;
	const char *project_root, *header_filter, *config_file;
	OL_VEC(const char *) excludes; // --exclude, in order
	format fmt;
	unsigned jobs;
	bool list_checks, version, help, verify, no_default_includes;
	bool include_generated, no_config, dump_config, no_group;
	bool no_cuda_toolkit;        // --no-cuda-toolkit (issue 12)
	bool no_pch;                 // --no-pch (issue 14)
	bool exit_zero, quiet, include_suppressed;
	bool dump_graph;             // --dump-graph[=dot|json]
	ol_graph_format graph_format;
	bool dump_contracts, no_cross_file, no_cache;
	const char *emit_rules;      // --emit-rules FILE
	const char *cache_dir;       // --cache-dir DIR
	bool has_cache_max_size;     // --cache-max-size SIZE given
	uint64_t cache_max_size;     // ... in bytes, 0: unbounded
	int exceptions;              // --exceptions=kb|all|none (C++)
	const char *shard;           // --shard K/N
	const char *facts_out;       // --facts-out FILE
	const char *emit_ninja;      // --emit-ninja DIR
	// --max-file-memory (has_: given, here or in the configuration) and
	// --max-file-time (NULL: the configuration's, else the defaults)
	bool has_max_file_memory;
	uint64_t max_file_memory;
	const char *max_file_time;
	int progress;                // --progress 1, --no-progress 0, else -1
	const char *warnings_as_errors; // --warnings-as-errors GLOBS
	int color;                   // --color: 1 always, 0 never, -1 auto
	// merge: the shards' facts, joined (borrowed), and the words of the
	// options that made them.
	const ol_shard_facts *restore;
	size_t nshards;
	const char *const *facts_files; // their names (nshards of them)
	char **exec_argv; // what a crash re-executes (merge: its own argv)
} cli;

// The options as the shards' stamp and the merge see them (shard.h):
// `value`, it takes a word; `local`, it does not change what is found
// (left out of the stamp, so shards may differ in it); `merge`, the merge
// subcommand takes it.
typedef struct run_opt {
	const char *name;
	bool value, local, merge;
} run_opt;

typedef OL_VEC(const char *) word_vec;

extern const char usage_text[];
extern const char usage_text2[];

void cli_free(cli *c);
// Reads the options of argv[first..argc) into `c`; 0, or a usage error
// (ol_error_last() says which).
int parse_args(cli *c, int argc, char **argv, int first);
// Prints `msg` as a usage error; returns EXIT_ERROR.
int usage_error(const char *msg);
// The entry of option word `a` (NULL: a path or another flag); *words is
// how many words it takes (2 when its value is the next word).
const run_opt *find_run_opt(const char *a, int *words);
// Splits argv[first..argc) into the words that decide findings
// (`analysis`) and the others (`local`, may be NULL).
void split_args(int argc, char **argv, int first, word_vec *analysis,
		word_vec *local);

#endif
