/*
 * test_stat_index.c — when the stat index (stat_index.c) vouches for a
 * file's hash. Statuses and the clock are made up here, so nothing depends
 * on when the tests run: a status is recorded only when both its times are
 * more than OL_STAT_INDEX_SETTLED_SECONDS before the clock, and then gives
 * its hash back only to the very same status (device, inode, size, both
 * times to the nanosecond). A saved index reads back; a damaged one is
 * empty.
 */
#include <criterion/criterion.h>

#include "../base/strbuf.h"
#include "../ol.h"
#include "../stat_index.h"
#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOW 1700000000
#define PATH "/src/module.c"

static struct stat settled_status(void)
{
	struct stat st;
	memset(&st, 0, sizeof st);
	st.st_mode = S_IFREG | 0644;
	st.st_dev = 3;
	st.st_ino = 42;
	st.st_size = 1000;
	st.st_mtim.tv_sec = NOW - 100;
	st.st_mtim.tv_nsec = 250;
	st.st_ctim.tv_sec = NOW - 50;
	st.st_ctim.tv_nsec = 500;
	return st;
}

static const struct timespec now = {NOW, 0};

// Each test's directory and the index loaded from it (empty at first).
static char dir[4096];
static ol_stat_index *x;

static void setup(void)
{
	snprintf(dir, sizeof dir, "%s/ol-stat-index-XXXXXX", test_tmpdir());
	cr_assert(mkdtemp(dir) != NULL);
	x = ol_stat_index_load(dir);
}

static void teardown(void)
{
	char p[4200];
	ol_stat_index_free(x);
	snprintf(p, sizeof p, "%s/" OL_STAT_INDEX_NAME, dir);
	unlink(p);
	rmdir(dir);
}

TestSuite(stat_index, .init = setup, .fini = teardown);

Test(stat_index, settled_only_when_both_times_are_old)
{
	struct stat st = settled_status();
	cr_assert(ol_stat_index__settled(&st, &now));
	st.st_mtim.tv_sec = NOW - OL_STAT_INDEX_SETTLED_SECONDS;
	cr_assert(!ol_stat_index__settled(&st, &now), "mtime at the margin");
	st = settled_status();
	// `touch -d` sets an old mtime; the change time is the clock's
	st.st_ctim.tv_sec = NOW - 1;
	cr_assert(!ol_stat_index__settled(&st, &now), "ctime just now");
	st.st_ctim.tv_sec = NOW + 5; // (a clock set back)
	cr_assert(!ol_stat_index__settled(&st, &now), "ctime in the future");
}

Test(stat_index, hash_given_back_for_the_same_status_only)
{
	struct stat st = settled_status();
	uint64_t h = 0;
	cr_assert(!ol_stat_index_lookup(x, PATH, &st, &h), "empty index");
	ol_stat_index_record(x, PATH, &st, 0x1234, &now);
	cr_assert(ol_stat_index_lookup(x, PATH, &st, &h));
	cr_assert_eq(h, 0x1234);
	cr_assert(!ol_stat_index_lookup(x, "/src/other.c", &st, &h));

	// An edit of the same size with its mtime restored (`touch -d`):
	// the change time moved, if only by a nanosecond.
	struct stat edited = st;
	edited.st_ctim.tv_nsec++;
	cr_assert(!ol_stat_index_lookup(x, PATH, &edited, &h), "ctime");
	edited = st;
	edited.st_mtim.tv_nsec++;
	cr_assert(!ol_stat_index_lookup(x, PATH, &edited, &h), "mtime");
	edited = st;
	edited.st_size++;
	cr_assert(!ol_stat_index_lookup(x, PATH, &edited, &h), "size");
	// saved by an editor as a new file renamed over the old one
	edited = st;
	edited.st_ino++;
	cr_assert(!ol_stat_index_lookup(x, PATH, &edited, &h), "inode");
	edited = st;
	edited.st_dev++;
	cr_assert(!ol_stat_index_lookup(x, PATH, &edited, &h), "device");
	edited = st;
	edited.st_mode = S_IFIFO | 0644;
	cr_assert(!ol_stat_index_lookup(x, PATH, &edited, &h), "not a file");
}

Test(stat_index, unsettled_file_not_recorded)
{
	struct stat st = settled_status();
	st.st_ctim.tv_sec = NOW; // written in this very second
	ol_stat_index_record(x, PATH, &st, 0x1234, &now);
	uint64_t h = 0;
	cr_assert(!ol_stat_index_lookup(x, PATH, &st, &h));
	// nothing recorded: nothing to write
	cr_assert(ol_stat_index_save(x));
	char p[4200];
	snprintf(p, sizeof p, "%s/" OL_STAT_INDEX_NAME, dir);
	cr_assert(access(p, F_OK) != 0);
	// a path the index's lines cannot hold
	st = settled_status();
	ol_stat_index_record(x, "/src/two\nlines.c", &st, 1, &now);
	cr_assert(!ol_stat_index_lookup(x, "/src/two\nlines.c", &st, &h));
}

Test(stat_index, saved_index_reads_back_and_damage_empties_it)
{
	struct stat st = settled_status();
	ol_stat_index_record(x, PATH, &st, 0xfeedULL << 40, &now);
	ol_stat_index_record(x, "/src/with space.h", &st, 7, &now);
	cr_assert(ol_stat_index_save(x));
	ol_stat_index_free(x);

	x = ol_stat_index_load(dir);
	uint64_t h = 0;
	cr_assert(ol_stat_index_lookup(x, PATH, &st, &h));
	cr_assert_eq(h, 0xfeedULL << 40);
	cr_assert(ol_stat_index_lookup(x, "/src/with space.h", &st, &h));
	cr_assert_eq(h, 7);
	ol_stat_index_free(x);

	// One byte of a hash changed: the checksum no longer holds.
	char p[4200];
	snprintf(p, sizeof p, "%s/" OL_STAT_INDEX_NAME, dir);
	size_t n = 0;
	char *text = ol_read_file(p, &n);
	cr_assert(text != NULL);
	char *body = strchr(text, '\n') + 1;
	body[0] = body[0] == '1' ? '2' : '1';
	FILE *f = fopen(p, "wb");
	cr_assert(f && fwrite(text, 1, n, f) == n);
	fclose(f);
	free(text);
	x = ol_stat_index_load(dir);
	cr_assert(!ol_stat_index_lookup(x, PATH, &st, &h));
	cr_assert(!ol_stat_index_lookup(x, "/src/with space.h", &st, &h));
}
