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

char *ol_rule_page_body(const char *id)
{
	char *page = ol_rule_page_read(id);
	const char *p;
	char *body;

	if (!page)
		return NULL;
	p = page;
	if (strncmp(p, "---\n", 4) == 0) { // front matter
		p = next_line(p);
		while (*p && strncmp(p, "---\n", 4) && strcmp(p, "---"))
			p = next_line(p);
		p = next_line(p);
	}
	while (*p == '\n')
		p++;
	if (p[0] == '#' && p[1] == ' ') // the title
		p = next_line(p);
	while (*p == '\n')
		p++;
	body = ol_xstrdup(p);
	free(page);
	return body;
}
