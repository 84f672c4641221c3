/*
 * diag.c — the findings sink. Everything handed in is deep-copied with
 * malloc (findings outlive the translation unit's arena); finish() sorts by
 * location so output does not depend on analysis order, and drops exact
 * duplicates (the same finding reached along two paths).
 */
#include "diag.h"
#include "../base/serial.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const ol_check_info check_table[OL_CHECK__COUNT] = {
#define CHECK(e, id, name, level, cwe, help) {id, name, level, cwe, help},
#include "checks.def"
#undef CHECK
};

struct ol_diag_sink {
	OL_VEC(ol_diag) diags;
	OL_VEC(ol_notice) notices;
	bool enabled[OL_CHECK__COUNT];
};

const ol_check_info *ol_check_info_get(ol_check_id c)
{
	OL_ASSERT((unsigned)c < OL_CHECK__COUNT);
	return &check_table[c];
}

bool ol_check_lookup(const char *id, ol_check_id *out)
{
	for (unsigned i = 0; i < OL_CHECK__COUNT; i++)
		if (!strcmp(check_table[i].id, id) ||
		    !strcmp(check_table[i].name, id)) {
			*out = (ol_check_id)i;
			return true;
		}
	return false;
}

const char *ol_level_name(ol_level l)
{
	switch (l) {
	case OL_LEVEL_NOTE:
		return "note";
	case OL_LEVEL_WARNING:
		return "warning";
	case OL_LEVEL_ERROR:
		return "error";
	}
	return "?";
}

ol_diag_sink *ol_diag_sink_new(void)
{
	ol_diag_sink *s = ol_xcalloc(1, sizeof *s);
	for (unsigned i = 0; i < OL_CHECK__COUNT; i++)
		s->enabled[i] = true;
	return s;
}

ol_diag_sink *ol_diag_sink_new_like(const ol_diag_sink *like)
{
	ol_diag_sink *s = ol_diag_sink_new();
	memcpy(s->enabled, like->enabled, sizeof s->enabled);
	return s;
}

static void diag_clear(ol_diag *d)
{
	free((char *)d->loc.file);
	free((char *)d->loc.mfile);
	free(d->msg);
	free(d->func);
	free(d->resource);
	free(d->subject);
	free(d->justification);
	for (size_t i = 0; i < d->nevents; i++) {
		free((char *)d->events[i].loc.file);
		free((char *)d->events[i].loc.mfile);
		free(d->events[i].msg);
	}
	free(d->events);
	for (size_t i = 0; i < d->nrelated; i++) {
		free((char *)d->related[i].loc.file);
		free((char *)d->related[i].loc.mfile);
		free(d->related[i].msg);
	}
	free(d->related);
	free((char *)d->key_loc.file);
	free((char *)d->key_loc.mfile);
	free(d->macro);
}

static void notice_clear(ol_notice *n)
{
	free((char *)n->loc.file);
	free((char *)n->loc.mfile);
	free(n->msg);
	free(n->kind);
}

void ol_diag_sink_free(ol_diag_sink *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->diags.len; i++)
		diag_clear(&s->diags.items[i]);
	for (size_t i = 0; i < s->notices.len; i++)
		notice_clear(&s->notices.items[i]);
	OL_VEC_FREE(&s->diags);
	OL_VEC_FREE(&s->notices);
	free(s);
}

// fnmatch-like, '*' only, case-sensitive. Greedy with one backtrack point
// (the last star): a recursive matcher is exponential in the stars, and a
// NOLINT comment is untrusted input (the fuzzer found a 100-star hang).
bool ol_check_glob_match(const char *g, const char *s)
{
	const char *star = NULL, *resume = NULL;

	while (*s) {
		if (*g == '*') {
			star = g++;
			resume = s;
		} else if (*g == *s) {
			g++;
			s++;
		} else if (star) {
			g = star + 1;
			s = ++resume;
		} else {
			return false;
		}
	}
	while (*g == '*')
		g++;
	return *g == 0;
}

bool ol_diag_sink_set_checks(ol_diag_sink *s, const char *globs)
{
	return ol_check_globs_apply(globs, s->enabled);
}

