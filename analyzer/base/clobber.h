/*
 * clobber.h — no output of a run is ever one of its inputs
 * (docs/robustness.md, "Outputs never replace inputs").
 *
 * `mojo-ownlint -o *.c` once replaced the first C file with the report;
 * `-p . -o compile_commands.json` the database; `--baseline b.sarif -o
 * b.sarif` the baseline. Before anything is read, the run registers each
 * file it will write (-o, --emit-rules, --facts-out, merge's -o); every
 * input is then compared with them, as a file (device and inode, after
 * symlinks, so a hard link or a symlink to an input is caught too), and a
 * clash is an error before the work starts. Headers are known only once a
 * parse read them: each one a parse reads is compared too, and a clash
 * found then stops the run before it writes anything.
 *
 * Outputs that do not exist yet cannot be an input; outputs that are not
 * regular files (-o -, /dev/null, a FIFO) are never replaced and are not
 * watched.
 */
#ifndef OL_BASE_CLOBBER_H
#define OL_BASE_CLOBBER_H

#include <stdbool.h>

// Registers `path` (copied), written as `option` (a static string, "-o"),
// as an output of the run. Call before the run reads its inputs.
void ol_clobber_output(const char *path, const char *option);

// Checks input `path`, read as `what` (a static string: "the compilation
// database", "a source file"...). Returns 0, or OL_EUSAGE with
// ol_error_set() ("-o 'x.c' would replace x.c, a source file of this run:
// nothing was written") when it is one of the outputs.
int ol_clobber_check(const char *path, const char *what);

// True when some output is watched (a parse then reports the files it
// read with ol_clobber_check_read()).
bool ol_clobber_watching(void);

// A file a parse read (thread-safe): a clash is kept for
// ol_clobber_found(), the first one only.
void ol_clobber_check_read(const char *path);

// The message of the first clash found by ol_clobber_check_read(), or
// NULL (borrowed until ol_clobber_reset()).
const char *ol_clobber_found(void);

// Forgets every output and clash (tests, and the end of a run).
void ol_clobber_reset(void);

#endif
