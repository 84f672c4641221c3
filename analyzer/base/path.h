/*
 * path.h — lexical path arithmetic shared by the emitters (SARIF and JSON
 * URIs) and the input collection (exclude globs): no file system access.
 */
#ifndef OL_BASE_PATH_H
#define OL_BASE_PATH_H

#include <stdbool.h>
#include <stddef.h>

// Joins `p` to `cwd` (absolute) when `p` is relative and removes ".",
// ".." and repeated '/' lexically. Returns an owned absolute path.
char *ol_path_normalize(const char *cwd, const char *p);

// ol_path_normalize() against the current directory.
char *ol_path_absolute(const char *p);

// Walks up from `start` (a file or a folder; its folder is the first one
// looked in) to the file system root and returns the owned absolute path
// (symlinks resolved) of the first folder that holds an entry named one of
// `names` (NULL-terminated); *which is the index of that name. NULL when
// none does or `start` does not exist.
char *ol_path_find_up(const char *start, const char *const *names,
		      size_t *which);

// `p` joined to `cwd` (absolute) when relative, with symlinks resolved
// when the file exists (else as joined). Returns an owned path.
char *ol_path_real(const char *cwd, const char *p);

// The path a report shows for `file` (JSON's "file", the HTML report):
// below `root` (absolute, symlinks resolved), relative to it in POSIX form
// without "./"; elsewhere, ol_path_real(). Returns an owned path.
char *ol_path_display(const char *cwd, const char *root, const char *file);

struct ol_strbuf;
// Appends `s` percent-encoded as a URI path (RFC 3986): unreserved
// characters, sub-delims, '@' and '/' stay; everything else, ':' and
// bytes that are not ASCII included, becomes %XX. SARIF's URIs and JSON's
// "file_uri" (a path that is not valid UTF-8) are written so.
void ol_path_add_uri(struct ol_strbuf *b, const char *s);

#endif
