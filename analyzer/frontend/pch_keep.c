/*
 * pch_keep.c — precompiled headers kept in the facts cache for later runs.
 *
 * An edit loop (a pre-commit hook, an editor's save) runs the tool over a
 * project whose files the facts cache serves but for the one just edited,
 * and that one is parsed whole: its prefix, all of Python.h, is most of
 * the parse. The PCH of that prefix was built by an earlier run (pch.c
 * builds one for each prefix three files share); kept in the cache
 * directory, `<cache>/pch/`, it serves the next runs too, for any file
 * with that prefix and those arguments, however few of the run's files
 * are parsed.
 *
 * Per prefix (pch.c's digest of the prefix's text and arguments, with the
 * libclang version: another clang cannot read the PCH):
 *
 *   <digest>.h      the prefix as a header (what the PCH is built from;
 *                   written once, never replaced: clang checks that it is
 *                   unchanged)
 *   <digest>.pch    the PCH (written under a temporary name, renamed)
 *   <digest>.reads  the files it read, one a line: size, modification
 *                   time in ns, path (renamed into place before the PCH)
 *
 * A kept PCH is used only when every file it read, and its header, still
 * has the size and modification time recorded, the test clang itself
 * makes before it accepts a PCH (a PCH clang rejects would leave a
 * translation unit of errors): a header edited since makes it stale, and
 * it is removed, to be built again. Its modification time is when it was
 * last used; at most KEEP_MAX are kept, the least recently used removed
 * first (a PCH of Python.h is some 5 to 10 MB). Runs sharing the directory
 * at worst build a PCH twice: every file appears by a rename.
 */
#include "pch_keep.h"

#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <clang-c/Index.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// PCHs kept in one cache directory at most.
#define KEEP_MAX 8
#define READS_VERSION 1

static bool mkdir_p(const char *dir)
{
	char p[PATH_MAX];
	snprintf(p, sizeof p, "%s", dir);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			return false;
		*s = '/';
	}
	return mkdir(p, 0755) == 0 || errno == EEXIST;
}

bool ol_pch_kept_names(const char *dir, const char *digest, ol_pch_kept *k)
{
	if (!mkdir_p(dir))
		return false;
	CXString v = clang_getClangVersion();
	const char *vs = clang_getCString(v);
	unsigned long long h = 14695981039346656037ull;
	for (const char *p = vs ? vs : ""; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	clang_disposeString(v);
	char stem[PATH_MAX];
	int n = snprintf(stem, sizeof stem, "%s/%s-%08llx", dir, digest,
			 h & 0xffffffffull);
	if (n <= 0 || (size_t)n >= sizeof stem)
		return false;
	snprintf(k->header, sizeof k->header, "%s.h", stem);
	snprintf(k->pch, sizeof k->pch, "%s.pch", stem);
	snprintf(k->reads, sizeof k->reads, "%s.reads", stem);
	snprintf(k->temp, sizeof k->temp, "%s.pch.tmp.%ld.%p", stem,
		 (long)getpid(), (void *)k);
	return true;
}

bool ol_pch_kept_header(const ol_pch_kept *k, const char *text, size_t len)
{
	size_t n = 0;
	char *old = ol_read_file(k->header, &n);
	bool same = old && n == len && !memcmp(old, text, len);
	free(old);
	if (same)
		return true;
	char tmp[PATH_MAX + 128];
	snprintf(tmp, sizeof tmp, "%s.h", k->temp);
	FILE *f = fopen(tmp, "wb");
	if (!f)
		return false;
	bool ok = fwrite(text, 1, len, f) == len;
	ok = fclose(f) == 0 && ok;
	ok = ok && rename(tmp, k->header) == 0;
	if (!ok)
		unlink(tmp);
	return ok;
}

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000ll +
	       st->st_mtim.tv_nsec;
}

static void remove_kept(const ol_pch_kept *k)
{
	unlink(k->pch);
	unlink(k->reads);
}

