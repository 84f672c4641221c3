/*
 * project.h — the project root: what SARIF URIs (%SRCROOT%), fingerprints
 * and baselines are relative to, so that none of them depends on the
 * directory the tool was started from (issue 15).
 *
 * The root is, first match wins: `--project-root DIR` (or the config
 * file's `project-root`); the top level of the git work tree holding the
 * current directory; the top level of the git work tree holding the first
 * input; the current directory.
 */
#ifndef OL_FRONTEND_PROJECT_H
#define OL_FRONTEND_PROJECT_H

// Returns the owned absolute root (symlinks resolved), or NULL with
// ol_error_set(OL_EUSAGE) when `given` is not a directory. `given` and
// `first_input` may be NULL.
char *ol_project_root(const char *given, const char *first_input);

// The top level of the git work tree holding `path` (a file or a
// directory): the nearest ancestor with a `.git` entry (a directory, or
// the file a worktree or submodule has). Returns an owned absolute path
// or NULL.
char *ol_project_git_top(const char *path);

#endif