bool ol_check_globs_apply(const char *globs, bool out[OL_CHECK__COUNT])
{
	bool on[OL_CHECK__COUNT];
	memcpy(on, out, sizeof on);
	const char *p = globs;
	while (*p) {
		while (*p == ',' || *p == ' ')
			p++;
		if (!*p)
			break;
		const char *e = p;
		while (*e && *e != ',')
			e++;
		size_t n = (size_t)(e - p);
		while (n && p[n - 1] == ' ')
			n--;
		bool neg = *p == '-';
		const char *g = p + neg;
		size_t gn = n - neg;
		char pat[128];
		if (gn == 0 || gn >= sizeof pat) {
			ol_error_set(OL_EUSAGE, "bad check pattern '%.*s'",
				     (int)n, p);
			return false;
		}
		memcpy(pat, g, gn);
		pat[gn] = 0;
		bool any = false;
		for (unsigned i = 0; i < OL_CHECK__COUNT; i++)
			if (ol_check_glob_match(pat, check_table[i].id) ||
			    ol_check_glob_match(pat, check_table[i].name)) {
				on[i] = !neg;
				any = true;
			}
		if (!any) {
			ol_error_set(OL_EUSAGE,
				     "check pattern '%s' matches no check "
				     "(see --list-checks)", pat);
			return false;
		}
		p = e;
	}
	memcpy(out, on, sizeof on);
	return true;
}

bool ol_diag_sink_enabled(const ol_diag_sink *s, ol_check_id c)
{
	return s->enabled[c];
}

static char *dup_or_null(const char *s)
{
	return s ? ol_xstrdup(s) : NULL;
}

ol_loc ol_diag_loc_dup(ol_loc l)
{
	l.file = dup_or_null(l.file);
	l.mfile = dup_or_null(l.mfile);
	return l;
}

void ol_diag_loc_free(ol_loc *l)
{
	free((char *)l->file);
	free((char *)l->mfile);
	memset(l, 0, sizeof *l);
}

static ol_loc loc_copy(ol_loc l)
{
	return ol_diag_loc_dup(l);
}

void ol_diag_sink_add(ol_diag_sink *s, const ol_diag *d)
{
	if (!s->enabled[d->check])
		return;
	ol_diag c = *d;
	// (a finding is always somewhere: where the engine could not say,
	// at its path's last step that has a place)
	ol_loc at = d->loc;
	for (size_t i = d->nevents; !at.file && i-- > 0;)
		at = d->events[i].loc;
	c.loc = loc_copy(at);
	c.msg = ol_xstrdup(d->msg ? d->msg : "");
	c.func = dup_or_null(d->func);
	c.resource = dup_or_null(d->resource);
	c.subject = dup_or_null(d->subject);
	c.justification = dup_or_null(d->justification);
	// Grouping happens in the sink (diag/group.c), never before.
	c.related = NULL;
	c.nrelated = 0;
	c.group_size = 1;
	c.key_kind = OL_KEY_SELF;
	c.key_loc = loc_copy(at);
	c.macro = NULL;
	c.events = NULL;
	if (d->nevents) {
		c.events = ol_xcalloc(d->nevents, sizeof *c.events);
		for (size_t i = 0; i < d->nevents; i++) {
			c.events[i].loc = loc_copy(d->events[i].loc);
			c.events[i].msg = ol_xstrdup(d->events[i].msg);
		}
	}
	OL_VEC_PUSH(&s->diags, c);
}

void ol_diag_sink_notice(ol_diag_sink *s, ol_level level, ol_loc loc,
			 const char *kind, const char *fmt, ...)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	va_list ap;
	va_start(ap, fmt);
	ol_strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	ol_notice n = {level, loc_copy(loc), ol_strbuf_detach(&b),
		       ol_xstrdup(kind ? kind : "note")};
	OL_VEC_PUSH(&s->notices, n);
}

void ol_diag_sink_merge(ol_diag_sink *s, ol_diag_sink *from)
{
	for (size_t i = 0; i < from->diags.len; i++)
		OL_VEC_PUSH(&s->diags, from->diags.items[i]);
	for (size_t i = 0; i < from->notices.len; i++)
		OL_VEC_PUSH(&s->notices, from->notices.items[i]);
	from->diags.len = 0;
	from->notices.len = 0;
}

static void write_loc(ol_strbuf *b, ol_loc l)
{
	ol_ser_str(b, l.file);
	ol_ser_int(b, l.line);
	ol_ser_int(b, l.col);
	ol_ser_str(b, l.mfile); // the macro body's spot (grouping)
	ol_ser_int(b, l.mline);
	ol_ser_int(b, l.mcol);
}

static ol_loc read_loc(ol_deser *r)
{
	ol_loc l;
	l.file = ol_deser_str(r);
	l.line = (unsigned)ol_deser_int(r);
	l.col = (unsigned)ol_deser_int(r);
	l.mfile = ol_deser_str(r);
	l.mline = (unsigned)ol_deser_int(r);
	l.mcol = (unsigned)ol_deser_int(r);
	return l;
}

