/*
 * suppress.c — the NOLINT pass over a finished sink (README "Suppressions").
 *
 * Each source file is read once and lexed just enough to find comments
 * (string and character literals are skipped, so "NOLINT(" in a string
 * does nothing). Every NOLINT directive in a comment becomes a range of
 * lines and a list of check globs; a finding is suppressed when a range
 * covers its line and a glob matches its check. For leaks (101, 105),
 * which are reported where the last handle is lost, often a closing brace,
 * a directive on the acquisition line (the first path event) works too.
 *
 * Directives that name only other tools' checks (NOLINT(bugprone-*)) or
 * nothing at all (a bare NOLINT) belong to clang-tidy and are ignored.
 * What looks like ours but is wrong (an unknown MOJO-* ID, an unpaired
 * NOLINTBEGIN/NOLINTEND) is reported as a warning notice, the way
 * clang-tidy reports its own NOLINT mistakes; an unterminated NOLINTBEGIN
 * suppresses nothing, so the mistake cannot hide findings.
 *
 * It does not track unused directives (ruff's RUF100): a directive for a
 * check that is not implemented yet is not an error.
 */
#include "suppress.h"

#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { DIR_PLAIN, DIR_NEXTLINE, DIR_BEGIN, DIR_END } dir_kind;

static const char *const dir_names[] = {
	"NOLINT", "NOLINTNEXTLINE", "NOLINTBEGIN", "NOLINTEND",
};

// A range of lines silenced for some checks.
typedef struct directive {
	unsigned first, last; // inclusive
	char *globs;          // owned: our entries, comma-separated
	char *why;            // owned: justification, NULL when none
} directive;

// An open NOLINTBEGIN waiting for its NOLINTEND.
typedef struct open_begin {
	unsigned line, col;
	char *list; // owned: the whole entry list as written, for pairing
	char *globs, *why;
} open_begin;

typedef struct src {
	char *key;  // owned: realpath, or the path when it has none
	char *path; // owned: the first spelling seen, for notices
	size_t seq; // order of first appearance (stable sort)
	OL_VEC(directive) dirs;
} src;

typedef OL_VEC(src) src_vec;

static bool glob_matches_some_check(const char *g)
{
	for (int i = 0; i < OL_CHECK__COUNT; i++)
		if (ol_check_glob_match(g, ol_check_info_get((ol_check_id)i)->id))
			return true;
	return false;
}

static bool is_ident(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

static char *dup_range(const char *s, size_t n)
{
	char *d = ol_xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

static void strip(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t'))
		(*s)++;
	while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t' ||
			   (*e)[-1] == '\r'))
		(*e)--;
}

typedef struct scan_ctx {
	ol_diag_sink *sink;
	src *f;
	const char *text;
	OL_VEC(open_begin) open;
} scan_ctx;

static void warn(scan_ctx *c, unsigned line, unsigned col, const char *fmt,
		 const char *a, const char *b)
{
	ol_loc loc = { .file = c->f->path, .line = line, .col = col };
	ol_diag_sink_notice(c->sink, OL_LEVEL_WARNING, loc, "nolint", fmt, a,
			    b);
}

static void add_directive(src *f, unsigned first, unsigned last,
			  const char *globs, const char *why)
{
	directive d = {first, last, ol_xstrdup(globs),
		       why ? ol_xstrdup(why) : NULL};
	OL_VEC_PUSH(&f->dirs, d);
}

