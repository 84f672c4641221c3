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
 * With -p, a header that no file of the run includes is looked for in the
 * database's other entries, in the database's order: the first that
 * includes it is analyzed too, as its carrier (ol_input.carrier), with its
 * flags from the database. The carrier is there for the header alone: its
 * own functions give their summaries (what the header's functions call
 * of them) and report nothing, as the helpers of a neighbouring header do
 * (tu.c); its notices (a parse that failed) are said, since they tell why
 * the header's findings may be missing. So a pre-commit hook that stages
 * a header without its sources still has the header analyzed with the
 * flags the build gives it.
 *
 * The search is textual and one level deep, as mark_fragments() in
 * inputs.c: a quoted `#include` of each other input, resolved next to it
 * or in the command line's and configuration's -I folders (and, for a
 * database entry, in its own -I folders). Not done: a header reached only
 * through another header counts as alone.
 */
#include "header_alone.h"

#include "../base/arena.h"
#include "../base/path.h"
#include "../base/strbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_header(ol_lang l)
{
	return l == OL_LANG_C_HEADER || l == OL_LANG_CXX_HEADER ||
	       l == OL_LANG_CUDA_HEADER;
}

// The -I folders of a database entry's arguments, as paths from here
// (relative ones joined to its directory), allocated in `a`.
static void entry_include_dirs(const ol_input *x, ol_arena *a,
			       const char ***dirs, size_t *n)
{
	*n = 0;
	*dirs = ol_arena_alloc(a, (x->nargs + 1) * sizeof **dirs);
	for (size_t i = 0; i < x->nargs; i++) {
		const char *d = NULL;
		if (!strcmp(x->args[i], "-I") && i + 1 < x->nargs)
			d = x->args[++i];
		else if (!strncmp(x->args[i], "-I", 2))
			d = x->args[i] + 2;
		if (!d || !*d)
			continue;
		(*dirs)[(*n)++] = d[0] == '/' || !x->workdir
			? d : ol_arena_printf(a, "%s/%s", x->workdir, d);
	}
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

// The index of the first of the database's unselected entries that
// includes `h` (with its own -I folders too), or SIZE_MAX.
static size_t database_includer(const ol_inputs *in, const ol_collect_opts *o,
				const ol_input *h)
{
	for (size_t j = 0; j < in->unselected.len; j++) {
		const ol_input *x = &in->unselected.items[j];
		ol_arena *a = ol_arena_new();
		const char **own;
		size_t nown;
		entry_include_dirs(x, a, &own, &nown);
		const char **dirs = ol_arena_alloc(
			a, (o->ninclude_dirs + nown + 1) * sizeof *dirs);
		for (size_t k = 0; k < o->ninclude_dirs; k++)
			dirs[k] = o->include_dirs[k];
		for (size_t k = 0; k < nown; k++)
			dirs[o->ninclude_dirs + k] = own[k];
		ol_collect_opts with = *o;
		with.include_dirs = dirs;
		with.ninclude_dirs = o->ninclude_dirs + nown;
		bool found = x->path && includes(&with, x->path, h);
		ol_arena_free(a);
		if (found)
			return j;
	}
	return SIZE_MAX;
}

void ol_inputs_resolve_headers(ol_inputs *in, const ol_collect_opts *o,
			       ol_diag_sink *sink, ol_tu_paths *claimed)
{
	bool *drop = ol_xcalloc(in->v.len + 1, sizeof(bool));
	bool any = false;
	OL_VEC(ol_input) carriers = { 0 };

	for (size_t i = 0; i < in->v.len; i++) {
		const ol_input *h = &in->v.items[i];
		if (!h->explicit_file || !is_header(h->lang))
			continue;
		bool found = false;
		for (size_t j = 0; j < in->v.len && !found; j++)
			found = !is_header(in->v.items[j].lang) &&
				includes(o, in->v.items[j].path, h);
		for (size_t j = 0; j < carriers.len && !found; j++)
			found = includes(o, carriers.items[j].path, h);
		size_t k = found ? SIZE_MAX : database_includer(in, o, h);
		if (k != SIZE_MAX) {
			ol_input x = in->unselected.items[k];
			x.carrier = true;
			OL_VEC_PUSH(&carriers, x);
			memmove(&in->unselected.items[k],
				&in->unselected.items[k + 1],
				(in->unselected.len - k - 1) *
					sizeof *in->unselected.items);
			in->unselected.len--;
			found = true;
		}
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
	for (size_t i = 0; i < carriers.len; i++)
		OL_VEC_PUSH(&in->v, carriers.items[i]);
	OL_VEC_FREE(&carriers);
	ol_inputs_drop_unselected(in);
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