void ol_diag_sink_write(const ol_diag_sink *s, ol_strbuf *b)
{
	ol_ser_int(b, (long long)s->diags.len);
	for (size_t i = 0; i < s->diags.len; i++) {
		const ol_diag *d = &s->diags.items[i];
		ol_ser_int(b, d->check);
		ol_ser_int(b, d->level);
		write_loc(b, d->loc);
		ol_ser_str(b, d->msg);
		ol_ser_str(b, d->func);
		ol_ser_str(b, d->resource);
		ol_ser_str(b, d->subject);
		ol_ser_int(b, (long long)d->nevents);
		for (size_t k = 0; k < d->nevents; k++) {
			write_loc(b, d->events[k].loc);
			ol_ser_str(b, d->events[k].msg);
		}
	}
	ol_ser_int(b, (long long)s->notices.len);
	for (size_t i = 0; i < s->notices.len; i++) {
		const ol_notice *n = &s->notices.items[i];
		ol_ser_int(b, n->level);
		write_loc(b, n->loc);
		ol_ser_str(b, n->msg);
		ol_ser_str(b, n->kind);
	}
}

bool ol_diag_sink_read(ol_diag_sink *s, ol_deser *r)
{
	size_t nd = ol_deser_count(r, 1u << 24);
	for (size_t i = 0; i < nd && !r->bad; i++) {
		ol_diag d = {0};
		long long check = ol_deser_int(r), level = ol_deser_int(r);
		if (check < 0 || check >= OL_CHECK__COUNT || level < 0 ||
		    level > OL_LEVEL_ERROR)
			r->bad = true;
		d.check = (ol_check_id)check;
		d.level = (ol_level)level;
		d.loc = read_loc(r);
		d.msg = ol_deser_str(r);
		d.func = ol_deser_str(r);
		d.resource = ol_deser_str(r);
		d.subject = ol_deser_str(r);
		d.nevents = ol_deser_count(r, 1u << 16);
		if (d.nevents)
			d.events = ol_xcalloc(d.nevents, sizeof *d.events);
		for (size_t k = 0; k < d.nevents; k++) {
			d.events[k].loc = read_loc(r);
			d.events[k].msg = ol_deser_str(r);
		}
		if (!d.msg)
			d.msg = ol_xstrdup("");
		for (size_t k = 0; k < d.nevents; k++)
			if (!d.events[k].msg)
				d.events[k].msg = ol_xstrdup("");
		OL_VEC_PUSH(&s->diags, d); // owned as ol_diag_sink_add's copies
	}
	size_t nn = ol_deser_count(r, 1u << 24);
	for (size_t i = 0; i < nn && !r->bad; i++) {
		ol_notice n = {0};
		long long level = ol_deser_int(r);
		if (level < 0 || level > OL_LEVEL_ERROR)
			r->bad = true;
		n.level = (ol_level)level;
		n.loc = read_loc(r);
		n.msg = ol_deser_str(r);
		n.kind = ol_deser_str(r);
		if (!n.msg)
			n.msg = ol_xstrdup("");
		if (!n.kind)
			n.kind = ol_xstrdup("note");
		OL_VEC_PUSH(&s->notices, n);
	}
	return !r->bad;
}

