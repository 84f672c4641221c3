/*
 * special_files.c — a parse never opens a device, a FIFO or a socket
 * (docs/robustness.md, "Per-file limits").
 *
 * `#include "/dev/zero"` makes libclang read forever (it reads a file that
 * has no size until end of file: gigabytes of NUL bytes), `/dev/urandom`
 * the same with garbage, and a FIFO blocks the open itself until someone
 * writes to it. The per-file limits would end such a file after the fact;
 * this refuses it before anything is read.
 *
 * libclang gives no hook between the preprocessor and the file system, so
 * the tool interposes `open`: libLLVM calls open() through the dynamic
 * linker, and a definition in the executable comes first (the executable
 * exports it: analyzer/meson.build). Everywhere else the wrapper is open()
 * as the kernel gives it; only on a thread inside a parse
 * (ol_special_files_refuse(true)) does it stat the path first and answer
 * EINVAL for anything that is not a regular file, a folder, or /dev/null
 * (an empty file clang reads at once). The first refused name is kept for
 * the file's notice.
 */
// (open() itself must be defined here, not renamed to open64 by the large
// file headers, nor wrapped by the fortified ones: both names are defined
// below.)
#undef _FILE_OFFSET_BITS
#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include "special_files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Thread_local bool refusing;
static _Thread_local char refused[PATH_MAX];
static _Thread_local const char *refused_kind;

void ol_special_files_refuse(bool on)
{
	refusing = on;
	if (on) {
		refused[0] = 0;
		refused_kind = NULL;
	}
}

bool ol_special_files_refused(const char **path, const char **kind)
{
	if (!refused_kind)
		return false;
	*path = refused;
	*kind = refused_kind;
	return true;
}

// What `path` is when a parse may not read it, else NULL.
static const char *special_kind(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return NULL; // (open will say what is wrong)
	if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
		return NULL;
	if (S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
	    minor(st.st_rdev) == 3)
		return NULL; // /dev/null
	if (S_ISFIFO(st.st_mode))
		return "a FIFO";
	if (S_ISSOCK(st.st_mode))
		return "a socket";
	if (S_ISCHR(st.st_mode))
		return "a character device";
	if (S_ISBLK(st.st_mode))
		return "a block device";
	return "not a regular file";
}

static int open_checked(const char *path, int flags, mode_t mode)
{
	if (refusing && path) {
		const char *kind = special_kind(path);
		if (kind) {
			if (!refused_kind) {
				snprintf(refused, sizeof refused, "%s", path);
				refused_kind = kind;
			}
			errno = EINVAL;
			return -1;
		}
	}
	return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

// The mode argument is there only when the flags create a file.
#define MODE_ARG(flags, mode)                                              \
	do {                                                               \
		if ((flags) & (O_CREAT | O_TMPFILE)) {                     \
			va_list ap;                                        \
			va_start(ap, flags);                               \
			mode = (mode_t)va_arg(ap, int);                    \
			va_end(ap);                                        \
		}                                                          \
	} while (0)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode);
	return open_checked(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode);
	return open_checked(path, flags, mode);
}
