/*
 * stat_index.c — the stat index of a cache directory (stat_index.h).
 *
 * One file, `<dir>/stat-index`:
 *
 *   mojo-ownlint-stat 1 <body checksum> <body length>\n
 *   <hash> <dev> <ino> <size> <mtime s> <ns> <ctime s> <ns> <path>\n ...
 *
 * numbers in hex, the checksum FNV-1a 64 of the body as the facts entries
 * have (it catches damage: a damaged index is an empty one, and every file
 * is read again). Paths holding a newline are not recorded.
 *
 * When trusting a status is sound. A file whose status is the recorded one
 * is taken to hold the recorded content. A write to a file sets its change
 * time (ctime) to the clock of the moment, and nothing but the clock can
 * set it: `touch -d` restores the modification time, never the change
 * time. So an edit is missed only if it leaves every field as it was,
 * change time included, which happens only when it falls within one tick
 * of the timestamps' granularity (a few milliseconds on ext4, 2 seconds on
 * FAT) of the recorded change time. That is git's "racy clean" problem, and
 * the answer here is git's in a stricter form: a status is recorded only
 * when the file had settled, its modification and change times at least
 * OL_STAT_INDEX_SETTLED_SECONDS before the wall clock read before the file
 * was opened. Any write after that read stamps a change time later than
 * the clock then (less one tick), so later than the recorded one: the
 * status differs and the file is read again. A file edited moments ago,
 * like the one an edit loop just saved, is read and hashed every run until
 * it settles; headers and the untouched sources are not. (File systems
 * whose timestamps come from another machine's clock, as NFS's do, are
 * trusted to agree with ours within those seconds, as git trusts them.)
 * The status taken is that of the descriptor the content was read from
 * (fstat), so a write during the read leaves a status that will not match.
 *
 * A run reads the index once and writes it once, at its end, and only when
 * it recorded something; runs sharing a directory at worst overwrite each
 * other's records (files read again, never a wrong hash). What a run did
 * not look at is kept, within a bound, for the other projects using the
 * directory.
 */
#include "stat_index.h"

#include "base/serial.h"
#include "base/strbuf.h"
#include "base/vec.h"
#include "ol.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define INDEX_VERSION 1
// Entries kept at most (some 100 bytes each).
#define MAX_ENTRIES 200000

typedef struct entry {
	char *path;
	uint64_t hash;
	// the status (times as unsigned: only compared for equality)
	unsigned long long dev, ino, size, mtime_s, mtime_ns, ctime_s,
		ctime_ns;
	bool recorded; // by this run
	bool looked;   // looked up by this run (kept first)
} entry;

struct ol_stat_index {
	char *path; // of the index file
	OL_VEC(entry *) v;
	entry **table; // open addressing by path
	size_t cap;
	bool dirty;
};

static void put(ol_stat_index *x, entry *e)
{
	size_t j = ol_hash_str(OL_HASH_INIT, e->path) & (x->cap - 1);
	while (x->table[j])
		j = (j + 1) & (x->cap - 1);
	x->table[j] = e;
}

static entry *find(const ol_stat_index *x, const char *path)
{
	if (!x->cap)
		return NULL;
	for (size_t j = ol_hash_str(OL_HASH_INIT, path) & (x->cap - 1);
	     x->table[j]; j = (j + 1) & (x->cap - 1))
		if (!strcmp(x->table[j]->path, path))
			return x->table[j];
	return NULL;
}

static void add(ol_stat_index *x, entry *e)
{
	OL_VEC_PUSH(&x->v, e);
	if (x->v.len * 2 > x->cap) {
		size_t cap = x->cap ? x->cap * 2 : 256;
		while (x->v.len * 2 > cap)
			cap *= 2;
		free(x->table);
		x->table = ol_xcalloc(cap, sizeof *x->table);
		x->cap = cap;
		for (size_t i = 0; i < x->v.len; i++)
			put(x, x->v.items[i]);
	} else {
		put(x, e);
	}
}

static void set_status(entry *e, const struct stat *st)
{
	e->dev = (unsigned long long)st->st_dev;
	e->ino = (unsigned long long)st->st_ino;
	e->size = (unsigned long long)st->st_size;
	e->mtime_s = (unsigned long long)st->st_mtim.tv_sec;
	e->mtime_ns = (unsigned long long)st->st_mtim.tv_nsec;
	e->ctime_s = (unsigned long long)st->st_ctim.tv_sec;
	e->ctime_ns = (unsigned long long)st->st_ctim.tv_nsec;
}

static bool same_status(const entry *e, const struct stat *st)
{
	entry now;
	set_status(&now, st);
	return e->dev == now.dev && e->ino == now.ino &&
	       e->size == now.size && e->mtime_s == now.mtime_s &&
	       e->mtime_ns == now.mtime_ns && e->ctime_s == now.ctime_s &&
	       e->ctime_ns == now.ctime_ns;
}

// Parses the body of an index file into `x`; false when it is damaged.
static bool parse(ol_stat_index *x, char *body)
{
	for (char *line = body; *line;) {
		char *nl = strchr(line, '\n');
		if (!nl)
			return false;
		*nl = 0;
		entry e = {0};
		unsigned long long hash;
		int off = 0;
		if (sscanf(line, "%llx %llx %llx %llx %llx %llx %llx %llx %n",
			   &hash, &e.dev, &e.ino, &e.size, &e.mtime_s,
			   &e.mtime_ns, &e.ctime_s, &e.ctime_ns, &off) != 8 || off <= 0 || !line[off])
			return false;
		if (x->v.len < MAX_ENTRIES && !find(x, line + off)) {
			entry *p = ol_xmalloc(sizeof *p);
			*p = e;
			p->hash = hash;
			p->path = ol_xstrdup(line + off);
			add(x, p);
		}
		line = nl + 1;
	}
	return true;
}

