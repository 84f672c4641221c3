/*
 * test_kb_compiled.c — the compiled knowledge base (kb/compiled.c): the
 * shipped rules read back from it are the loaded ones field for field,
 * down to which pointers they share; a file under another key, or cut
 * short, or damaged, or not one at all, is refused and leaves the kb
 * empty; the key follows the rules files' contents and paths.
 */
#include <criterion/criterion.h>

#include "../kb/compiled.h"
#include "../kb/kb.h"
#include "../base/strbuf.h"
#include "../ol.h"
#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ol_kb *loaded;  // from the shipped JSON files
static uint64_t key;   // theirs
static char path[4096]; // a compiled file of them

static void setup(void)
{
	size_t n;
	char **files = ol_kb_dir_files(OL_SOURCE_ROOT "/rules", &n);
	cr_assert(files && n > 0);
	cr_assert(ol_kb_compiled_key((const char *const *)files, n, &key));
	ol_kb_free_files(files, n);
	cr_assert_eq(ol_kb_new(&loaded), 0);
	cr_assert_eq(ol_kb_load_dir(loaded, OL_SOURCE_ROOT "/rules"), 0,
		     "%s", ol_error_last());
	snprintf(path, sizeof path, "%s/ol-kb-compiled-%ld.bin",
		 test_tmpdir(), (long)getpid());
	cr_assert(ol_kb_compiled_write(loaded, path, key));
}

static void teardown(void)
{
	ol_kb_free(loaded);
	loaded = NULL;
	unlink(path);
}

TestSuite(kb_compiled, .init = setup, .fini = teardown);

static void same_str(const char *a, const char *b, const char *what,
		     const char *name)
{
	cr_assert((a == NULL) == (b == NULL), "%s of %s: NULL in one only",
		  what, name);
	if (a)
		cr_assert_str_eq(a, b, "%s of %s", what, name);
}

static void same_list(const char *const *a, const char *const *b, size_t n,
		      const char *what, const char *name)
{
	cr_assert((a == NULL) == (b == NULL), "%s of %s", what, name);
	for (size_t i = 0; a && i < n; i++)
		same_str(a[i], b[i], what, name);
}

// Every field of `a` and `b` the same: the pointed-to data compared, then
// the rest of the struct byte for byte with the pointers cleared.
static void same_entry(const ol_kb_entry *a, const ol_kb_entry *b)
{
	const char *name = a->name;
	same_str(a->name, b->name, "name", name);
	same_str(a->family, b->family, "family", name);
	same_str(a->resource, b->resource, "resource", name);
	same_str(a->file, b->file, "file", name);
	same_str(a->fails_when.text, b->fails_when.text, "fails_when", name);
	same_str(a->acquired_when.text, b->acquired_when.text,
		 "acquired_when", name);
	same_str(a->doc, b->doc, "doc", name);
	same_str(a->calls, b->calls, "calls", name);
	cr_assert_eq(a->nreleases_with, b->nreleases_with);
	same_list(a->releases_with, b->releases_with, a->nreleases_with,
		  "releases_with", name);
	cr_assert_eq(a->nnonnull_from, b->nnonnull_from);
	same_list(a->nonnull_from, b->nonnull_from, a->nnonnull_from,
		  "nonnull_from", name);
	cr_assert_eq(a->nargs, b->nargs);
	cr_assert((a->args == NULL) == (b->args == NULL), "args of %s", name);
	for (size_t i = 0; a->args && i < a->nargs; i++) {
		ol_kb_arg x = a->args[i], y = b->args[i];
		same_str(x.resource, y.resource, "an argument's resource", name);
		x.resource = y.resource = NULL;
		cr_assert(!memcmp(&x, &y, sizeof x), "argument %zu of %s", i,
			  name);
	}
	ol_kb_entry x = *a, y = *b;
	ol_kb_entry *both[] = { &x, &y };
	for (size_t k = 0; k < 2; k++) {
		ol_kb_entry *e = both[k];
		e->name = e->family = e->resource = e->file = NULL;
		e->fails_when.text = e->acquired_when.text = NULL;
		e->doc = e->calls = NULL;
		e->releases_with = e->nonnull_from = NULL;
		e->args = NULL;
	}
	cr_assert(!memcmp(&x, &y, sizeof x), "the scalar fields of %s", name);
}

