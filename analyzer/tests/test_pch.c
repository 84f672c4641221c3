/*
 * test_pch.c — when a prefix's PCH is built (frontend/pch.c). Without
 * foresight a prefix's PCH is built for the third file that has it; when
 * the run's files were counted first (ol_pch_counts), a prefix that three
 * or more of them share is built for the first, and one that fewer share
 * never is. The files are testdata/pch's (four share `#include
 * "Python.h"`).
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

Test(pch, built_for_the_first_of_a_prefix_the_run_shares)
{
	setenv("TMPDIR", test_tmpdir(), 1);
	ol_pch_counts *counts = ol_pch_counts_new();
	for (size_t i = 0; i < 4; i++)
		ol_pch_count(counts, plain[i], args, NARGS);
	ol_pch_count(counts, SRC "newref1.c", args, NARGS);
	ol_pch_count(counts, SRC "code-first.c", args, NARGS); // no prefix
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
