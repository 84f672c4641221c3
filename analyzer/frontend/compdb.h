/*
 * compdb.h — reading a compile_commands.json (the clang-tidy `-p`
 * convention) into inputs.
 *
 * Each entry becomes an ol_input with the compile's flags, minus what
 * libclang must not see: the compiler (argv[0]), the source file itself,
 * and the output and dependency-file arguments (`-c`, `-o X`, `-M`,
 * `-MD`, `-MF X`, ...: args.h, which tu.c applies to the configuration's
 * and the command line's arguments too). nvcc command lines keep only the flags clang
 * understands (-I, -D, -U, -isystem, -include, -std). A C++ compiler
 * (its name contains "++") makes the entry C++ whatever the extension.
 */
#ifndef OL_FRONTEND_COMPDB_H
#define OL_FRONTEND_COMPDB_H

#include "inputs.h"

// Reads `path` (a compile_commands.json, or a directory holding one) and
// appends its entries to `out`. A malformed file is one notice of level
// error naming the file and line (kind "compdb") and adds nothing; an
// entry that is malformed is a notice and is skipped. An entry whose file
// does not exist goes to out->stale (ol_inputs_collect() decides whether
// to say so). Counts error notices in out->nerrors.
void ol_compdb_load(ol_inputs *out, const char *path, ol_diag_sink *sink);

// Returns the owned directory of the database `path` (a file or a
// directory); free() it.
char *ol_compdb_dir(const char *path);

// Splits a shell-quoted command line ('…', "…", backslash escapes) into
// owned words; returns their count and stores the malloc'ed array, each
// string malloc'ed, in `*out`.
size_t ol_compdb_split(char ***out, const char *cmd);

#endif
