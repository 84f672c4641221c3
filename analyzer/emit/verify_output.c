/*
 * verify_output.c — compare dump text with a case file's check-output
 * block (sparse's test-linearize convention).
 *
 * The diff is a plain longest-common-subsequence over lines, printed in
 * unified style without hunk headers: dumps are a few hundred lines at
 * most, so the quadratic table is cheap and the output exact.
 */
#include "verify_output.h"

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define START_MARK "check-output-start"
#define END_MARK "check-output-end"

typedef OL_VEC(char *) line_vec;

// Splits `s` into owned lines without trailing white space, dropping
// blank lines at the start and the end.
static void split_lines(line_vec *v, const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		size_t len = (size_t)(e - s);

		while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
			       s[len - 1] == '\r'))
			len--;
		char *l = ol_xmalloc(len + 1);
		memcpy(l, s, len);
		l[len] = 0;
		if (v->len || len) // leading blank lines dropped
			OL_VEC_PUSH(v, l);
		else
			free(l);
		s = nl ? nl + 1 : end;
	}
	while (v->len && !v->items[v->len - 1][0])
		free(v->items[--v->len]);
}

static void free_lines(line_vec *v)
{
	for (size_t i = 0; i < v->len; i++)
		free(v->items[i]);
	OL_VEC_FREE(v);
}

// Prints the LCS diff of `a` (expected) and `b` (actual).
static void print_diff(FILE *out, const line_vec *a, const line_vec *b)
{
	size_t n = a->len, m = b->len;
	unsigned *t = ol_xcalloc((n + 1) * (m + 1), sizeof(unsigned));
#define T(i, j) t[(i) * (m + 1) + (j)]

	for (size_t i = n; i-- > 0;)
		for (size_t j = m; j-- > 0;)
			T(i, j) = strcmp(a->items[i], b->items[j]) == 0
					  ? T(i + 1, j + 1) + 1
					  : (T(i + 1, j) > T(i, j + 1)
						     ? T(i + 1, j)
						     : T(i, j + 1));
	size_t i = 0, j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && !strcmp(a->items[i], b->items[j])) {
			fprintf(out, " %s\n", a->items[i]);
			i++, j++;
		} else if (j < m && (i == n || T(i, j + 1) >= T(i + 1, j))) {
			fprintf(out, "+%s\n", b->items[j++]);
		} else {
			fprintf(out, "-%s\n", a->items[i++]);
		}
	}
#undef T
	free(t);
}

int ol_verify_output(FILE *out, const char *path, const char *actual)
{
	char *text = ol_read_file(path, NULL);
	const char *start, *end;
	line_vec want = { 0 }, got = { 0 };
	int result = 0;

	if (!text)
		return ol_error_set(OL_EIO, "cannot read '%s': %s", path,
				    strerror(errno));
	start = strstr(text, START_MARK);
	end = start ? strstr(start, END_MARK) : NULL;
	if (!start || !end) {
		result = ol_error_set(OL_EUSAGE, "%s: no '" START_MARK "' ... '"
				      END_MARK "' block to compare with",
				      path);
		goto cleanup;
	}
	start += strlen(START_MARK);
	split_lines(&want, start, (size_t)(end - start));
	split_lines(&got, actual, strlen(actual));

	bool same = want.len == got.len;
	for (size_t i = 0; same && i < want.len; i++)
		same = strcmp(want.items[i], got.items[i]) == 0;
	if (!same) {
		fprintf(out, "%s: output differs from the check-output block "
			"(-expected +actual):\n", path);
		print_diff(out, &want, &got);
		result = 1;
	}

cleanup:
	free_lines(&want);
	free_lines(&got);
	free(text);
	return result;
}