// One directive: `kw` at `t[k]` on `line`, column `col`; `end` is the end
// of the comment. Returns where scanning of the comment goes on.
static size_t directive_at(scan_ctx *c, dir_kind kw, size_t k, size_t end,
			   unsigned line, unsigned col)
{
	const char *t = c->text;
	size_t p = k + strlen(dir_names[kw]), q;

	if (p >= end || t[p] != '(')
		return p; // bare: clang-tidy's, not ours
	for (q = p + 1; q < end && t[q] != ')' && t[q] != '\n'; q++)
		;
	if (q >= end || t[q] != ')') {
		char *rest = dup_range(t + p, q - p);
		if (strstr(rest, "MOJO-"))
			warn(c, line, col, "malformed %s comment: missing ')' "
			     "after '%s'", dir_names[kw], rest);
		free(rest);
		return q;
	}

	// The entry list: ours (known IDs and globs matching some check),
	// wrong ones (MOJO-* matching nothing), and other tools' (ignored).
	ol_strbuf globs, list;
	bool relevant = false;
	ol_strbuf_init(&globs);
	ol_strbuf_init(&list);
	for (size_t s = p + 1; s < q;) {
		size_t e = s;
		while (e < q && t[e] != ',')
			e++;
		const char *es = t + s, *ee = t + e;
		strip(&es, &ee);
		if (ee > es) {
			char *entry = dup_range(es, (size_t)(ee - es));
			if (list.len)
				ol_strbuf_addc(&list, ',');
			ol_strbuf_add(&list, entry);
			if (glob_matches_some_check(entry)) {
				if (globs.len)
					ol_strbuf_addc(&globs, ',');
				ol_strbuf_add(&globs, entry);
				relevant = true;
			} else if (strncasecmp(entry, "MOJO-", 5) == 0) {
				warn(c, line, col, "unknown check '%s' in %s "
				     "(see --list-checks)", entry,
				     dir_names[kw]);
				relevant = true;
			}
			free(entry);
		}
		s = e + 1;
	}

	// Justification: the rest of the comment's line after ')', without
	// a leading ':' or '-'.
	size_t w = q + 1, we = w;
	while (we < end && t[we] != '\n')
		we++;
	const char *ws = t + w, *wend = t + we;
	strip(&ws, &wend);
	while (ws < wend && (*ws == ':' || *ws == '-' || *ws == ' '))
		ws++;
	char *why = wend > ws ? dup_range(ws, (size_t)(wend - ws)) : NULL;

	if (relevant) {
		const char *g = ol_strbuf_str(&globs);
		switch (kw) {
		case DIR_PLAIN:
			if (*g)
				add_directive(c->f, line, line, g, why);
			break;
		case DIR_NEXTLINE:
			if (*g)
				add_directive(c->f, line + 1, line + 1, g, why);
			break;
		case DIR_BEGIN: {
			open_begin ob = {line, col,
					 ol_xstrdup(ol_strbuf_str(&list)),
					 ol_xstrdup(g),
					 why ? ol_xstrdup(why) : NULL};
			OL_VEC_PUSH(&c->open, ob);
			break;
		}
		case DIR_END: {
			size_t i = c->open.len;
			const char *l = ol_strbuf_str(&list);
			while (i > 0 && strcmp(c->open.items[i - 1].list, l))
				i--;
			if (i == 0) {
				warn(c, line, col, "%s(%s) without a matching "
				     "NOLINTBEGIN", dir_names[kw], l);
				break;
			}
			open_begin *ob = &c->open.items[i - 1];
			if (*ob->globs)
				add_directive(c->f, ob->line, line, ob->globs,
					      ob->why);
			free(ob->list);
			free(ob->globs);
			free(ob->why);
			memmove(ob, ob + 1, (c->open.len - i) * sizeof *ob);
			c->open.len--;
			break;
		}
		}
	}
	free(why);
	ol_strbuf_free(&globs);
	ol_strbuf_free(&list);
	return q + 1;
}

// The text of one comment, t[start..end), beginning on `line`.
static void scan_comment(scan_ctx *c, size_t start, size_t end,
			 unsigned line)
{
	const char *t = c->text;
	size_t line_start = start;

	while (line_start > 0 && t[line_start - 1] != '\n')
		line_start--;
	for (size_t k = start; k < end;) {
		if (t[k] == '\n') {
			line++;
			line_start = ++k;
			continue;
		}
		if (strncmp(t + k, "NOLINT", 6) != 0 ||
		    (k > start && is_ident(t[k - 1]))) {
			k++;
			continue;
		}
		dir_kind kw = DIR_PLAIN;
		for (int d = DIR_END; d > DIR_PLAIN; d--)
			if (!strncmp(t + k, dir_names[d],
				     strlen(dir_names[d])))
				kw = (dir_kind)d;
		size_t after = k + strlen(dir_names[kw]);
		if (after < end && is_ident(t[after])) { // NOLINTFOO
			k = after;
			continue;
		}
		size_t next = directive_at(c, kw, k, end, line,
					   (unsigned)(k - line_start + 1));
		for (; k < next; k++)
			if (t[k] == '\n') {
				line++;
				line_start = k + 1;
			}
	}
}

// Whether "NOLINT" occurs in t[0..n): memchr's pace, many times the
// lexer's below, which a file without a directive need not pay.
static bool mentions_nolint(const char *t, size_t n)
{
	const char *end = t + n;
	for (const char *p = t; (p = memchr(p, 'N', (size_t)(end - p)));
	     p++)
		if (end - p >= 6 && !memcmp(p, "NOLINT", 6))
			return true;
	return false;
}

// Finds the directives of `f`, reporting bad ones into `sink`.
static void scan_file(ol_diag_sink *sink, src *f)
{
	size_t n = 0;
	char *t = ol_read_file(f->path, &n);
	unsigned line = 1;
	scan_ctx c = {.sink = sink, .f = f, .text = t};

	// Unreadable, binary, or (most files) no directive at all: nothing
	// to lex.
	if (!t || memchr(t, 0, n) || !mentions_nolint(t, n)) {
		free(t);
		return;
	}
	for (size_t i = 0; i < n;) {
		char ch = t[i];
		if (ch == '\n') {
			line++;
			i++;
		} else if (ch == '"' || ch == '\'') {
			// A literal ends at its quote or, if unterminated, at
			// the end of the line.
			for (i++; i < n && t[i] != ch && t[i] != '\n'; i++)
				if (t[i] == '\\' && i + 1 < n) {
					if (t[i + 1] == '\n')
						line++;
					i++;
				}
			if (i < n && t[i] == ch)
				i++;
		} else if (ch == '/' && i + 1 < n && t[i + 1] == '/') {
			size_t e = i + 2;
			while (e < n && t[e] != '\n')
				e++;
			scan_comment(&c, i + 2, e, line);
			i = e;
		} else if (ch == '/' && i + 1 < n && t[i + 1] == '*') {
			size_t s = i + 2, e = s;
			while (e < n && !(t[e] == '*' && e + 1 < n &&
					  t[e + 1] == '/'))
				e++;
			scan_comment(&c, s, e, line);
			for (size_t k = s; k < e; k++)
				if (t[k] == '\n')
					line++;
			i = e + 2 <= n ? e + 2 : n;
		} else {
			i++;
		}
	}
	for (size_t i = 0; i < c.open.len; i++) {
		open_begin *ob = &c.open.items[i];
		warn(&c, ob->line, ob->col, "unterminated NOLINTBEGIN(%s): no "
		     "NOLINTEND(%s) follows, so it suppresses nothing",
		     ob->list, ob->list);
		free(ob->list);
		free(ob->globs);
		free(ob->why);
	}
	OL_VEC_FREE(&c.open);
	free(t);
}