bool ol_pch_kept_load(const ol_pch_kept *k, ol_tu_paths *reads)
{
	size_t n = 0;
	char *text = ol_read_file(k->reads, &n);
	struct stat st;
	if (!text || stat(k->pch, &st) != 0) {
		free(text);
		return false;
	}
	unsigned version = 0;
	int off = 0;
	bool ok = sscanf(text, "mojo-ownlint-pch-reads %u\n%n", &version,
			 &off) == 1 && off > 0 && version == READS_VERSION;
	size_t first = reads->len;
	for (char *line = text + (ok ? off : 0); ok && *line;) {
		char *eol = strchr(line, '\n');
		if (!eol) {
			ok = false;
			break;
		}
		*eol = 0;
		long long size = 0, ns = 0;
		int at = 0;
		ok = sscanf(line, "%lld %lld %n", &size, &ns, &at) == 2 &&
		     at > 0 && stat(line + at, &st) == 0 &&
		     st.st_size == size && mtime_ns(&st) == ns;
		// (the first line is the prefix header: not one of its reads)
		if (ok && strcmp(line + at, k->header))
			OL_VEC_PUSH(reads, ol_xstrdup(line + at));
		line = eol + 1;
	}
	free(text);
	if (!ok) {
		for (size_t i = first; i < reads->len; i++)
			free(reads->items[i]);
		reads->len = first;
		remove_kept(k); // (stale: built again on need)
		return false;
	}
	utimensat(AT_FDCWD, k->pch, NULL, 0); // (used now)
	return true;
}

typedef struct kept_file {
	char *stem; // the path less ".pch"
	long long used;
} kept_file;

static int by_use(const void *a, const void *b)
{
	const kept_file *x = a, *y = b;
	return x->used < y->used ? -1 : x->used > y->used;
}

// Removes the least recently used PCHs of `dir` beyond KEEP_MAX.
static void bound(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	OL_VEC(kept_file) v = { 0 };
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".pch"))
			continue;
		char p[PATH_MAX + 300];
		struct stat st;
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		if (stat(p, &st) != 0)
			continue;
		kept_file f = { ol_xstrdup(p), mtime_ns(&st) };
		f.stem[strlen(f.stem) - 4] = 0;
		OL_VEC_PUSH(&v, f);
	}
	closedir(d);
	if (v.len > KEEP_MAX)
		qsort(v.items, v.len, sizeof *v.items, by_use);
	for (size_t i = 0; i < v.len; i++) {
		if (i + KEEP_MAX < v.len) {
			char p[PATH_MAX + 320];
			static const char *const ext[] = { ".pch", ".reads", ".h" };
			for (size_t j = 0; j < 3; j++) {
				snprintf(p, sizeof p, "%s%s", v.items[i].stem,
					 ext[j]);
				unlink(p);
			}
		}
		free(v.items[i].stem);
	}
	OL_VEC_FREE(&v);
}

bool ol_pch_kept_commit(const ol_pch_kept *k, const ol_tu_paths *reads)
{
	ol_strbuf b;
	struct stat st;
	bool ok = true;
	ol_strbuf_init(&b);
	ol_strbuf_printf(&b, "mojo-ownlint-pch-reads %u\n", READS_VERSION);
	for (size_t i = 0; ok && i <= reads->len; i++) {
		const char *p = i ? reads->items[i - 1] : k->header;
		ok = !strchr(p, '\n') && stat(p, &st) == 0;
		if (ok)
			ol_strbuf_printf(&b, "%lld %lld %s\n",
					 (long long)st.st_size, mtime_ns(&st),
					 p);
	}
	char tmp[PATH_MAX + 128];
	snprintf(tmp, sizeof tmp, "%s.reads", k->temp);
	FILE *f = ok ? fopen(tmp, "wb") : NULL;
	if (f) {
		ok = fwrite(b.s, 1, b.len, f) == b.len;
		ok = fclose(f) == 0 && ok;
		ok = ok && rename(tmp, k->reads) == 0 &&
		     rename(k->temp, k->pch) == 0;
	} else {
		ok = false;
	}
	if (!ok) {
		unlink(tmp);
		unlink(k->temp);
	}
	ol_strbuf_free(&b);
	char dir[sizeof k->pch];
	memcpy(dir, k->pch, sizeof dir);
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = 0;
		bound(dir);
	}
	return ok;
}
