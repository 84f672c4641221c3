/*
 * inputs.h — the list of translation units a run analyzes, collected from
 * the command line (files and directories) or from a compilation database
 * (compdb.h).
 *
 * Directories are walked recursively, entries sorted byte-wise in each
 * directory so the order never depends on the file system. Hidden
 * directories, build directories (a `build*` folder holding meson-private/,
 * CMakeFiles/ or compile_commands.json) and symlink loops are skipped. A
 * file reached twice (two names, a symlink) is analyzed once.
 *
 * What a directory walk picks (issue 16): source files only. Headers
 * (`*.h`, `*.hh`, `*.hpp`, `*.cuh`) are analyzed through the files that
 * include them (their functions under --header-filter, tu.h), and a source
 * file that another walked source `#include`s (a fragment of a single-TU
 * build: `#include "impl.c"`) is analyzed with its includer, not alone. A
 * header or fragment named on the command line is analyzed as its own
 * translation unit (parsed as `-x c-header` & co. for a header).
 *
 * Exclusions (exclude.h) apply to walked and named files and to the entries
 * of a compilation database alike.
 *
 * Problems with an input (missing, unreadable, binary, a directory without
 * sources) are reported as notices of level error and kind "io" into the
 * sink given; the other inputs go on.
 */
#ifndef OL_FRONTEND_INPUTS_H
#define OL_FRONTEND_INPUTS_H

#include "../base/vec.h"
#include "../diag/diag.h"
#include "exclude.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef enum ol_lang {
	OL_LANG_C,
	OL_LANG_C_HEADER,
	OL_LANG_CXX,
	OL_LANG_CXX_HEADER,
	OL_LANG_CUDA,
	OL_LANG_CUDA_HEADER,
} ol_lang;

typedef struct ol_input {
	char *path;    // owned; as the user named it (or joined by the walk)
	ol_lang lang;
	char *workdir; // owned; the database's `directory`, NULL = cwd
	char **args;   // owned, with each string; compiler arguments from the
	size_t nargs;  // database (no compiler, -c, -o, -M*, nor the file)
	bool from_compdb;
	bool explicit_file; // named on the command line (not found by a walk)
	bool fragment; // #include'd by another walked source (dropped)
	// Not selected by the run: a database entry that includes a header
	// named alone (header_alone.h), analyzed for that header only (its
	// own functions give summaries and are not reported).
	bool carrier;
	// From the configuration file that governs it (config/config.h),
	// borrowed: compiler arguments (after the database's) and checks.
	const char *const *cfg_args;
	size_t ncfg_args;
	const char *cfg_checks;
	dev_t dev;     // identity, to drop duplicates
	ino_t ino;
} ol_input;

// A compilation database entry whose file no longer exists (a stale
// entry: the file was deleted or renamed since the database was written).
typedef struct ol_stale_entry {
	char *db;   // owned: the database's path
	size_t idx; // the entry's index in it
	char *path; // owned: the file's absolute path
} ol_stale_entry;

typedef struct ol_inputs {
	OL_VEC(ol_input) v;
	size_t nerrors; // notices of level error added while collecting
	// The database's stale entries (ol_compdb_load(); the collection
	// reports those a run would analyze and empties the list).
	OL_VEC(ol_stale_entry) stale;
	size_t nstale;    // stale entries reported (notices "missing-file")
	size_t nexcluded; // inputs left out by an exclusion
	// With -p and named paths: the database's entries the run did not
	// select, where a header named alone looks for an includer
	// (ol_inputs_resolve_headers() empties it).
	OL_VEC(ol_input) unselected;
} ol_inputs;

void ol_inputs_init(ol_inputs *in);
void ol_inputs_free(ol_inputs *in);
// Frees the inputs `i` with drop[i] and keeps the others, in order.
void ol_inputs_drop(ol_inputs *in, const bool *drop);
// Frees in->unselected.
void ol_inputs_drop_unselected(ol_inputs *in);

// Returns the language of `path` from its extension; false when it is not
// a file the walk would pick.
bool ol_inputs_lang_of(const char *path, ol_lang *out);
// The name of the line's `#include "name"` (not its `<name>`): a pointer
// into `line` and its length in `*len`, or NULL. The name ends on the
// line (a newline, or the string's end).
const char *ol_quoted_include(const char *line, size_t *len);
// The `-x` argument for `l` ("c", "c-header", "c++", "cuda", ...).
const char *ol_lang_xarg(ol_lang l);

// How inputs are collected.
typedef struct ol_collect_opts {
	const char *compdb;          // -p: a database or its folder; NULL
	const ol_exclude *exclude;   // borrowed: what to leave out
	size_t nexclude;
	// Folders of -I flags (borrowed), searched when a walked source's
	// `#include "x.c"` is not found next to it.
	const char *const *include_dirs;
	size_t ninclude_dirs;
} ol_collect_opts;

// Collects the inputs of a run. Without o->compdb, `paths` (files, any
// extension, unknown ones taken as C; or folders, walked) are the inputs.
// With it, the database's entries are the inputs; `paths`, when any,
// restrict them (a named file missing from the database is analyzed with
// no database flags, with a warning notice). Problems become notices in
// `sink` and are counted in out->nerrors. A stale database entry that the
// run would analyze (not excluded; below a named folder, when paths are
// named) is a notice of level warning and kind "missing-file", counted in
// out->nstale, not an error: the run goes on with the other entries.
// Inputs left out by an exclusion are counted in out->nexcluded. Never
// fails as a whole: an empty result is for the caller to judge.
void ol_inputs_collect(ol_inputs *out, const char *const *paths, size_t npaths,
		       const ol_collect_opts *o, ol_diag_sink *sink);
// Finds the file an `#include "name"` of `includer` reads: next to it,
// else in o->include_dirs; fills *st and returns true, or false.
struct stat;
bool ol_inputs_find_include(const ol_collect_opts *o, const char *includer,
			    const char *name, struct stat *st);

#endif
