/*
 * test_pch.c — when a prefix's PCH is built (frontend/pch.c). Without
 * foresight a prefix's PCH is built for the third file that has it; when
 * the run's files were counted first (ol_pch_counts), a prefix that three
 * or more of them share is built for the first, and one that fewer share
 * never is. The files are testdata/pch's (four share `#include
 * "Python.h"`). A prefix that adds to a shared one only definitions of names
 * its headers never mention shares its PCH (foreign1.c); one that defines a
 * name they test does not (tested1.c).
 */
#include <criterion/criterion.h>

#include "../frontend/pch.h"
#include "../ol.h"
#include "tmpdir.h"

#include <stdlib.h>

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
