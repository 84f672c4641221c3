/*
 * cache.c — the facts cache on disk (cache.h).
 *
 * One file per entry, `<dir>/<16 hex digits of the key>.facts`:
 *
 *   mojo-ownlint-facts 1 <config hash> <body checksum> <body length>\n
 *   <records: the files read, each path and content hash>
 *   <records: the caller's body>
 *
 * Hashes are FNV-1a 64 (base/serial.h), the body's checksum its
 * word-at-a-time kin ol_checksum_bytes(): it catches damage, not malice.
 * The content hash of each file is computed once per run (a run
 * reads the same headers for every file) and memoised under a lock, since
 * workers look entries up concurrently. Across runs, the directory's stat
 * index (stat_index.h) gives the hash of a file whose status has not
 * changed since it was read, settled, by an earlier run: an unchanged
 * re-run reads neither its sources nor its headers, nor this binary and
 * the rules files the configuration's hash covers.
 *
 * Written as each file is done. A run killed after an hour should keep
 * that hour's work, so run.c stores a file's entry as soon as its first
 * round is over, from the worker that analyzed it. What makes that sound
 * is what an entry means: the findings and contracts a file gave when
 * analyzed with contracts of the other files that give it the signature
 * `sig` (run.c). A first-round entry holds the first round's results with
 * the signature of no contract at all, which is exactly what a run holds
 * for a file it has just analyzed in its first round (a file's first
 * round depends on nothing but the file). A run that finds such an entry
 * therefore starts its later rounds from the very state the uninterrupted
 * run had: when the whole run's contracts give the file another
 * signature, it is analyzed again (parsed: its CFGs were not kept), as the
 * uninterrupted run analyzed it again; when they give the same, neither
 * run analyzes it again. The report is the same. The
 * files a later round analyzed again get their entries rewritten at the
 * end of the run, once the rounds have settled, and only those (the
 * others' entries already say what they would say). Not during the
 * rounds: a run killed mid-round would leave one file's entry of round 3
 * next to its caller's of round 1, a state no uninterrupted run passes
 * through. (A kill during those last writes, milliseconds long, leaves
 * such a mix; a rerun then treats it as after an edit, the signatures
 * deciding again what to analyze.) Every write is a temporary file
 * renamed over the entry, so a reader sees the old entry or the new one,
 * never a part of one.
 *
 * Bounded. The modification time of an entry is when it was last used:
 * written, or read by a hit, which sets it to now (utimensat: access times
 * are unreliable, `noatime` and `relatime` mounts do not keep them). At
 * the end of a run ol_cache_prune() lists the directory once (one readdir
 * and one stat per entry: about 20 ms for 5,000 entries), and only when
 * the entries' total size is over the cap sorts them and removes the
 * least recently used first until it is not. Sizes are the files'
 * lengths, not the blocks they occupy. Only the names this file writes
 * (16 hex digits and `.facts`, and the temporary names after them) are
 * counted or removed: a directory shared with other files loses nothing
 * else. A temporary file a killed run left behind (never renamed) is
 * removed once it is an hour old; a younger one may be another run's
 * write in progress, and is neither counted nor touched.
 *
 * Runs may share a directory, at once. Renames are atomic; an entry
 * another run removed between our listing and our read is a miss, a
 * removal that finds the file gone is no failure, and two runs pruning
 * together at worst remove more than needed: misses, never damage.
 */
#include "cache.h"

#include "base/clobber.h"
#include "base/path.h"
#include "base/serial.h"
#include "base/vec.h"
#include "ol.h"
#include "stat_index.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

// 3: the ownership graph's capsule facts are kept (entries holding one
// did not read back, and were recomputed as damaged). 4: the body's
// checksum is ol_checksum_bytes() (FNV-1a byte by byte was a tenth of an
// edit loop's instructions). 5: a graph's store fact says whether it
// stores the address of a static object.
// 9: a summary's argument says whether it is handed back as the result.
// 11: a summary says whether its result is PyErr_Occurred()'s answer.
// 14: a type's owner says whether Python code may subclass it.
#define FORMAT_VERSION 14
#define MAX_FILES 100000
// A temporary entry this old was left by a killed run (a write takes
// milliseconds).
#define STALE_TEMPORARY_SECONDS 3600
// "<16 hex digits>.facts": how entry_path() names an entry.
#define KEY_DIGITS 16
#define ENTRY_SUFFIX ".facts"
#define TEMPORARY_MARK ".tmp."

