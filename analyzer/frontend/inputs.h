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
 * Headers (`*.h`, `*.hh`, `*.hpp`, `*.cuh`) are their own translation unit
 * (parsed as `-x c-header` & co.). Since tu.c only analyzes functions whose
 * definition is in the main file of a translation unit or in a source file
 * it includes (ol_tu_owns_decl), a header contributes the functions defined
 * in it (static inline helpers) and a `.c` file that includes it does not
 * analyze them again. An included `.c` file (a single-TU build) is analyzed
 * with its includer, and again when it is an input itself; the sink drops
 * the identical findings.
 *
 * Problems with an input (missing, unreadable, binary, a directory without
 * sources) are reported as notices of level error and kind "io" into the
 * sink given; the other inputs go on.
 */
#ifndef OL_FRONTEND_INPUTS_H
#define OL_FRONTEND_INPUTS_H

#include "../base/vec.h"
#include "../diag/diag.h"

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
	dev_t dev;     // identity, to drop duplicates
	ino_t ino;
} ol_input;

typedef struct ol_inputs {
	OL_VEC(ol_input) v;
	size_t nerrors; // notices of level error added while collecting
} ol_inputs;

void ol_inputs_init(ol_inputs *in);
void ol_inputs_free(ol_inputs *in);

// Returns the language of `path` from its extension; false when it is not
// a file the walk would pick.
bool ol_inputs_lang_of(const char *path, ol_lang *out);
// The `-x` argument for `l` ("c", "c-header", "c++", "cuda", ...).
const char *ol_lang_xarg(ol_lang l);

// Adds `path`: a file (any extension; unknown ones are taken as C) or a
// directory walked recursively. Problems become notices in `sink` and
// bump in->nerrors. `skip_dir` (may be NULL) is a directory never entered
// (the -p build directory).
void ol_inputs_add_path(ol_inputs *in, const char *path, const char *skip_dir,
			ol_diag_sink *sink);

// Collects the inputs of a run. Without `compdb`, `paths` are added as
// above. With it, the database's entries are the inputs; `paths`, when
// any, restrict them (a named file missing from the database is analyzed
// with no database flags, with a warning notice). `nerrors` counts the
// error notices. Never fails as a whole: an empty result is for the
// caller to judge.
void ol_inputs_collect(ol_inputs *out, const char *const *paths, size_t npaths,
		       const char *compdb, ol_diag_sink *sink);

#endif
