/*
 * project.c — finding the project root (see project.h).
 *
 * git is not run: a `.git` entry is what makes a folder a work tree's top
 * level for this purpose, which also holds for worktrees and submodules
 * (their `.git` is a file) and works where git is not installed.
 */
#include "project.h"

#include "../base/arena.h"
#include "../base/path.h"
#include "../ol.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *ol_project_git_top(const char *path)
{
	static const char *const names[] = { ".git", NULL };
	return path ? ol_path_find_up(path, names, NULL) : NULL;
}

char *ol_project_root(const char *given, const char *first_input)
{
	char *root;
	struct stat st;

	if (given) {
		if (stat(given, &st) != 0 || !S_ISDIR(st.st_mode)) {
			ol_error_set(OL_EUSAGE, "project root '%s' is not a "
				     "directory", given);
			return NULL;
		}
		return realpath(given, NULL);
	}
	if ((root = ol_project_git_top(".")))
		return root;
	if (first_input && (root = ol_project_git_top(first_input)))
		return root;
	return realpath(".", NULL);
}