typedef struct memo {
	char *path;
	uint64_t hash;
	bool ok;
} memo;

struct ol_cache {
	char *dir;
	uint64_t config;
	uint64_t max_size; // of all entries, in bytes; 0: unbounded
	pthread_mutex_t lock;
	OL_VEC(memo *) files; // each allocated once: the index points to them
	memo **index;         // open addressing by path
	size_t cap;
	size_t hits, misses, stored;
	char *warning;      // the first problem, reported once
	char *pch_dir;      // <dir>/pch
	ol_stat_index *stats; // (under `lock`)
};

static void warn_once(ol_cache *c, const char *fmt, const char *a,
		      const char *b)
{
	pthread_mutex_lock(&c->lock);
	if (!c->warning) {
		size_t n = strlen(fmt) + strlen(a) + strlen(b) + 1;
		c->warning = ol_xmalloc(n);
		snprintf(c->warning, n, fmt, a, b);
	}
	pthread_mutex_unlock(&c->lock);
}

bool ol_cache_mkdirs(const char *dir)
{
	char *p = ol_xstrdup(dir);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0755) != 0 && errno != EEXIST) {
			free(p);
			return false;
		}
		*s = '/';
	}
	bool ok = mkdir(p, 0755) == 0 || errno == EEXIST;
	free(p);
	return ok;
}

ol_cache *ol_cache_open(const char *dir, uint64_t max_size, char **warning)
{
	*warning = NULL;
	if (!ol_cache_mkdirs(dir) || access(dir, W_OK | X_OK) != 0) {
		const char *why = strerror(errno);
		size_t n = strlen(dir) + strlen(why) + 64;
		*warning = ol_xmalloc(n);
		snprintf(*warning, n, "cache directory '%s' cannot be used "
			 "(%s); running without the cache", dir, why);
		return NULL;
	}
	ol_cache *c = ol_xcalloc(1, sizeof *c);
	c->dir = ol_xstrdup(dir);
	// (absolute: a file is parsed in its database entry's folder)
	char *abs = ol_path_absolute(dir);
	size_t n = strlen(abs) + sizeof "/pch";
	c->pch_dir = ol_xmalloc(n);
	snprintf(c->pch_dir, n, "%s/pch", abs);
	free(abs);
	c->max_size = max_size;
	c->stats = ol_stat_index_load(dir);
	pthread_mutex_init(&c->lock, NULL);
	return c;
}

void ol_cache_close(ol_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->files.len; i++) {
		free(c->files.items[i]->path);
		free(c->files.items[i]);
	}
	OL_VEC_FREE(&c->files);
	free(c->index);
	free(c->dir);
	free(c->pch_dir);
	free(c->warning);
	ol_stat_index_free(c->stats);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

void ol_cache_set_config(ol_cache *c, uint64_t config)
{
	c->config = config;
}

char *ol_cache_default_dir(void)
{
	const char *e = getenv("MOJO_OWNLINT_CACHE_DIR");
	char buf[4096];
	if (e && *e)
		return ol_xstrdup(e);
	e = getenv("XDG_CACHE_HOME");
	if (e && *e) {
		snprintf(buf, sizeof buf, "%s/mojo-ownlint", e);
		return ol_xstrdup(buf);
	}
	e = getenv("HOME");
	if (e && *e) {
		snprintf(buf, sizeof buf, "%s/.cache/mojo-ownlint", e);
		return ol_xstrdup(buf);
	}
	return NULL;
}

