/*
 * exclude.h — `--exclude GLOB` and the configuration's `exclude:` list
 * (issue 16): which inputs a run leaves out.
 *
 * A glob is matched against the path relative to its base folder (the
 * configuration file's folder, or the current directory for --exclude),
 * one path component at a time:
 *   - a glob without '/' matches a file or folder name at any depth
 *     (`third_party`, `*_pb2.c`);
 *   - a glob with '/' matches from the base (`src/gen/x*.c`, `tests/`
 *     then two stars; a leading "./" means the same);
 *   - a glob starting with '/' matches the absolute path
 *     (`/home/me/proj/gen`), else, like gitignore's "/gen", from the
 *     base;
 *   - a star, `?` and `[...]` match within one name (fnmatch), two stars
 *     as a whole component match any number of folders;
 *   - a matching folder excludes everything below it.
 * A path outside the base folder is matched by name-only globs alone.
 */
#ifndef OL_FRONTEND_EXCLUDE_H
#define OL_FRONTEND_EXCLUDE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ol_exclude {
	const char *base; // borrowed: an absolute folder
	const char *glob; // borrowed
} ol_exclude;

// True when `path` (absolute, no "." or ".." components) matches one of
// `ex[0..n)`.
bool ol_exclude_match(const ol_exclude *ex, size_t n, const char *path);

#endif
