/*
 * verify_output.h — whole-output tests for dump modes: a
 * case file keeps the expected text of `--dump-cfg` in a trailing
 * comment block
 *
 *	/ * check-output-start
 *	...expected lines...
 *	check-output-end * /
 *
 * (written without the spaces) and `--verify` compares it with what the
 * tool printed.
 */
#ifndef OL_EMIT_VERIFY_OUTPUT_H
#define OL_EMIT_VERIFY_OUTPUT_H

#include <stdio.h>

// Compares `actual` with the check-output block of the file `path`,
// ignoring trailing white space on each line and blank lines at either
// end. On a mismatch prints a diff to `out` ("-" expected, "+" actual).
// Returns 0 on a match, 1 on a mismatch, negative (with ol_error_set)
// when `path` cannot be read or has no check-output block.
int ol_verify_output(FILE *out, const char *path, const char *actual);

#endif
