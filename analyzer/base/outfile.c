/*
 * outfile.c — `-o FILE` (see outfile.h for the rules).
 *
 * Why a temporary file and rename() only for regular files: rename()
 * replaces the directory entry, which is what makes a reader never see a
 * half-written report, but done to /dev/null (as root) it turns the device
 * into a plain file, done to a symlink it replaces the link, and done to a
 * FIFO it leaves the reader waiting forever. So the target is resolved
 * first (symlinks followed by hand, so a dangling link names the file to
 * create) and only a regular file, or a path that does not exist yet, takes
 * the atomic route.
 *
 * The check before the analysis creates and removes a temporary file in the
 * target's directory (for the atomic route), or tests write access (for the
 * in-place route, without opening: opening a FIFO would block until a
 * reader comes).
 */
#include "outfile.h"

#include "arena.h"
#include "strbuf.h"
#include "../ol.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Symlinks followed before giving up (as the kernel's ELOOP limit).
#define OL_OUTFILE_MAX_LINKS 40

struct ol_outfile {
	char *path;      // as given, for messages
	char *target;    // symlinks resolved; NULL for stdout
	bool atomic;     // regular file or new: temp file + rename
	bool existed;    // the target existed (keep its mode and owner)
	struct stat st;  // of the target when it existed
	char *tmp;       // the temporary file while writing
	FILE *f;
};

static int fail(const ol_outfile *o, int err)
{
	return ol_error_set(OL_EIO, "cannot write '%s': %s", o->path,
			    strerror(err));
}

// Returns the owned path with every symlink along the last component
// followed; NULL with errno set on a loop.
static char *resolve(const char *path)
{
	char *p = ol_xstrdup(path);
	char buf[PATH_MAX];
	struct stat st;

	for (int hops = 0; lstat(p, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
		ssize_t n;
		if (hops == OL_OUTFILE_MAX_LINKS ||
		    (n = readlink(p, buf, sizeof buf - 1)) < 0) {
			if (hops == OL_OUTFILE_MAX_LINKS)
				errno = ELOOP;
			free(p);
			return NULL;
		}
		buf[n] = 0;
		char *slash = strrchr(p, '/');
		ol_strbuf b;
		ol_strbuf_init(&b);
		if (buf[0] != '/' && slash)
			ol_strbuf_addn(&b, p, (size_t)(slash - p) + 1);
		ol_strbuf_add(&b, buf);
		free(p);
		p = ol_strbuf_detach(&b);
	}
	return p;
}

// The directory of `p` (owned): "." when it has no slash.
static char *dir_of(const char *p)
{
	const char *slash = strrchr(p, '/');
	if (!slash)
		return ol_xstrdup(".");
	if (slash == p)
		return ol_xstrdup("/");
	char *d = ol_xstrdup(p);
	d[slash - p] = 0;
	return d;
}

// Creates the temporary file next to the target; its descriptor, or -1.
static int make_temp(ol_outfile *o)
{
	size_t n = strlen(o->target);

	free(o->tmp);
	o->tmp = ol_xmalloc(n + 16);
	sprintf(o->tmp, "%s.tmp.XXXXXX", o->target);
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
	}
	return fd;
}

int ol_outfile_new(ol_outfile **out, const char *path)
{
	ol_outfile *o = ol_xcalloc(1, sizeof *o);
	int error = 0;

	*out = NULL;
	o->path = ol_xstrdup(path);
	if (!strcmp(path, "-")) {
		*out = o;
		return 0;
	}
	if (!(o->target = resolve(path))) {
		error = fail(o, errno);
		goto done;
	}
	if (stat(o->target, &o->st) == 0) {
		o->existed = true;
		if (S_ISDIR(o->st.st_mode)) {
			error = fail(o, EISDIR);
			goto done;
		}
		if (S_ISSOCK(o->st.st_mode)) {
			error = ol_error_set(OL_EIO, "cannot write '%s': it "
					     "is a socket", path);
			goto done;
		}
		o->atomic = S_ISREG(o->st.st_mode);
		if (!o->atomic) {
			if (access(o->target, W_OK) != 0)
				error = fail(o, errno);
			goto done;
		}
		if (access(o->target, W_OK) != 0) {
			error = fail(o, errno);
			goto done;
		}
	} else if (errno != ENOENT) {
		error = fail(o, errno);
		goto done;
	} else {
		o->atomic = true;
		char *dir = dir_of(o->target);
		struct stat dst;
		int e = stat(dir, &dst) != 0 ? errno
			: !S_ISDIR(dst.st_mode) ? ENOTDIR : 0;
		free(dir);
		if (e) {
			error = fail(o, e);
			goto done;
		}
	}
	// The atomic route needs a file of its own in the directory.
	int fd = make_temp(o);
	if (fd < 0) {
		error = fail(o, errno);
		goto done;
	}
	close(fd);
	unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
done:
	if (error) {
		ol_outfile_free(o);
		return error;
	}
	*out = o;
	return 0;
}

int ol_outfile_open(ol_outfile *o, FILE **f)
{
	int fd;

	OL_ASSERT(o && !o->f);
	if (!o->target) {
		o->f = stdout;
		*f = stdout;
		return 0;
	}
	if (o->atomic) {
		if ((fd = make_temp(o)) < 0)
			return fail(o, errno);
		// The mode of the file it replaces, or what creating it
		// would give (0666 less the umask); the owner when allowed.
		mode_t mode;
		if (o->existed) {
			mode = o->st.st_mode & 07777;
			if (fchown(fd, o->st.st_uid, o->st.st_gid) != 0)
				errno = 0; // not root: it stays ours
		} else {
			mode_t mask = umask(0);
			umask(mask);
			mode = 0666 & ~mask;
		}
		fchmod(fd, mode);
	} else {
		// In place: no O_TRUNC games with devices, no O_CREAT.
		if ((fd = open(o->target, O_WRONLY | O_CLOEXEC)) < 0)
			return fail(o, errno);
	}
	if (!(o->f = fdopen(fd, "w"))) {
		int e = errno;
		close(fd);
		if (o->tmp) {
			unlink(o->tmp);
			free(o->tmp);
			o->tmp = NULL;
		}
		return fail(o, e);
	}
	*f = o->f;
	return 0;
}

int ol_outfile_commit(ol_outfile *o)
{
	int e = 0;

	OL_ASSERT(o && o->f);
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		e = errno ? errno : EIO;
	if (o->f != stdout && fclose(o->f) != 0 && !e)
		e = errno ? errno : EIO;
	o->f = NULL;
	if (!e && o->tmp && rename(o->tmp, o->target) != 0)
		e = errno;
	if (o->tmp) {
		if (e)
			unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	return e ? fail(o, e) : 0;
}

void ol_outfile_free(ol_outfile *o)
{
	if (!o)
		return;
	if (o->f && o->f != stdout)
		fclose(o->f);
	if (o->tmp) {
		unlink(o->tmp);
		free(o->tmp);
	}
	free(o->path);
	free(o->target);
	free(o);
}
