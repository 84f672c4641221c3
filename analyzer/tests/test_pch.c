/*
 * test_pch.c — when a prefix's PCH is built (frontend/pch.c). Without
 * foresight a prefix's PCH is built for the third file that has it; when
 * the run's files were counted first (ol_pch_counts), a prefix that three
 * or more of them share is built for the first, and one that fewer share
 * never is. The files are testdata/pch's (four share `#include
 * "Python.h"`). A prefix that adds to a shared one only definitions of names
 * its headers never mention shares its PCH (foreign1.c); one that defines a
 * name they test does not (tested1.c). PCHs kept in a folder (the facts
 * cache's, pch_keep.c) serve a later run's first file of their prefix,
 * until a header they read changes.
 */
#include <criterion/criterion.h>

#include "../base/strbuf.h"
#include "../frontend/pch.h"
#include "../ol.h"
#include "tmpdir.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SRC OL_SOURCE_ROOT "/testdata/pch/src/"

static const char *const args[] = {"-xc", "-I" OL_SOURCE_ROOT
				    "/testdata/pch/include", "-w"};
#define NARGS (sizeof args / sizeof *args)

static const char *const plain[] = {SRC "plain1.c", SRC "plain2.c",
				    SRC "plain3.c", SRC "plain4.c"};

// Whether `file`'s PCH is there when the cache is asked for it.
static bool has_pch(ol_pch_cache *pc, CXIndex idx, const char *file,
		    const ol_pch_counts *counts)
{
	const ol_pch *p = ol_pch_for(pc, idx, file, args, NARGS, counts);
	return p && p->path;
}

Test(pch, built_for_the_third_file_without_foresight)
{
	setenv("TMPDIR", test_tmpdir(), 1);
	CXIndex idx = clang_createIndex(1, 0);
	ol_pch_cache *pc = ol_pch_cache_new();
	cr_assert_not(has_pch(pc, idx, plain[0], NULL));
	cr_assert_not(has_pch(pc, idx, plain[1], NULL));
	cr_assert(has_pch(pc, idx, plain[2], NULL));
	cr_assert(has_pch(pc, idx, plain[3], NULL));
	ol_pch_cache_free(pc);
	clang_disposeIndex(idx);
}

// The run's prefix counts: the four plain files, then `a` and `b`.
static ol_pch_counts *counts_with(const char *a, const char *b)
{
	ol_pch_counts *counts = ol_pch_counts_new();
	for (size_t i = 0; i < 4; i++)
		ol_pch_count(counts, plain[i], args, NARGS);
	ol_pch_count(counts, a, args, NARGS);
	ol_pch_count(counts, b, args, NARGS);
	return counts;
}

Test(pch, built_for_the_first_of_a_prefix_the_run_shares)
{
	setenv("TMPDIR", test_tmpdir(), 1);
	// (code-first.c: no prefix)
	ol_pch_counts *counts = counts_with(SRC "newref1.c",
					    SRC "code-first.c");
	CXIndex idx = clang_createIndex(1, 0);
	ol_pch_cache *pc = ol_pch_cache_new();
	cr_assert(has_pch(pc, idx, plain[0], counts));
	// Shared by one file of the run: never worth a PCH.
	cr_assert_not(has_pch(pc, idx, SRC "newref1.c", counts));
	cr_assert_not(has_pch(pc, idx, SRC "code-first.c", counts));
	ol_pch_cache_free(pc);
	clang_disposeIndex(idx);
	ol_pch_counts_free(counts);
}

Test(pch, shared_by_a_prefix_that_adds_only_names_the_headers_never_mention)
{
	setenv("TMPDIR", test_tmpdir(), 1);
	ol_pch_counts *counts = counts_with(SRC "foreign1.c",
					    SRC "tested1.c");
	CXIndex idx = clang_createIndex(1, 0);
	ol_pch_cache *pc = ol_pch_cache_new();
	// (Asked first, before any file of the shared prefix.)
	const ol_pch *foreign = ol_pch_for(pc, idx, SRC "foreign1.c", args,
					   NARGS, counts);
	cr_assert(foreign && foreign->path);
	cr_assert_eq(ol_pch_for(pc, idx, plain[0], args, NARGS, counts),
		     foreign);
	// MAKE_NEW_REFS is tested by include/Python.h: no PCH fits.
	cr_assert_null(ol_pch_for(pc, idx, SRC "tested1.c", args, NARGS,
				  counts));
	ol_pch_cache_free(pc);
	clang_disposeIndex(idx);
	ol_pch_counts_free(counts);
}