// The content hash of `path`; false when it cannot be read. With a cache
// `c` (else NULL), a file its stat index knows in its present status is
// not read, and one read is recorded there, under the name `key`.
static bool hash_file_as(ol_cache *c, const char *key, const char *path,
			 uint64_t *out)
{
	struct stat st;
	if (c && stat(path, &st) == 0) {
		pthread_mutex_lock(&c->lock);
		bool known = ol_stat_index_lookup(c->stats, key, &st, out);
		pthread_mutex_unlock(&c->lock);
		if (known)
			return true;
	}
	// (the clock before the open: what the index's margin is counted
	// from, stat_index.c)
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	size_t n = 0;
	char *text = fstat(fd, &st) == 0 ? ol_read_fd(fd, &n) : NULL;
	close(fd);
	if (!text)
		return false;
	*out = ol_hash_bytes(OL_HASH_INIT, text, n);
	free(text);
	if (c) {
		pthread_mutex_lock(&c->lock);
		ol_stat_index_record(c->stats, key, &st, *out, &now);
		pthread_mutex_unlock(&c->lock);
	}
	return true;
}

static bool hash_file(ol_cache *c, const char *path, uint64_t *out)
{
	return hash_file_as(c, path, path, out);
}

uint64_t ol_cache_build_hash(void)
{
	uint64_t f = 0;
	return hash_file(NULL, "/proc/self/exe", &f) ? f : 0;
}

uint64_t ol_cache_config_hash(ol_cache *c, const char *const *rules,
			      size_t nrules, const char *options)
{
	uint64_t h = OL_HASH_INIT, f = 0;
	// (the binary that runs, replaced since or not, under its own name
	// in the stat index: two builds sharing a directory are two entries)
	char exe[4096];
	if (!hash_file_as(c, realpath("/proc/self/exe", exe) ? exe
			  : "/proc/self/exe", "/proc/self/exe", &f))
		f = 0;
	h = ol_hash_str(h, OL_VERSION);
	// This very build: a rebuilt tool never reads its elder's facts.
	h = ol_hash_bytes(h, &f, f ? sizeof f : 0);
	for (size_t i = 0; i < nrules; i++) {
		h = ol_hash_str(h, rules[i]);
		f = 0;
		if (hash_file(c, rules[i], &f))
			h = ol_hash_bytes(h, &f, sizeof f);
	}
	return ol_hash_str(h, options);
}

uint64_t ol_cache_run_key(const ol_cache *c, const char *what, uint64_t h)
{
	uint64_t k = ol_hash_str(c->config, "--run-result");
	k = ol_hash_str(k, what);
	return ol_hash_bytes(k, &h, sizeof h);
}

static void put(ol_cache *c, memo *m)
{
	size_t j = ol_hash_str(OL_HASH_INIT, m->path) & (c->cap - 1);
	while (c->index[j])
		j = (j + 1) & (c->cap - 1);
	c->index[j] = m;
}

// The memoised content hash of `path` (computed once per run; two workers
// may both compute it, and the second entry is never found: harmless).
static bool file_hash(ol_cache *c, const char *path, uint64_t *out)
{
	uint64_t ph = ol_hash_str(OL_HASH_INIT, path);
	pthread_mutex_lock(&c->lock);
	if (c->cap) {
		for (size_t j = ph & (c->cap - 1); c->index[j];
		     j = (j + 1) & (c->cap - 1))
			if (!strcmp(c->index[j]->path, path)) {
				bool ok = c->index[j]->ok;
				*out = c->index[j]->hash;
				pthread_mutex_unlock(&c->lock);
				return ok;
			}
	}
	pthread_mutex_unlock(&c->lock);
	uint64_t h = 0;
	bool ok = hash_file(c, path, &h);
	pthread_mutex_lock(&c->lock);
	memo *m = ol_xmalloc(sizeof *m);
	*m = (memo){ol_xstrdup(path), h, ok};
	OL_VEC_PUSH(&c->files, m);
	if ((c->files.len + 1) * 2 > c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 256;
		free(c->index);
		c->index = ol_xcalloc(cap, sizeof *c->index);
		c->cap = cap;
		for (size_t i = 0; i + 1 < c->files.len; i++)
			put(c, c->files.items[i]);
	}
	put(c, m);
	pthread_mutex_unlock(&c->lock);
	*out = h;
	return ok;
}

