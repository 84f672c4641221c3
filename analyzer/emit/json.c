/*
 * json.c — `--format json`: a small, stable JSON document for scripts
 * (format described in emit/JSON-FORMAT.md). It carries the same facts as
 * the text output: findings with their path events, tool notices and a
 * summary. Anyone who needs code-scanning metadata uses SARIF instead.
 *
 * The writer is hand-rolled on ol_strbuf: only emit/sarif.c and kb/load.c
 * may use json-c, and the shape here is simple enough. The
 * output is deterministic: the sink is already sorted, keys come in a fixed
 * order, and nothing depends on time or the environment beyond the paths.
 */
#include "emit.h"

#include "../base/arena.h"
#include "../base/path.h"
#include "../base/strbuf.h"
#include "../base/utf8.h"
#include "../ol.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

// Version of the document's shape; bumped on incompatible changes only.
#define OL_JSON_FORMAT_VERSION 1


static void add_str(ol_strbuf *b, const char *s)
{
	ol_strbuf_json_str(b, s);
}

static void indent(ol_strbuf *b, int level)
{
	ol_strbuf_addc(b, '\n');
	for (int i = 0; i < level; i++)
		ol_strbuf_add(b, "  ");
}

// `"key": ` at `level`, preceded by a comma unless it is the first member.
static void key(ol_strbuf *b, int level, bool first, const char *k)
{
	if (!first)
		ol_strbuf_addc(b, ',');
	indent(b, level);
	add_str(b, k);
	ol_strbuf_add(b, ": ");
}

// Paths relative to the source root when below it (POSIX, no "./"), else
// absolute. Mirrors sarif.c without the URI encoding.
typedef struct json_paths {
	char *cwd;
	char *root;
} json_paths;

// Returns an owned display path for `file`, or NULL for NULL.
static char *display_path(const json_paths *jp, const char *file)
{
	return file ? ol_path_display(jp->cwd, jp->root, file) : NULL;
}

// Whether `s` is valid UTF-8 throughout.
static bool is_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);

	for (size_t i = 0, k; i < n; i += k)
		if (!(k = ol_utf8_len(p + i, n - i)))
			return false;
	return true;
}

// `"file": ..., "line": ..., "column": ...` members (line/column 0 = null).
// A path that is not valid UTF-8 cannot be a JSON string as it is: "file"
// shows it with U+FFFD for each bad byte (as SARIF's texts do) and
// "file_uri" holds it whole, percent-encoded (as SARIF's URIs do).
static void add_loc(ol_strbuf *b, const json_paths *jp, int level, bool first,
		    ol_loc loc)
{
	char *path = display_path(jp, loc.file);

	key(b, level, first, "file");
	add_str(b, path);
	if (path && !is_utf8(path)) {
		key(b, level, false, "file_uri");
		ol_strbuf_addc(b, '"');
		ol_path_add_uri(b, path);
		ol_strbuf_addc(b, '"');
	}
	key(b, level, false, "line");
	if (loc.line)
		ol_strbuf_printf(b, "%u", loc.line);
	else
		ol_strbuf_add(b, "null");
	key(b, level, false, "column");
	if (loc.col)
		ol_strbuf_printf(b, "%u", loc.col);
	else
		ol_strbuf_add(b, "null");
	free(path);
}

// An array of `n` {file, line, column, message} objects read from
// `items` (events or related sites: a location and a message each).
static void add_sites(ol_strbuf *b, const json_paths *jp, size_t n,
		      const void *items, size_t size, size_t loc_off,
		      size_t msg_off)
{
	ol_strbuf_addc(b, '[');
	for (size_t i = 0; i < n; i++) {
		const char *it = (const char *)items + i * size;
		if (i)
			ol_strbuf_addc(b, ',');
		indent(b, 4);
		ol_strbuf_addc(b, '{');
		add_loc(b, jp, 5, true, *(const ol_loc *)(it + loc_off));
		key(b, 5, false, "message");
		add_str(b, *(char *const *)(it + msg_off));
		indent(b, 4);
		ol_strbuf_addc(b, '}');
	}
	if (n)
		indent(b, 3);
	ol_strbuf_addc(b, ']');
}

static void add_finding(ol_strbuf *b, const json_paths *jp, const ol_diag *d,
			const char *fingerprint)
{
	const ol_check_info *ci = ol_check_info_get(d->check);

	indent(b, 2);
	ol_strbuf_addc(b, '{');
	key(b, 3, true, "id");
	add_str(b, ci->id);
	key(b, 3, false, "name");
	add_str(b, ci->name);
	key(b, 3, false, "level");
	add_str(b, ol_level_name(d->level));
	add_loc(b, jp, 3, false, d->loc);
	key(b, 3, false, "message");
	add_str(b, d->msg);
	key(b, 3, false, "function");
	add_str(b, d->func);
	key(b, 3, false, "resource");
	add_str(b, d->resource);
	key(b, 3, false, "subject");
	add_str(b, d->subject);
	key(b, 3, false, "suppressed");
	ol_strbuf_add(b, d->suppressed ? "true" : "false");
	key(b, 3, false, "suppressed_by");
	add_str(b, !d->suppressed ? NULL : d->baselined ? "baseline" : "nolint");
	key(b, 3, false, "justification");
	add_str(b, d->suppressed ? d->justification : NULL);
	key(b, 3, false, "fingerprint");
	add_str(b, fingerprint);
	key(b, 3, false, "events");
	add_sites(b, jp, d->nevents, d->events, sizeof(ol_event),
		  offsetof(ol_event, loc), offsetof(ol_event, msg));
	// One finding per bug (diag/group.h): how many sites, and the others.
	key(b, 3, false, "count");
	ol_strbuf_printf(b, "%zu", d->group_size ? d->group_size : 1);
	key(b, 3, false, "related");
	add_sites(b, jp, d->nrelated, d->related, sizeof(ol_related),
		  offsetof(ol_related, loc), offsetof(ol_related, msg));
	indent(b, 2);
	ol_strbuf_addc(b, '}');
}