Test(kb_compiled, read_back_is_the_loaded_kb)
{
	ol_kb *read;
	ol_kb_new(&read);
	cr_assert(ol_kb_compiled_read(read, path, key));
	size_t n = ol_kb_count(loaded);
	cr_assert_eq(ol_kb_count(read), n);
	for (size_t i = 0; i < n; i++) {
		const ol_kb_entry *a = ol_kb_at(loaded, i), *b = ol_kb_at(read, i);
		same_entry(a, b);
		cr_assert_eq(ol_kb_lookup(read, a->name), b, "lookup of %s",
			     a->name);
		// What shared a pointer still does, and nothing else does.
		if (i) {
			const ol_kb_entry *pa = ol_kb_at(loaded, i - 1),
					  *pb = ol_kb_at(read, i - 1);
			cr_assert_eq(pa->file == a->file, pb->file == b->file);
			cr_assert_eq(pa->family == a->family,
				     pb->family == b->family);
			cr_assert_eq(pa->resource == a->resource,
				     pb->resource == b->resource);
			cr_assert_eq(pa->releases_with == a->releases_with,
				     pb->releases_with == b->releases_with);
		}
	}
	cr_assert_null(ol_kb_lookup(read, "no_such_function_anywhere"));
	ol_kb_free(read);
}

// Reads `path` into a fresh kb under `k`; true when it was taken.
static bool read_ok(uint64_t k)
{
	ol_kb *kb;
	ol_kb_new(&kb);
	bool ok = ol_kb_compiled_read(kb, path, k);
	cr_assert(ok || ol_kb_count(kb) == 0, "a refused file left entries");
	ol_kb_free(kb);
	return ok;
}

static char *slurp(size_t *len)
{
	char *text = ol_read_file(path, len);
	cr_assert(text);
	return text;
}

static void spit(const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert(f);
	cr_assert_eq(fwrite(text, 1, len, f), len);
	fclose(f);
}

Test(kb_compiled, another_key_is_stale)
{
	cr_assert(read_ok(key));
	cr_assert_not(read_ok(key + 1));
}

Test(kb_compiled, missing_file_is_refused)
{
	unlink(path);
	cr_assert_not(read_ok(key));
}

Test(kb_compiled, damaged_file_is_refused)
{
	size_t len;
	char *text = slurp(&len);
	// One byte flipped in the body, in the strings, in the header.
	size_t at[] = { 100, len / 2, len - 2, 20 };
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		text[at[i]] ^= 0x5a;
		spit(text, len);
		cr_assert_not(read_ok(key), "byte %zu flipped", at[i]);
		text[at[i]] ^= 0x5a;
	}
	spit(text, len);
	cr_assert(read_ok(key));
	free(text);
}

Test(kb_compiled, short_long_and_foreign_files_are_refused)
{
	size_t len;
	char *text = slurp(&len);
	spit(text, len - 1);
	cr_assert_not(read_ok(key));
	spit(text, 30);
	cr_assert_not(read_ok(key));
	spit(text, 0);
	cr_assert_not(read_ok(key));
	char *longer = malloc(len + 8);
	memcpy(longer, text, len);
	memset(longer + len, 0, 8);
	spit(longer, len + 8);
	cr_assert_not(read_ok(key));
	free(longer);
	const char json[] = "{\"family\": \"x\", \"functions\": []}\n"
			    "                                        \n";
	spit(json, sizeof json - 1);
	cr_assert_not(read_ok(key));
	free(text);
}

// Writes `text` to `file`.
static void put(const char *file, const char *text)
{
	FILE *f = fopen(file, "w");
	cr_assert(f);
	fputs(text, f);
	fclose(f);
}

Test(kb_compiled, key_follows_contents_and_paths)
{
	char a[4096], b[4096];
	snprintf(a, sizeof a, "%s/ol-kb-key-a-%ld.json", test_tmpdir(),
		 (long)getpid());
	snprintf(b, sizeof b, "%s/ol-kb-key-b-%ld.json", test_tmpdir(),
		 (long)getpid());
	const char *one = "{\"family\": \"x\", \"functions\": []}\n";
	const char *two = "{\"family\": \"y\", \"functions\": []}\n";
	put(a, one);
	put(b, one);
	const char *pa[] = { a }, *pb[] = { b }, *pab[] = { a, b },
		   *pba[] = { b, a };
	uint64_t k1, k2, k3, k4, k5, k6;
	cr_assert(ol_kb_compiled_key(pa, 1, &k1));
	cr_assert(ol_kb_compiled_key(pa, 1, &k2));
	cr_assert_eq(k1, k2, "the same files, the same key");
	cr_assert(ol_kb_compiled_key(pb, 1, &k3));
	cr_assert_neq(k1, k3, "another path, another key");
	put(a, two);
	cr_assert(ol_kb_compiled_key(pa, 1, &k4));
	cr_assert_neq(k1, k4, "other contents, another key");
	cr_assert(ol_kb_compiled_key(pab, 2, &k5));
	cr_assert(ol_kb_compiled_key(pba, 2, &k6));
	cr_assert_neq(k5, k6, "another order, another key");
	unlink(b);
	cr_assert_not(ol_kb_compiled_key(pab, 2, &k5),
		      "a file that cannot be read: no key");
	unlink(a);
}