bool ol_cache_key(ol_cache *c, const ol_input *in, const char *const *extra,
		  size_t nextra, uint64_t *key)
{
	uint64_t h = c->config, f;
	char real[4096];
	const char *path = realpath(in->path, real) ? real : in->path;
	// (memoised: the run's first pass over its files keys them too)
	if (!file_hash(c, path, &f))
		return false;
	h = ol_hash_str(h, path);
	h = ol_hash_bytes(h, &f, sizeof f);
	// Findings name files as the run named them (relative to its working
	// folder): the same file named otherwise is another entry.
	char cwd[4096];
	h = ol_hash_str(h, in->path);
	h = ol_hash_str(h, getcwd(cwd, sizeof cwd) ? cwd : "");
	h = ol_hash_bytes(h, &in->lang, sizeof in->lang);
	h = ol_hash_str(h, in->workdir);
	if (in->carrier)
		h = ol_hash_str(h, "--carrier");
	for (size_t i = 0; i < in->nargs; i++)
		h = ol_hash_str(h, in->args[i]);
	h = ol_hash_str(h, "--");
	for (size_t i = 0; i < nextra; i++)
		h = ol_hash_str(h, extra[i]);
	// What the input's configuration file adds (.mojo-ownlint.yaml).
	h = ol_hash_str(h, "--config");
	for (size_t i = 0; i < in->ncfg_args; i++)
		h = ol_hash_str(h, in->cfg_args[i]);
	h = ol_hash_str(h, in->cfg_checks ? in->cfg_checks : "");
	*key = h ? h : 1;
	return true;
}

static char *entry_path(const ol_cache *c, uint64_t key, const char *suffix)
{
	size_t n = strlen(c->dir) + 64;
	char *p = ol_xmalloc(n);
	snprintf(p, n, "%s/%0*llx" ENTRY_SUFFIX "%s", c->dir, KEY_DIGITS,
		 (unsigned long long)key, suffix);
	return p;
}

bool ol_cache_has(const ol_cache *c, uint64_t key)
{
	char *path = entry_path(c, key, "");
	struct stat st;
	bool has = stat(path, &st) == 0;
	free(path);
	return has;
}

static void count(ol_cache *c, size_t *which)
{
	pthread_mutex_lock(&c->lock);
	(*which)++;
	pthread_mutex_unlock(&c->lock);
}

bool ol_cache_load(ol_cache *c, uint64_t key, ol_strbuf *body)
{
	char *path = entry_path(c, key, "");
	size_t n = 0;
	char *text = ol_read_file(path, &n);
	bool ok = false;
	if (!text) {
		count(c, &c->misses);
		free(path);
		return false;
	}
	unsigned version = 0;
	unsigned long long config = 0, sum = 0, len = 0;
	int off = 0;
	if (sscanf(text, "mojo-ownlint-facts %u %llx %llx %llu\n%n", &version,
		   &config, &sum, &len, &off) != 4 || off <= 0 ||
	    version != FORMAT_VERSION || config != c->config ||
	    len != n - (size_t)off ||
	    ol_checksum_bytes(text + off, len) != sum) {
		// Another version's entry is simply a miss; a damaged one is
		// said once.
		if (version == FORMAT_VERSION && config == c->config)
			warn_once(c, "cache entry '%s' is damaged%s; it is "
				  "recomputed", path, "");
		goto out;
	}
	ol_deser r;
	ol_deser_init(&r, text + off, len);
	size_t nfiles = ol_deser_count(&r, MAX_FILES);
	bool fresh = true;
	for (size_t i = 0; i < nfiles && !r.bad && fresh; i++) {
		char *f = ol_deser_str(&r);
		uint64_t want = (uint64_t)ol_deser_int(&r), got = 0;
		struct stat st;
		if (f && f[0] == OL_CACHE_ABSENT) {
			fresh = stat(f + 1, &st) != 0; // (still not there)
			free(f);
			continue;
		}
		fresh = f && file_hash(c, f, &got) && got == want;
		// (what the file read may not be an output: base/clobber.h)
		if (fresh)
			ol_clobber_check_read(f);
		free(f);
	}
	if (r.bad) {
		warn_once(c, "cache entry '%s' is damaged%s; it is recomputed",
			  path, "");
		goto out;
	}
	if (!fresh)
		goto out;
	ol_strbuf_addn(body, r.p, (size_t)(r.end - r.p));
	ok = true;
	// Used now: the last to be pruned. (Failing, e.g. in a directory
	// shared read-only, the entry merely looks older.)
	utimensat(AT_FDCWD, path, NULL, 0);
out:
	count(c, ok ? &c->hits : &c->misses);
	free(text);
	free(path);
	return ok;
}

