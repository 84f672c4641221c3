/*
 * test_bgread.c — files read on a thread of their own (base/bgread.c) and
 * the knowledge base loaded on one (kb/pending.c): each file's text comes
 * back whole, in any order it is asked for, once; what is not a regular
 * file is refused without waiting on it; freeing before everything was
 * taken neither leaks nor waits for the rest. A pending knowledge base is
 * the loader's, its messages written once, its errors counted once.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>

#include "../base/arena.h"
#include "../base/bgread.h"
#include "../base/strbuf.h"
#include "../kb/pending.h"
#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Writes `text` to a new file of the scratch folder: its path (malloc'd).
static char *scratch_file(const char *name, const char *text)
{
	char *p = ol_xmalloc(4096);
	snprintf(p, 4096, "%s/ol-bgread-%ld-%s", test_tmpdir(), (long)getpid(),
		 name);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

Test(bgread, texts_come_back_whole_in_any_order_once)
{
	const char *texts[] = {"#define A(x) x\n", "", "int b;\n#define B 1\n"};
	char **paths = ol_xcalloc(4, sizeof *paths);
	char *keep[3];
	for (size_t i = 0; i < 3; i++) {
		char name[16];
		snprintf(name, sizeof name, "f%zu.h", i);
		keep[i] = scratch_file(name, texts[i]);
		paths[i] = ol_xstrdup(keep[i]);
	}
	paths[3] = NULL; // (a file with no path: nothing)
	ol_bgread *r = ol_bgread_start(paths, 4);
	size_t n = 99;
	char *t = ol_bgread_take(r, 2, &n);
	cr_assert_str_eq(t, texts[2]);
	cr_assert_eq(n, strlen(texts[2]));
	free(t);
	t = ol_bgread_take(r, 0, &n);
	cr_assert_str_eq(t, texts[0]);
	free(t);
	t = ol_bgread_take(r, 1, &n);
	cr_assert_str_eq(t, "");
	cr_assert_eq(n, 0);
	free(t);
	cr_assert_null(ol_bgread_take(r, 0, &n)); // (taken already)
	cr_assert_null(ol_bgread_take(r, 3, &n));
	cr_assert_null(ol_bgread_take(r, 4, &n)); // (past the end)
	cr_assert_eq(n, 0);
	ol_bgread_free(r);
	for (size_t i = 0; i < 3; i++) {
		unlink(keep[i]);
		free(keep[i]);
	}
}

Test(bgread, a_fifo_is_refused_without_waiting)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/ol-bgread-%ld-fifo", test_tmpdir(),
		 (long)getpid());
	unlink(p);
	cr_assert_eq(mkfifo(p, 0600), 0);
	size_t n = 7;
	cr_assert_null(ol_read_regular(p, &n)); // (no writer: would block)
	char **paths = ol_xcalloc(1, sizeof *paths);
	paths[0] = ol_xstrdup(p);
	ol_bgread *r = ol_bgread_start(paths, 1);
	cr_assert_null(ol_bgread_take(r, 0, &n));
	ol_bgread_free(r);
	unlink(p);
}

Test(bgread, freed_before_everything_was_taken)
{
	char *f = scratch_file("big.h", "#define X 1\n");
	size_t count = 200;
	char **paths = ol_xcalloc(count, sizeof *paths);
	for (size_t i = 0; i < count; i++)
		paths[i] = ol_xstrdup(f);
	ol_bgread *r = ol_bgread_start(paths, count);
	size_t n;
	char *t = ol_bgread_take(r, 0, &n);
	cr_assert_str_eq(t, "#define X 1\n");
	free(t);
	ol_bgread_free(r); // (the rest, read or not, freed; valgrind: no leak)
	ol_bgread_free(NULL);
	unlink(f);
	free(f);
}

typedef struct fake_load {
	int calls;
} fake_load;

static ol_kb *fake_loader(void *arg, ol_strbuf *messages, size_t *nerrors)
{
	fake_load *f = arg;
	f->calls++;
	ol_strbuf_add(messages, "mojo-ownlint: error: bad.json: broken\n");
	(*nerrors) += 2;
	ol_kb *kb = NULL;
	ol_kb_new(&kb);
	return kb;
}

Test(kb_pending, loaded_once_messages_written_once, .init = cr_redirect_stderr)
{
	fake_load f = {0};
	ol_kb_pending *p = ol_kb_pending_start(fake_loader, &f);
	const ol_kb *a = ol_kb_pending_get(p);
	const ol_kb *b = ol_kb_pending_get(p);
	cr_assert_not_null(a);
	cr_assert_eq(a, b);
	size_t nerrors = 1;
	ol_kb *kb = ol_kb_pending_finish(p, &nerrors);
	cr_assert_eq(kb, a);
	cr_assert_eq(nerrors, 3);
	cr_assert_eq(f.calls, 1);
	ol_kb_free(kb);
	fflush(stderr);
	cr_assert_stderr_eq_str("mojo-ownlint: error: bad.json: broken\n");
}

Test(kb_pending, finished_unasked_still_says_why, .init = cr_redirect_stderr)
{
	fake_load f = {0};
	ol_kb_pending *p = ol_kb_pending_start(fake_loader, &f);
	size_t nerrors = 0;
	ol_kb_free(ol_kb_pending_finish(p, &nerrors));
	cr_assert_eq(nerrors, 2);
	fflush(stderr);
	cr_assert_stderr_eq_str("mojo-ownlint: error: bad.json: broken\n");
}
