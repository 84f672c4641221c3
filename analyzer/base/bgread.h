/*
 * bgread.h — files read on a thread of their own while the caller goes on.
 */
#ifndef OL_BGREAD_H
#define OL_BGREAD_H

#include <stddef.h>

typedef struct ol_bgread ol_bgread;

// Starts reading the `n` files of `paths`, in their order, on a thread of
// its own; NULL paths are skipped. Takes `paths` and its strings (malloc'd).
// Never NULL: without a thread, each file is read when it is asked for.
ol_bgread *ol_bgread_start(char **paths, size_t n);
// The text of file `i` (NUL-terminated, malloc'd, the caller's; its length
// in `*len`), once it is read: NULL for a NULL path, or a file that is not
// a regular file or cannot be read. Each file is taken at most once.
char *ol_bgread_take(ol_bgread *r, size_t i, size_t *len);
// Stops the thread after the file it is reading and frees what was not
// taken. NULL is a no-op.
void ol_bgread_free(ol_bgread *r);

#endif