void ol_cache_corrupt(ol_cache *c, uint64_t key)
{
	char *path = entry_path(c, key, "");
	warn_once(c, "cache entry '%s' is damaged%s; it is recomputed", path,
		  "");
	pthread_mutex_lock(&c->lock);
	if (c->hits)
		c->hits--;
	c->misses++;
	pthread_mutex_unlock(&c->lock);
	free(path);
}

void ol_cache_store(ol_cache *c, uint64_t key, const char *const *files,
		    size_t nfiles, const ol_strbuf *body)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	size_t kept = 0;
	ol_strbuf list;
	ol_strbuf_init(&list);
	for (size_t i = 0; i < nfiles; i++) {
		uint64_t h;
		struct stat st;
		if (files[i][0] == OL_CACHE_ABSENT) {
			// (there now: the parse did not see it, the entry
			// would be stale at once)
			if (stat(files[i] + 1, &st) == 0) {
				ol_strbuf_free(&list);
				ol_strbuf_free(&b);
				return;
			}
			ol_ser_str(&list, files[i]);
			ol_ser_int(&list, 0);
			kept++;
			continue;
		}
		if (!file_hash(c, files[i], &h))
			continue; // unreadable now: the entry would never match
		ol_ser_str(&list, files[i]);
		ol_ser_int(&list, (long long)h);
		kept++;
	}
	ol_strbuf body_all;
	ol_strbuf_init(&body_all);
	ol_ser_int(&body_all, (long long)kept);
	ol_strbuf_add(&body_all, ol_strbuf_str(&list));
	ol_strbuf_addn(&body_all, ol_strbuf_str(body), body->len);
	ol_strbuf_printf(&b, "mojo-ownlint-facts %u %llx %llx %zu\n",
			 FORMAT_VERSION, (unsigned long long)c->config,
			 (unsigned long long)ol_checksum_bytes(
				 body_all.s ? body_all.s : "", body_all.len),
			 body_all.len);
	ol_strbuf_addn(&b, ol_strbuf_str(&body_all), body_all.len);

	char suffix[64];
	snprintf(suffix, sizeof suffix, TEMPORARY_MARK "%ld.%lx",
		 (long)getpid(), (unsigned long)pthread_self());
	char *tmp = entry_path(c, key, suffix), *path = entry_path(c, key, "");
	FILE *f = fopen(tmp, "wb");
	bool ok = f && fwrite(ol_strbuf_str(&b), 1, b.len, f) == b.len;
	if (f && fclose(f) != 0)
		ok = false;
	if (ok && rename(tmp, path) != 0)
		ok = false;
	if (!ok) {
		warn_once(c, "cannot write the cache entry '%s': %s; the run "
			  "goes on", path, strerror(errno));
		unlink(tmp);
	} else {
		count(c, &c->stored);
	}
	free(tmp);
	free(path);
	ol_strbuf_free(&b);
	ol_strbuf_free(&list);
	ol_strbuf_free(&body_all);
}

/* --- pruning ---------------------------------------------------------- */