static char *file_key(const char *path)
{
	char *real = realpath(path, NULL);
	return real ? real : ol_xstrdup(path);
}

static int src_cmp(const void *pa, const void *pb)
{
	const src *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);
	if (c)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void src_add(src_vec *v, const char *path)
{
	src f = {file_key(path), ol_xstrdup(path), v->len, {0}};
	OL_VEC_PUSH(v, f);
}

static src *src_find(src_vec *v, const char *key)
{
	size_t lo = 0, hi = v->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v->items[mid].key, key);
		if (c == 0)
			return &v->items[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

// The directive that silences check `id` on `line` of `f`, or NULL.
static const directive *covering(const src *f, unsigned line, const char *id)
{
	for (size_t i = 0; i < f->dirs.len; i++) {
		const directive *d = &f->dirs.items[i];
		if (line < d->first || line > d->last)
			continue;
		char *globs = ol_xstrdup(d->globs), *save = NULL;
		bool hit = false;
		for (char *g = strtok_r(globs, ",", &save); g && !hit;
		     g = strtok_r(NULL, ",", &save))
			hit = ol_check_glob_match(g, id);
		free(globs);
		if (hit)
			return d;
	}
	return NULL;
}

size_t ol_suppress_apply(ol_diag_sink *s, const char *const *files,
			 size_t nfiles)
{
	size_t n = ol_diag_sink_count(s), nsup = 0;
	src_vec v = {0};
	const char *prev = NULL;

	// Every file once: the findings' files (the sink is sorted by file,
	// so equal names are neighbours) and the inputs.
	for (size_t i = 0; i < n; i++) {
		const char *p = ol_diag_sink_get(s, i)->loc.file;
		if (p && (!prev || strcmp(p, prev)))
			src_add(&v, p);
		prev = p ? p : prev;
	}
	for (size_t i = 0; i < nfiles; i++)
		if (files[i])
			src_add(&v, files[i]);
	if (v.len > 1)
		qsort(v.items, v.len, sizeof(src), src_cmp);
	size_t w = 0;
	for (size_t i = 0; i < v.len; i++) {
		if (w && !strcmp(v.items[w - 1].key, v.items[i].key)) {
			free(v.items[i].key);
			free(v.items[i].path);
			continue;
		}
		v.items[w++] = v.items[i];
	}
	v.len = w;
	for (size_t i = 0; i < v.len; i++)
		scan_file(s, &v.items[i]);

	src *f = NULL;
	prev = NULL;
	for (size_t i = 0; i < n; i++) {
		ol_diag *d = ol_diag_sink_get_mut(s, i);
		if (!d->loc.file)
			continue;
		if (!prev || strcmp(prev, d->loc.file)) {
			char *key = file_key(d->loc.file);
			f = src_find(&v, key);
			free(key);
			prev = d->loc.file;
		}
		if (!f || !f->dirs.len || d->suppressed)
			continue;
		const char *id = ol_check_info_get(d->check)->id;
		const directive *hit = covering(f, d->loc.line, id);
		bool leak = d->check == OL_CHECK_OWN_LEAK ||
			    d->check == OL_CHECK_OWN_LEAK_ON_ERROR;
		if (!hit && leak && d->nevents && d->events[0].loc.file &&
		    !strcmp(d->events[0].loc.file, d->loc.file))
			hit = covering(f, d->events[0].loc.line, id);
		if (!hit)
			continue;
		d->suppressed = true;
		free(d->justification);
		d->justification = hit->why ? ol_xstrdup(hit->why) : NULL;
		nsup++;
	}

	for (size_t i = 0; i < v.len; i++) {
		for (size_t k = 0; k < v.items[i].dirs.len; k++) {
			free(v.items[i].dirs.items[k].globs);
			free(v.items[i].dirs.items[k].why);
		}
		OL_VEC_FREE(&v.items[i].dirs);
		free(v.items[i].key);
		free(v.items[i].path);
	}
	OL_VEC_FREE(&v);
	ol_diag_sink_finish(s); // sorts the notices added here
	return nsup;
}
