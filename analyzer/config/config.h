/*
 * config.h — the project configuration file, `.mojo-ownlint.yaml`
 * (issue 16), found like clang-tidy's `.clang-tidy`: each input is governed
 * by the nearest one in its folder or above it (compiler-args, checks and
 * exclude per input; the run-wide keys from the first input's file).
 *
 *   checks: "-*,MOJO-OWN-*"          # as --checks
 *   rules: [rules/runtime.json]      # as --rules (repeatable)
 *   exclude: [third_party, "*_pb.c"] # as --exclude (repeatable)
 *   header-filter: "^include/"       # as --header-filter
 *   warnings-as-errors: "MOJO-OWN-104" # as --warnings-as-errors
 *   compiler-args: [-Iinclude, -DNDEBUG]   # as the args after `--`
 *   compile-commands: build          # as -p
 *   project-root: .                  # as --project-root
 *   baseline: ownlint-baseline.sarif # as --baseline
 *   include-generated: false         # as --include-generated
 *   default-includes: true           # false is --no-default-includes
 *   jobs: 2                          # as -j
 *   max-file-memory: 4G              # as --max-file-memory
 *   max-file-time: 300               # as --max-file-time (CPU seconds)
 *
 * Paths (rules, compile-commands, project-root, baseline, and the values
 * of -I, -isystem, -iquote, -idirafter and -include in compiler-args) and
 * exclude globs are relative to the folder of the file that names them. The
 * command line overrides the file: a scalar option replaces its key, a
 * repeatable one (--rules, --exclude, compiler args) adds to the list.
 * An unknown key, or a value of the wrong type, is an error naming the file,
 * line and column.
 */
#ifndef OL_CONFIG_H
#define OL_CONFIG_H

#include "../base/vec.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

// File names looked for, in this order, in each folder.
#define OL_CONFIG_NAME ".mojo-ownlint.yaml"
#define OL_CONFIG_NAME_ALT ".mojo-ownlint.yml"

typedef OL_VEC(char *) ol_str_vec;

typedef struct ol_config {
	char *path;             // owned: the file read; NULL for an empty config
	char *dir;              // owned: its folder (absolute), or NULL
	char *checks;           // owned strings; NULL = not set
	ol_str_vec rules;       // paths, made absolute
	ol_str_vec exclude;     // globs (relative to `dir`)
	char *header_filter;
	char *warnings_as_errors;
	ol_str_vec compiler_args;
	char *compile_commands; // absolute
	char *project_root;     // absolute
	char *baseline;         // absolute
	int include_generated;  // -1 unset, 0, 1
	int default_includes;   // -1 unset, 0, 1
	unsigned jobs;          // 0 unset
	int cache;              // -1 unset, 0 (no facts cache), 1
	char *cache_dir;        // absolute
	int64_t cache_max_size; // -1 unset, 0 unbounded, else bytes
	int64_t max_file_memory; // -1 unset, else bytes (0: no limit)
	char *max_file_time;    // as written, checked (base/limits.h)
} ol_config;

// Returns an owned, empty configuration (nothing set).
ol_config *ol_config_new(void);
void ol_config_free(ol_config *c);

// Reads the configuration file at `path`. Returns 0 and an owned config in
// *out, or OL_EIO / OL_ECONFIG with ol_error_set() ("f.yaml:3:1: unknown
// key 'chekcs' (known: checks, rules, ...)").
int ol_config_load(ol_config **out, const char *path);

// The configuration file that governs `path` (a file or a folder): the
// first OL_CONFIG_NAME or OL_CONFIG_NAME_ALT in its folder or above.
// Returns an owned absolute path, or NULL when there is none.
char *ol_config_find(const char *path);

// The configurations of a run, each file read once: every input is
// governed by the nearest configuration file above it.
typedef struct ol_config_cache ol_config_cache;

// Returns an owned, empty cache; `first` (borrowed, may be NULL) is the
// configuration already read for the run, returned for its own path.
ol_config_cache *ol_config_cache_new(const ol_config *first);
void ol_config_cache_free(ol_config_cache *cache);

// The configuration that governs `path` (ol_config_find()): a borrowed
// config, valid until the cache is freed, or an empty one when no file
// governs it. Returns 0, or the error of ol_config_load().
int ol_config_cache_get(ol_config_cache *cache, const char *path,
			const ol_config **out);

// Writes `c` as YAML that ol_config_load() reads back (--dump-config).
void ol_config_dump(FILE *f, const ol_config *c);

#endif