static void add_notice(ol_strbuf *b, const json_paths *jp, const ol_notice *n)
{
	indent(b, 2);
	ol_strbuf_addc(b, '{');
	key(b, 3, true, "level");
	add_str(b, ol_level_name(n->level));
	key(b, 3, false, "kind");
	add_str(b, n->kind);
	add_loc(b, jp, 3, false, n->loc);
	key(b, 3, false, "message");
	add_str(b, n->msg);
	indent(b, 2);
	ol_strbuf_addc(b, '}');
}

int ol_emit_json(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o)
{
	ol_strbuf b;
	json_paths jp;
	char cwd[PATH_MAX];
	size_t by_check[OL_CHECK__COUNT] = {0};
	size_t nfound = 0, nsup = 0, nbase = 0;
	int error = OL_OK;
	ol_fingerprint *fps;

	OL_ASSERT(out && s && o);
	jp.cwd = ol_xstrdup(getcwd(cwd, sizeof cwd) ? cwd : "/");
	jp.root = ol_path_real(jp.cwd, o->srcroot && *o->srcroot ? o->srcroot
							     : ".");
	fps = ol_emit_fingerprints(s, o->srcroot); // as in SARIF
	ol_strbuf_init(&b);
	ol_strbuf_addc(&b, '{');
	key(&b, 1, true, "version");
	ol_strbuf_printf(&b, "%d", OL_JSON_FORMAT_VERSION);
	key(&b, 1, false, "tool");
	ol_strbuf_addc(&b, '{');
	key(&b, 2, true, "name");
	add_str(&b, "mojo-ownlint");
	key(&b, 2, false, "version");
	add_str(&b, o->tool_version && *o->tool_version ? o->tool_version
							: OL_VERSION);
	indent(&b, 1);
	ol_strbuf_addc(&b, '}');

	key(&b, 1, false, "findings");
	ol_strbuf_addc(&b, '[');
	for (size_t i = 0; i < ol_diag_sink_count(s); i++) {
		const ol_diag *d = ol_diag_sink_get(s, i);
		if (d->baselined)
			nbase++;
		else if (d->suppressed)
			nsup++;
		if (d->suppressed && !o->include_suppressed)
			continue;
		if (nfound)
			ol_strbuf_addc(&b, ',');
		add_finding(&b, &jp, d, fps[i].hex);
		by_check[d->check]++;
		nfound++;
	}
	if (nfound)
		indent(&b, 1);
	ol_strbuf_addc(&b, ']');

	key(&b, 1, false, "notices");
	ol_strbuf_addc(&b, '[');
	size_t nn = ol_diag_sink_notice_count(s);
	for (size_t i = 0; i < nn; i++) {
		if (i)
			ol_strbuf_addc(&b, ',');
		add_notice(&b, &jp, ol_diag_sink_notice_get(s, i));
	}
	if (nn)
		indent(&b, 1);
	ol_strbuf_addc(&b, ']');

	// Summary: counts of what is in "findings", plus how many were
	// suppressed in the source (whether or not they are listed).
	key(&b, 1, false, "summary");
	ol_strbuf_addc(&b, '{');
	key(&b, 2, true, "findings");
	ol_strbuf_printf(&b, "%zu", nfound);
	key(&b, 2, false, "suppressed");
	ol_strbuf_printf(&b, "%zu", nsup);
	key(&b, 2, false, "baselined");
	ol_strbuf_printf(&b, "%zu", nbase);
	key(&b, 2, false, "notices");
	ol_strbuf_printf(&b, "%zu", nn);
	// Files analyzed only in part: one "partial" notice each.
	size_t npartial = 0;
	for (size_t i = 0; i < nn; i++)
		npartial += !strcmp(ol_diag_sink_notice_get(s, i)->kind,
				    "partial");
	key(&b, 2, false, "partial");
	ol_strbuf_printf(&b, "%zu", npartial);
	key(&b, 2, false, "by_check");
	ol_strbuf_addc(&b, '{');
	bool first = true;
	for (int c = 0; c < OL_CHECK__COUNT; c++) {
		if (!by_check[c])
			continue;
		key(&b, 3, first, ol_check_info_get((ol_check_id)c)->id);
		ol_strbuf_printf(&b, "%zu", by_check[c]);
		first = false;
	}
	if (!first)
		indent(&b, 2);
	ol_strbuf_addc(&b, '}');
	indent(&b, 1);
	ol_strbuf_addc(&b, '}');
	indent(&b, 0);
	ol_strbuf_add(&b, "}\n");

	if (fwrite(b.s, 1, b.len, out) != b.len || fflush(out) == EOF)
		error = ol_error_set(OL_EIO, "cannot write the JSON output");
	ol_strbuf_free(&b);
	free(fps);
	free(jp.cwd);
	free(jp.root);
	return error;
}
