/*
 * rulepage.c — locating and reading rules/<ID>.md. The pages are
 * installed next to the knowledge base (share/mojo-ownlint/rules, see
 * rules/meson.build); a build tree finds them in its source tree.
 */
#include "rulepage.h"

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef OL_SOURCE_ROOT
#define OL_SOURCE_ROOT ""
#endif

static char *try_page(const char *dir, const char *id)
{
	ol_strbuf b;

	if (!dir || !*dir)
		return NULL;
	ol_strbuf_init(&b);
	ol_strbuf_printf(&b, "%s/%s.md", dir, id);
	if (access(ol_strbuf_str(&b), R_OK) == 0)
		return ol_strbuf_detach(&b);
	ol_strbuf_free(&b);
	return NULL;
}

char *ol_rule_page_find(const char *id)
{
	char exe[PATH_MAX], dir[PATH_MAX + 64];
	char *page;
	ssize_t n;

	// A check ID is all the name may hold: no path tricks.
	if (!id || !*id || strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
			       != strlen(id))
		return NULL;
	if ((page = try_page(getenv("MOJO_OWNLINT_RULES"), id)))
		return page;
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			snprintf(dir, sizeof dir, "%s/../share/mojo-ownlint/rules",
				 exe);
			if ((page = try_page(dir, id)))
				return page;
		}
	}
	if (*OL_SOURCE_ROOT) {
		snprintf(dir, sizeof dir, "%s/rules", OL_SOURCE_ROOT);
		return try_page(dir, id);
	}
	return NULL;
}

char *ol_rule_page_read(const char *id)
{
	char *path = ol_rule_page_find(id);
	if (!path)
		return NULL;
	char *page = ol_read_file(path, NULL);
	free(path);
	return page;
}

// Skips one line of `p`; returns the start of the next.
static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');
	return nl ? nl + 1 : p + strlen(p);
}

// Appends the line [p, e) of a code block with its test marker (the
// `// expect-...` comment that makes the example a --verify case) turned
// into what a reader needs: `// warning: MOJO-OWN-101` on the line the
// check reports; a line holding nothing but a marker is dropped.
static void add_code_line(ol_strbuf *b, const char *p, const char *e)
{
	const char *m = strstr(p, "// expect-");
	if (!m || m >= e) {
		ol_strbuf_addn(b, p, (size_t)(e - p));
		return;
	}
	const char *q = p;
	while (q < m && (*q == ' ' || *q == '\t'))
		q++;
	if (q == m)
		return; // expect-no-diagnostics and friends
	const char *end = m;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	ol_strbuf_addn(b, p, (size_t)(end - p));
	const char *kind = m + 10, *k = kind;
	while (k < e && *k >= 'a' && *k <= 'z')
		k++;
	ol_strbuf_add(b, " // ");
	ol_strbuf_addn(b, kind, (size_t)(k - kind));
	if (k < e && *k == '[') {
		const char *close = memchr(k, ']', (size_t)(e - k));
		if (close) {
			ol_strbuf_add(b, ": ");
			ol_strbuf_addn(b, k + 1, (size_t)(close - k - 1));
		}
	}
	const char *x = strstr(m, "xfail(");
	if (x && x < e)
		ol_strbuf_add(b, " (not reported yet)");
}

// The page text from `p` on, with the test markers of its code blocks
// rewritten for readers (add_code_line). Returns an owned string.
static char *for_readers(const char *p)
{
	ol_strbuf b;
	bool code = false;

	ol_strbuf_init(&b);
	while (*p) {
		const char *nl = strchr(p, '\n');
		const char *e = nl ? nl : p + strlen(p);
		if (!strncmp(p, "```", 3))
			code = !code;
		if (code && strncmp(p, "```", 3)) {
			size_t before = b.len;
			add_code_line(&b, p, e);
			if (b.len == before && e > p && strstr(p, "// expect-")
			    && strstr(p, "// expect-") < e) {
				p = nl ? nl + 1 : e; // the dropped line
				continue;
			}
		} else {
			ol_strbuf_addn(&b, p, (size_t)(e - p));
		}
		if (nl)
			ol_strbuf_addc(&b, '\n');
		p = nl ? nl + 1 : e;
	}
	return ol_strbuf_detach(&b);
}

// Skips the front matter (the "---" block) of `page`; returns where the
// page proper starts.
static const char *after_front_matter(const char *page)
{
	const char *p = page;
	if (strncmp(p, "---\n", 4) == 0) {
		p = next_line(p);
		while (*p && strncmp(p, "---\n", 4) && strcmp(p, "---"))
			p = next_line(p);
		p = next_line(p);
	}
	while (*p == '\n')
		p++;
	return p;
}

char *ol_rule_page_text(const char *id)
{
	char *page = ol_rule_page_read(id);
	char *text;

	if (!page)
		return NULL;
	text = for_readers(after_front_matter(page));
	free(page);
	return text;
}

char *ol_rule_page_body(const char *id)
{
	char *page = ol_rule_page_read(id);
	const char *p;
	char *body;

	if (!page)
		return NULL;
	p = after_front_matter(page);
	if (p[0] == '#' && p[1] == ' ') // the title
		p = next_line(p);
	while (*p == '\n')
		p++;
	body = for_readers(p);
	free(page);
	return body;
}
