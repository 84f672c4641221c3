/*
 * header_alone.c — headers named on the command line (header_alone.h).
 *
 * A header is not a translation unit: parsed alone (as `-x c-header`) it
 * misses what its includers define first, and the pre-commit hook, which
 * names every staged file, failed a commit (exit 2) for a header that was
 * fine. So a named header is analyzed through a source of the same run
 * that includes it, with the header claimed by the header filter (its
 * functions analyzed and reported in it, frontend/headers.c); a header
 * that no source of the run includes is skipped with a `header-alone`
 * warning notice.
 *
 * The search is textual and one level deep, as mark_fragments() in
 * inputs.c: a quoted `#include` of each other input, resolved next to it
 * or in the command line's and configuration's -I folders. Not done: a
 * header reached only through another header, or only through a
 * compilation database entry the run does not select, counts as alone.
 */
#include "header_alone.h"

#include "../base/arena.h"
#include "../base/path.h"
#include "../base/strbuf.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_header(ol_lang l)
{
	return l == OL_LANG_C_HEADER || l == OL_LANG_CXX_HEADER ||
	       l == OL_LANG_CUDA_HEADER;
}

// Whether `includer` has an `#include "..."` of the file `h` (dev, ino).
static bool includes(const ol_collect_opts *o, const char *includer,
		     const ol_input *h)
{
	size_t len;
	char *text = ol_read_file(includer, &len);
	bool found = false;

	for (char *p = text; p && *p && !found;
	     p = strchr(p, '\n'), p = p ? p + 1 : p) {
		size_t n;
		char *q = (char *)ol_quoted_include(p, &n);
		if (!q)
			continue;
		char save = q[n];
		struct stat st;
		q[n] = 0;
		found = ol_inputs_find_include(o, includer, q, &st) &&
			st.st_dev == h->dev && st.st_ino == h->ino;
		q[n] = save;
	}
	free(text);
	return found;
}

void ol_inputs_resolve_headers(ol_inputs *in, const ol_collect_opts *o,
			       ol_diag_sink *sink, ol_tu_paths *claimed)
{
	bool *drop = ol_xcalloc(in->v.len + 1, sizeof(bool));
	bool any = false;

	for (size_t i = 0; i < in->v.len; i++) {
		const ol_input *h = &in->v.items[i];
		if (!h->explicit_file || !is_header(h->lang))
			continue;
		bool found = false;
		for (size_t j = 0; j < in->v.len && !found; j++)
			found = !is_header(in->v.items[j].lang) &&
				includes(o, in->v.items[j].path, h);
		drop[i] = any = true;
		if (found) {
			OL_VEC_PUSH(claimed, ol_path_absolute(h->path));
			continue;
		}
		ol_loc loc = { .file = h->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_WARNING, loc, "header-alone",
				    "'%s' is a header and no file of the run "
				    "includes it: skipped (name a source that "
				    "includes it, or use --header-filter)",
				    h->path);
	}
	if (any)
		ol_inputs_drop(in, drop);
	free(drop);
}

char *ol_header_filter_with(const char *user, const ol_tu_paths *claimed)
{
	ol_strbuf b;

	if (!claimed->len)
		return user ? ol_xstrdup(user) : NULL;
	ol_strbuf_init(&b);
	if (user)
		ol_strbuf_printf(&b, "(%s)|", user);
	for (size_t i = 0; i < claimed->len; i++) {
		ol_strbuf_add(&b, i ? "|^" : "^");
		for (const char *p = claimed->items[i]; *p; p++) {
			if (strchr(".[]()*+?{}|^$\\", *p))
				ol_strbuf_add(&b, "\\");
			char c[2] = { *p, 0 };
			ol_strbuf_add(&b, c);
		}
		ol_strbuf_add(&b, "$");
	}
	return ol_strbuf_detach(&b);
}