static void clear(ol_stat_index *x)
{
	for (size_t i = 0; i < x->v.len; i++) {
		free(x->v.items[i]->path);
		free(x->v.items[i]);
	}
	x->v.len = 0;
	if (x->cap)
		memset(x->table, 0, x->cap * sizeof *x->table);
}

ol_stat_index *ol_stat_index_load(const char *dir)
{
	ol_stat_index *x = ol_xcalloc(1, sizeof *x);
	size_t n = strlen(dir) + sizeof "/" OL_STAT_INDEX_NAME;
	x->path = ol_xmalloc(n);
	snprintf(x->path, n, "%s/" OL_STAT_INDEX_NAME, dir);
	size_t len = 0;
	char *text = ol_read_file(x->path, &len);
	if (!text)
		return x;
	unsigned version = 0;
	unsigned long long sum = 0, blen = 0;
	int off = 0;
	if (sscanf(text, "mojo-ownlint-stat %u %llx %llu\n%n", &version, &sum,
		   &blen, &off) == 3 && off > 0 && version == INDEX_VERSION &&
	    blen == len - (size_t)off && !memchr(text + off, 0, blen) &&
	    ol_hash_bytes(OL_HASH_INIT, text + off, blen) == sum &&
	    !parse(x, text + off))
		clear(x); // damaged after all: nothing is trusted
	free(text);
	return x;
}

void ol_stat_index_free(ol_stat_index *x)
{
	if (!x)
		return;
	clear(x);
	OL_VEC_FREE(&x->v);
	free(x->table);
	free(x->path);
	free(x);
}

bool ol_stat_index_lookup(ol_stat_index *x, const char *path,
			  const struct stat *st, uint64_t *hash)
{
	entry *e = find(x, path);
	if (!e)
		return false;
	e->looked = true;
	if (!S_ISREG(st->st_mode) || !same_status(e, st))
		return false;
	*hash = e->hash;
	return true;
}

bool ol_stat_index__settled(const struct stat *st, const struct timespec *now)
{
	// (whole seconds suffice: the margin is seconds long)
	time_t limit = now->tv_sec - OL_STAT_INDEX_SETTLED_SECONDS;
	return st->st_mtim.tv_sec < limit && st->st_ctim.tv_sec < limit;
}

void ol_stat_index_record(ol_stat_index *x, const char *path,
			  const struct stat *st, uint64_t hash,
			  const struct timespec *now)
{
	// (a path the index cannot hold: a newline ends its line; a leading
	// space would be read back as part of the separator; nor empty)
	if (!S_ISREG(st->st_mode) || !ol_stat_index__settled(st, now) ||
	    strchr(path, '\n') || strchr(" \t\v\f\r", path[0]))
		return;
	entry *e = find(x, path);
	if (e && e->hash == hash && same_status(e, st))
		return; // (as recorded: nothing to write)
	if (!e) {
		e = ol_xcalloc(1, sizeof *e);
		e->path = ol_xstrdup(path);
		add(x, e);
	}
	set_status(e, st);
	e->hash = hash;
	e->recorded = e->looked = true;
	x->dirty = true;
}

static void write_entry(ol_strbuf *b, const entry *e)
{
	ol_strbuf_printf(b, "%llx %llx %llx %llx %llx %llx %llx %llx %s\n",
			 (unsigned long long)e->hash, e->dev, e->ino, e->size,
			 e->mtime_s, e->mtime_ns, e->ctime_s, e->ctime_ns,
			 e->path);
}

bool ol_stat_index_save(ol_stat_index *x)
{
	if (!x->dirty)
		return true;
	ol_strbuf body, b;
	ol_strbuf_init(&body);
	ol_strbuf_init(&b);
	size_t kept = 0;
	// This run's files first, then the others while the bound allows.
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < x->v.len && kept < MAX_ENTRIES; i++) {
			const entry *e = x->v.items[i];
			if (e->looked != (pass == 0))
				continue;
			write_entry(&body, e);
			kept++;
		}
	ol_strbuf_printf(&b, "mojo-ownlint-stat %u %llx %zu\n", INDEX_VERSION,
			 (unsigned long long)ol_hash_bytes(
				 OL_HASH_INIT, ol_strbuf_str(&body), body.len),
			 body.len);
	ol_strbuf_addn(&b, ol_strbuf_str(&body), body.len);
	size_t n = strlen(x->path) + 64;
	char *tmp = ol_xmalloc(n);
	snprintf(tmp, n, "%s.tmp.%ld.%lx", x->path, (long)getpid(),
		 (unsigned long)pthread_self());
	FILE *f = fopen(tmp, "wb");
	bool ok = f && fwrite(ol_strbuf_str(&b), 1, b.len, f) == b.len;
	if (f && fclose(f) != 0)
		ok = false;
	if (ok && rename(tmp, x->path) != 0)
		ok = false;
	if (!ok)
		unlink(tmp);
	else
		x->dirty = false;
	free(tmp);
	ol_strbuf_free(&body);
	ol_strbuf_free(&b);
	return ok;
}
