/*
 * project.c — finding the project root (see project.h).
 *
 * git is not run: a `.git` entry is what makes a folder a work tree's top
 * level for this purpose, which also holds for worktrees and submodules
 * (their `.git` is a file) and works where git is not installed.
 */
#include "project.h"

#include "../base/arena.h"
#include "../ol.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *ol_project_git_top(const char *path)
{
	char *dir = path ? realpath(path, NULL) : NULL;
	struct stat st;

	if (!dir)
		return NULL;
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		char *slash = strrchr(dir, '/');
		if (slash)
			slash[slash == dir] = 0;
	}
	for (;;) {
		size_t n = strlen(dir);
		char *probe = ol_xmalloc(n + 6);
		memcpy(probe, dir, n);
		memcpy(probe + n, n > 1 ? "/.git" : ".git", 6);
		bool found = stat(probe, &st) == 0;
		free(probe);
		if (found)
			return dir;
		char *slash = strrchr(dir, '/');
		if (!slash || n == 1)
			break;
		slash[slash == dir] = 0; // "/a" -> "/", "/a/b" -> "/a"
	}
	free(dir);
	return NULL;
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
