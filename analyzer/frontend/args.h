/*
 * args.h — the compiler arguments of a project as clangd treats them:
 * what must never reach libclang, and what clang says it does not know.
 *
 * Two kinds of arguments are taken out of every compile command (the
 * database's, the configuration's `compiler-args`, and those after `--`):
 *
 *   - Outputs and dependency files (`-o X`, `-c`, `-M`, `-MM`, `-MD`,
 *     `-MMD`, `-MF X`, `-MT X`, `-MQ X`, `-MP`, `-MG`, `-MJ X`, `-Wp,-MD,X`,
 *     `-E`, `-S`, `-save-temps`, `-###`, `-v`, `-H`, `--analyze`,
 *     `-print-*`, `-dump*`, ...): they are dropped up front, by name. A
 *     parse must never write a file the build owns, nor print: `-M` alone
 *     writes the dependency list to stdout and would corrupt a JSON or
 *     SARIF report.
 *
 *   - Arguments clang does not know (GCC-only flags: `-fipa-pta`,
 *     `-fno-gnu-unique`, `-mindirect-branch=thunk`, ...; `-mabi=` of
 *     another target). No table of clang's options is reachable from C,
 *     so clang is asked: its driver reports each such argument as an
 *     error without a location ("unknown argument: '-fipa-pta'",
 *     "unsupported option '-mabi=' for target '...'"), drops it, and the
 *     parse goes on. ol_args_rejected() reads those diagnostics back to
 *     the arguments they name. tu.c then parses the file again without
 *     them (once per worker and newly met argument: the common case, a
 *     command line clang fully knows, parses once) and leaves them out of
 *     every later parse. A run says once which arguments it left out
 *     (ol_args_merge_notices()), not once per file. (Flags clang knows but ignores, such as
 *     `-fno-tree-vrp` or unknown `-W` options, are only warnings, which
 *     the tool switches off: they change nothing.)
 */
#ifndef OL_FRONTEND_ARGS_H
#define OL_FRONTEND_ARGS_H

#include "../base/vec.h"
#include "../diag/diag.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

// How many words the output or dependency-file argument at argv[i] spans
// (1, or 2 with its value: `-MF x`), or 0 when argv[i] is not one.
size_t ol_args_output_words(const char *const *argv, size_t argc, size_t i);

typedef OL_VEC(char *) ol_args_names; // owned strings

// Appends to `out` each argument of `argv[0..argc)` that a diagnostic of
// `tu`'s driver says clang does not know or does not support here (as the
// user wrote it: "-mabi=lp64" for "unsupported option '-mabi='"), unless
// `out` has it already. Returns how many it added.
size_t ol_args_rejected(ol_args_names *out, CXTranslationUnit tu,
			const char *const *argv, size_t argc);

// Whether `names` holds `a`.
bool ol_args_has(const ol_args_names *names, const char *a);

void ol_args_names_free(ol_args_names *names);

// The kind of the notices about rejected arguments. tu.c gives each file
// a notice of level note per argument left out (its message is the
// argument alone, so that the cache keeps it with the file's results);
// ol_args_merge_notices() turns those of a whole run into one warning
// naming every such argument, sorted, and how many files had them.
#define OL_ARGS_NOTICE_KIND "unknown-argument"
void ol_args_merge_notices(ol_diag_sink *sink);

#endif
