/*
 * outfile.h — the report's destination (`-o FILE`), written without ever
 * damaging what is there:
 *
 *   - "-" is standard output;
 *   - a symlink is followed to its target (the link stays a link);
 *   - a regular file (or a new one) is written atomically: a temporary file
 *     in the same directory, renamed over the target once complete, with
 *     the mode (and, when allowed, the owner) of the file it replaces;
 *   - anything else that can be opened for writing — /dev/null, a
 *     terminal, a FIFO, /dev/fd/N of a pipe — is written in place, never
 *     replaced;
 *   - a directory or a socket is refused.
 *
 * ol_outfile_new() resolves the path and checks that it can be written, so
 * a bad -o is reported before the analysis starts rather than after it.
 */
#ifndef OL_BASE_OUTFILE_H
#define OL_BASE_OUTFILE_H

#include <stdio.h>

typedef struct ol_outfile ol_outfile;

// Resolves `path` (borrowed) and checks that it can be written. Returns 0
// and an owned destination in *out, or OL_EIO with ol_error_set()
// ("cannot write 'x': Is a directory").
int ol_outfile_new(ol_outfile **out, const char *path);

// Opens the destination and returns a borrowed stream for the report.
// Returns 0, or OL_EIO with ol_error_set().
int ol_outfile_open(ol_outfile *o, FILE **f);

// Completes the write: flushes and closes the stream and, for a regular
// file, moves the finished file into place. Returns 0, or OL_EIO with
// ol_error_set() (the target is then left as it was).
int ol_outfile_commit(ol_outfile *o);

// Frees `o`; a write that was opened but not committed is discarded.
void ol_outfile_free(ol_outfile *o);

#endif