typedef struct entry_file {
	char name[KEY_DIGITS + sizeof ENTRY_SUFFIX]; // with its NUL
	uint64_t size;
	struct timespec used; // its modification time
} entry_file;

typedef enum entry_kind { NOT_OURS, ENTRY, TEMPORARY_ENTRY } entry_kind;

// What the file named `name` in the cache directory is, by its name.
static entry_kind entry_kind_of(const char *name)
{
	const char *index_tmp = OL_STAT_INDEX_NAME TEMPORARY_MARK;
	if (!strncmp(name, index_tmp, strlen(index_tmp)))
		return TEMPORARY_ENTRY; // (the stat index's)
	for (int i = 0; i < KEY_DIGITS; i++)
		if (!name[i] || !strchr("0123456789abcdef", name[i]))
			return NOT_OURS;
	const char *rest = name + KEY_DIGITS;
	size_t n = strlen(ENTRY_SUFFIX);
	if (strncmp(rest, ENTRY_SUFFIX, n))
		return NOT_OURS;
	if (!rest[n])
		return ENTRY;
	return strncmp(rest + n, TEMPORARY_MARK, strlen(TEMPORARY_MARK))
		? NOT_OURS : TEMPORARY_ENTRY;
}

static int by_last_use(const void *a, const void *b)
{
	const entry_file *x = a, *y = b;
	if (x->used.tv_sec != y->used.tv_sec)
		return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
	if (x->used.tv_nsec != y->used.tv_nsec)
		return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
	return strcmp(x->name, y->name);
}

// Removes `name` from the cache directory `dirfd`; true when it is gone
// (already gone counts: another run pruned it).
static bool remove_file(ol_cache *c, int dirfd, const char *name)
{
	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		return true;
	const char *why = strerror(errno);
	size_t n = strlen(c->dir) + strlen(name) + 2;
	char *path = ol_xmalloc(n);
	snprintf(path, n, "%s/%s", c->dir, name);
	warn_once(c, "cannot remove the cache entry '%s': %s", path, why);
	free(path);
	return false;
}

void ol_cache_prune(ol_cache *c)
{
	if (!ol_stat_index_save(c->stats))
		warn_once(c, "cannot write the stat index in '%s': %s; the "
			  "run goes on", c->dir, strerror(errno));
	DIR *d = opendir(c->dir);
	if (!d) {
		warn_once(c, "cannot list the cache directory '%s' to prune "
			  "it: %s", c->dir, strerror(errno));
		return;
	}
	OL_VEC(entry_file) entries = {0};
	uint64_t total = 0;
	time_t now = time(NULL);
	struct dirent *e;
	while ((e = readdir(d))) {
		entry_kind kind = entry_kind_of(e->d_name);
		struct stat st;
		if (kind == NOT_OURS ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISREG(st.st_mode))
			continue; // (gone meanwhile: another run pruned it)
		if (kind == TEMPORARY_ENTRY) {
			if (now - st.st_mtime > STALE_TEMPORARY_SECONDS)
				remove_file(c, dirfd(d), e->d_name);
			continue;
		}
		entry_file f = {.size = (uint64_t)st.st_size,
				.used = st.st_mtim};
		memcpy(f.name, e->d_name, sizeof f.name);
		OL_VEC_PUSH(&entries, f);
		total += f.size;
	}
	if (c->max_size && total > c->max_size) {
		qsort(entries.items, entries.len, sizeof *entries.items,
		      by_last_use);
		for (size_t i = 0; i < entries.len && total > c->max_size; i++)
			if (remove_file(c, dirfd(d), entries.items[i].name))
				total -= entries.items[i].size;
	}
	closedir(d);
	OL_VEC_FREE(&entries);
}

void ol_cache_stats(const ol_cache *c, size_t *hits, size_t *misses,
		    size_t *stored)
{
	*hits = c->hits;
	*misses = c->misses;
	*stored = c->stored;
}

const char *ol_cache_warning(const ol_cache *c)
{
	return c->warning;
}

const char *ol_cache_pch_dir(const ol_cache *c)
{
	return c->pch_dir;
}