// Removes folder `d` (of files only) and frees its name.
static void remove_dir(char *d)
{
	DIR *dir = opendir(d);
	struct dirent *e;
	while (dir && (e = readdir(dir))) {
		char p[4400];
		snprintf(p, sizeof p, "%s/%s", d, e->d_name);
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlink(p);
	}
	if (dir)
		closedir(dir);
	rmdir(d);
	free(d);
}

// A new folder under $TMPDIR for kept PCHs (or a header of the test's).
static char *new_dir(const char *what)
{
	char *d = malloc(4096);
	snprintf(d, 4096, "%s/test-pch-%s-XXXXXX", test_tmpdir(), what);
	cr_assert(mkdtemp(d));
	return d;
}

// Builds the PCH of the plain prefix (for the third file) in a cache that
// keeps them in `keep`, with `a` (the arguments).
static void build_kept(CXIndex idx, const char *keep, const char *const *a)
{
	ol_pch_cache *pc = ol_pch_cache_new();
	ol_pch_cache_keep_in(pc, keep);
	for (size_t i = 0; i < 3; i++) {
		const ol_pch *p = ol_pch_for(pc, idx, plain[i], a, NARGS, NULL);
		cr_assert_eq(p != NULL, i == 2);
		if (p)
			cr_assert_eq(strncmp(p->path, keep, strlen(keep)), 0,
				     "%s is not in %s", p->path, keep);
	}
	ol_pch_cache_free(pc);
}

Test(pch, kept_for_the_first_file_of_a_later_run)
{
	char *keep = new_dir("keep");
	CXIndex idx = clang_createIndex(1, 0);
	build_kept(idx, keep, args);
	// A later run: the first file of the prefix has it at once, with
	// what it read.
	ol_pch_cache *pc = ol_pch_cache_new();
	ol_pch_cache_keep_in(pc, keep);
	const ol_pch *p = ol_pch_for(pc, idx, plain[0], args, NARGS, NULL);
	cr_assert(p && p->path);
	bool python_h = false;
	for (size_t i = 0; i < p->reads.len; i++)
		python_h |= strstr(p->reads.items[i],
				   "/testdata/pch/include/Python.h") != NULL;
	cr_assert(python_h);
	cr_assert_eq(p->texts.len, p->reads.len);
	// A prefix with no kept PCH is as before.
	cr_assert_null(ol_pch_for(pc, idx, SRC "newref1.c", args, NARGS,
				  NULL));
	ol_pch_cache_free(pc);
	clang_disposeIndex(idx);
	remove_dir(keep);
}

Test(pch, kept_one_is_stale_once_a_header_it_read_changes)
{
	char *keep = new_dir("keep"), *inc = new_dir("inc");
	char py[4200], flag[4200];
	snprintf(py, sizeof py, "%s/Python.h", inc);
	FILE *f = fopen(py, "wb");
	cr_assert(f);
	fprintf(f, "#include \"%s/testdata/pch/include/Python.h\"\n",
		OL_SOURCE_ROOT);
	fclose(f);
	snprintf(flag, sizeof flag, "-I%s", inc);
	const char *const a[] = {"-xc", flag, "-w"};
	CXIndex idx = clang_createIndex(1, 0);
	build_kept(idx, keep, a);
	// The header changes (same size, another modification time).
	struct timespec t[2] = {{0, UTIME_OMIT}, {1000000000, 0}};
	cr_assert_eq(utimensat(AT_FDCWD, py, t, 0), 0);
	ol_pch_cache *pc = ol_pch_cache_new();
	ol_pch_cache_keep_in(pc, keep);
	cr_assert_null(ol_pch_for(pc, idx, plain[0], a, NARGS, NULL));
	cr_assert_null(ol_pch_for(pc, idx, plain[1], a, NARGS, NULL));
	// ... and is built again, kept, for the third file.
	const ol_pch *p = ol_pch_for(pc, idx, plain[2], a, NARGS, NULL);
	cr_assert(p && p->path);
	ol_pch_cache_free(pc);
	pc = ol_pch_cache_new();
	ol_pch_cache_keep_in(pc, keep);
	cr_assert(ol_pch_for(pc, idx, plain[0], a, NARGS, NULL));
	ol_pch_cache_free(pc);
	clang_disposeIndex(idx);
	remove_dir(keep);
	remove_dir(inc);
}