static int strcmp0(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int loc_cmp(const ol_loc *a, const ol_loc *b)
{
	int c = strcmp0(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return 0;
}

// Total order: two findings compare equal only when they print the same.
static int diag_cmp(const void *pa, const void *pb)
{
	const ol_diag *a = pa, *b = pb;
	int c = loc_cmp(&a->loc, &b->loc);
	if (c)
		return c;
	if (a->check != b->check)
		return a->check < b->check ? -1 : 1;
	if ((c = strcmp0(a->msg, b->msg)))
		return c;
	if ((c = strcmp0(a->func, b->func)))
		return c;
	if (a->nevents != b->nevents)
		return a->nevents < b->nevents ? -1 : 1;
	for (size_t i = 0; i < a->nevents; i++) {
		if ((c = loc_cmp(&a->events[i].loc, &b->events[i].loc)))
			return c;
		if ((c = strcmp(a->events[i].msg, b->events[i].msg)))
			return c;
	}
	return 0;
}

static int notice_cmp(const void *pa, const void *pb)
{
	const ol_notice *a = pa, *b = pb;
	int c = loc_cmp(&a->loc, &b->loc);
	if (c)
		return c;
	if ((c = strcmp(a->kind, b->kind)))
		return c;
	return strcmp(a->msg, b->msg);
}

// Same finding at the same place, reached along two different paths: keep
// the first (shortest after sorting by event count).
static bool same_finding(const ol_diag *a, const ol_diag *b)
{
	return a->check == b->check && !loc_cmp(&a->loc, &b->loc) &&
	       !strcmp0(a->msg, b->msg) && !strcmp0(a->func, b->func);
}

void ol_diag_sink_sort(ol_diag_sink *s)
{
	if (s->diags.len > 1)
		qsort(s->diags.items, s->diags.len, sizeof(ol_diag), diag_cmp);
}

void ol_diag_sink_keep(ol_diag_sink *s, const bool *keep)
{
	size_t w = 0;
	for (size_t i = 0; i < s->diags.len; i++) {
		if (!keep[i]) {
			diag_clear(&s->diags.items[i]);
			continue;
		}
		s->diags.items[w++] = s->diags.items[i];
	}
	s->diags.len = w;
}

void ol_diag_sink_keep_notices(ol_diag_sink *s, const bool *keep)
{
	size_t w = 0;
	for (size_t i = 0; i < s->notices.len; i++) {
		if (!keep[i]) {
			notice_clear(&s->notices.items[i]);
			continue;
		}
		s->notices.items[w++] = s->notices.items[i];
	}
	s->notices.len = w;
}

// A warning or error of the same check as note `d` at its place and in
// its function, about the same value (the note's message extends the
// warning's), among the sorted findings next to index `i`.
static bool warning_beside(const ol_diag_sink *s, size_t i)
{
	const ol_diag *d = &s->diags.items[i];
	for (int dir = -1; dir <= 1; dir += 2)
		for (size_t j = i + (size_t)dir; j < s->diags.len;
		     j += (size_t)dir) {
			const ol_diag *o = &s->diags.items[j];
			if (loc_cmp(&o->loc, &d->loc) || o->check != d->check)
				break;
			if (o->level > OL_LEVEL_NOTE &&
			    !strcmp0(o->func, d->func) && o->msg && d->msg &&
			    !strncmp(o->msg, d->msg, strlen(o->msg)))
				return true;
		}
	return false;
}

// A finding of note level (a leak of a cached object, engine/report.c)
// where another path found a warning or error of the same check at the
// same place (a loop's first turn made a cached int, a later turn a new
// one): the warning says it all.
static void drop_notes_beside_warnings(ol_diag_sink *s)
{
	bool *keep = ol_xcalloc(s->diags.len ? s->diags.len : 1, sizeof *keep);
	for (size_t i = 0; i < s->diags.len; i++)
		keep[i] = s->diags.items[i].level != OL_LEVEL_NOTE ||
			  !warning_beside(s, i);
	ol_diag_sink_keep(s, keep);
	free(keep);
}

void ol_diag_sink_finish(ol_diag_sink *s)
{
	if (s->diags.len > 1)
		qsort(s->diags.items, s->diags.len, sizeof(ol_diag), diag_cmp);
	size_t w = 0;
	for (size_t i = 0; i < s->diags.len; i++) {
		if (w && same_finding(&s->diags.items[w - 1],
				      &s->diags.items[i])) {
			diag_clear(&s->diags.items[i]);
			continue;
		}
		s->diags.items[w++] = s->diags.items[i];
	}
	s->diags.len = w;
	drop_notes_beside_warnings(s);
	if (s->notices.len > 1)
		qsort(s->notices.items, s->notices.len, sizeof(ol_notice),
		      notice_cmp);
	w = 0;
	for (size_t i = 0; i < s->notices.len; i++) {
		if (w && !notice_cmp(&s->notices.items[w - 1],
				     &s->notices.items[i])) {
			notice_clear(&s->notices.items[i]);
			continue;
		}
		s->notices.items[w++] = s->notices.items[i];
	}
	s->notices.len = w;
}

size_t ol_diag_sink_count(const ol_diag_sink *s)
{
	return s->diags.len;
}

const ol_diag *ol_diag_sink_get(const ol_diag_sink *s, size_t i)
{
	OL_ASSERT(i < s->diags.len);
	return &s->diags.items[i];
}

ol_diag *ol_diag_sink_get_mut(ol_diag_sink *s, size_t i)
{
	OL_ASSERT(i < s->diags.len);
	return &s->diags.items[i];
}

size_t ol_diag_sink_notice_count(const ol_diag_sink *s)
{
	return s->notices.len;
}

const ol_notice *ol_diag_sink_notice_get(const ol_diag_sink *s, size_t i)
{
	OL_ASSERT(i < s->notices.len);
	return &s->notices.items[i];
}
