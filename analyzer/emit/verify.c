/*
 * verify.c — the --verify mode: a test case carries its own expectations
 * in comments, as Clang's -verify and GCC's dg-warning do:
 *
 *   x = f();   // expect-warning[MOJO-OWN-105] {{'x'}}
 *   y = g();   // expect-note@+1 {{acquired here}}
 *   // expect-warning[MOJO-OWN-101]@-2 2 {{leak}} xfail(#3): not modelled
 *   // expect-no-diagnostics
 *
 * grammar:  expect-{warning|error|note}[ID]?(@[+-]N)? (COUNT)? {{TEXT}}
 *           ( xfail(#N): reason | fp(#N): reason )?
 *
 * A warning/error expectation matches findings of that level on that line
 * whose check is ID (if given) and whose message contains TEXT; COUNT
 * (default 1) of them must be there. A note expectation matches a path
 * event (or probe note) on that line containing TEXT; with an ID, also a
 * finding of note level (a leak of a cached object). Every reported
 * warning or error must be expected (notes need not be). `xfail` marks a
 * known false negative: the expectation must NOT be met, and the case fails
 * once it is, so the marker gets removed. `fp` marks a known false
 * positive that is matched like a normal expectation.
 */
#include "emit.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef enum { EXP_WARNING, EXP_ERROR, EXP_NOTE } exp_kind;

typedef struct expectation {
	exp_kind kind;
	char check[32]; // "" = any check
	unsigned line;  // target line
	unsigned src_line; // where the comment is
	unsigned count;
	char *text;
	bool xfail, fp;
	unsigned matched;
} expectation;

typedef OL_VEC(expectation) exp_vec;

// Parses one expectation starting right after "expect-". Returns false on
// a malformed expectation (reported by the caller).
static bool parse_expectation(const char *p, unsigned line, expectation *e)
{
	memset(e, 0, sizeof *e);
	e->src_line = e->line = line;
	e->count = 1;
	if (!strncmp(p, "warning", 7)) {
		e->kind = EXP_WARNING;
		p += 7;
	} else if (!strncmp(p, "error", 5)) {
		e->kind = EXP_ERROR;
		p += 5;
	} else if (!strncmp(p, "note", 4)) {
		e->kind = EXP_NOTE;
		p += 4;
	} else {
		return false;
	}
	if (*p == '[') {
		const char *end = strchr(p, ']');
		if (!end || (size_t)(end - p - 1) >= sizeof e->check)
			return false;
		memcpy(e->check, p + 1, (size_t)(end - p - 1));
		e->check[end - p - 1] = 0;
		ol_check_id id;
		if (!ol_check_lookup(e->check, &id))
			return false;
		p = end + 1;
	}
	if (*p == '@') {
		p++;
		int sign = *p == '-' ? -1 : 1;
		if (*p != '+' && *p != '-')
			return false;
		p++;
		if (!isdigit((unsigned char)*p))
			return false;
		long off = strtol(p, (char **)&p, 10);
		long t = (long)line + sign * off;
		if (t < 1)
			return false;
		e->line = (unsigned)t;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (isdigit((unsigned char)*p)) {
		e->count = (unsigned)strtoul(p, (char **)&p, 10);
		while (*p == ' ' || *p == '\t')
			p++;
	}
	if (strncmp(p, "{{", 2))
		return false;
	const char *end = strstr(p + 2, "}}");
	if (!end)
		return false;
	e->text = ol_xmalloc((size_t)(end - p - 2) + 1);
	memcpy(e->text, p + 2, (size_t)(end - p - 2));
	e->text[end - p - 2] = 0;
	p = end + 2;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!strncmp(p, "xfail(#", 7))
		e->xfail = true;
	else if (!strncmp(p, "fp(#", 4))
		e->fp = true;
	return true;
}

static bool level_matches(exp_kind k, ol_level l)
{
	return (k == EXP_WARNING && l == OL_LEVEL_WARNING) ||
	       (k == EXP_ERROR && l == OL_LEVEL_ERROR);
}

static bool same_file(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	if (!strcmp(a, b))
		return true;
	// Tolerate "./x.c" vs "x.c" and absolute vs relative spellings.
	size_t la = strlen(a), lb = strlen(b);
	const char *lng = la > lb ? a : b, *shrt = la > lb ? b : a;
	size_t ls = la > lb ? lb : la, ll = la > lb ? la : lb;
	return !strcmp(lng + ll - ls, shrt) && lng[ll - ls - 1] == '/';
}

int ol_emit_verify(FILE *out, const ol_diag_sink *s, const char *path)
{
	size_t len = 0;
	char *src = ol_read_file(path, &len);
	if (!src)
		return ol_error_set(OL_EIO, "cannot read '%s'", path);
	exp_vec exps = {0};
	bool no_diags = false;
	int bad = 0;
	unsigned line = 1;
	for (char *p = src; *p; p++) {
		if (*p == '\n') {
			line++;
			continue;
		}
		if (!strncmp(p, "expect-no-diagnostics", 21)) {
			no_diags = true;
			p += 20;
			continue;
		}
		if (strncmp(p, "expect-", 7))
			continue;
		expectation e;
		if (!parse_expectation(p + 7, line, &e)) {
			fprintf(out, "%s:%u: error: malformed expectation\n",
				path, line);
			bad++;
			p += 6;
			continue;
		}
		OL_VEC_PUSH(&exps, e);
		p += 6;
	}

	size_t n = ol_diag_sink_count(s);
	bool *used = calloc(n ? n : 1, sizeof(bool));
	// Warnings and errors: each finding satisfies at most one expectation.
	for (size_t i = 0; i < exps.len; i++) {
		expectation *e = &exps.items[i];
		if (e->kind == EXP_NOTE)
			continue;
		for (size_t k = 0; k < n && e->matched < e->count; k++) {
			const ol_diag *d = ol_diag_sink_get(s, k);
			if (used[k] || !same_file(d->loc.file, path) ||
			    d->loc.line != e->line ||
			    !level_matches(e->kind, d->level))
				continue;
			if (e->check[0] &&
			    strcmp(ol_check_info_get(d->check)->id, e->check))
				continue;
			if (!strstr(d->msg, e->text))
				continue;
			used[k] = true;
			e->matched++;
		}
	}
	// Notes: a note-level finding of the ID given, any event or related
	// site of any finding on that line, or a probe note
	// (__ownlint_state) recorded as a notice of kind "probe".
	for (size_t i = 0; i < exps.len; i++) {
		expectation *e = &exps.items[i];
		if (e->kind != EXP_NOTE)
			continue;
		for (size_t k = 0; k < n && e->matched < e->count; k++) {
			const ol_diag *d = ol_diag_sink_get(s, k);
			if (e->check[0] && d->level == OL_LEVEL_NOTE &&
			    same_file(d->loc.file, path) &&
			    d->loc.line == e->line &&
			    !strcmp(ol_check_info_get(d->check)->id, e->check) &&
			    strstr(d->msg, e->text)) {
				e->matched++;
				continue;
			}
			for (size_t j = 0; j < d->nevents + d->nrelated; j++) {
				// Path events, then a group's related sites.
				ol_loc l = j < d->nevents ? d->events[j].loc
					: d->related[j - d->nevents].loc;
				const char *m = j < d->nevents ? d->events[j].msg
					: d->related[j - d->nevents].msg;
				if (same_file(l.file, path) &&
				    l.line == e->line && strstr(m, e->text)) {
					e->matched++;
					break;
				}
			}
		}
		size_t nn = ol_diag_sink_notice_count(s);
		for (size_t k = 0; k < nn && e->matched < e->count; k++) {
			const ol_notice *no = ol_diag_sink_notice_get(s, k);
			if (same_file(no->loc.file, path) &&
			    no->loc.line == e->line && strstr(no->msg, e->text))
				e->matched++;
		}
	}

	static const char *kname[] = {"warning", "error", "note"};
	unsigned ok = 0;
	for (size_t i = 0; i < exps.len; i++) {
		expectation *e = &exps.items[i];
		bool met = e->matched >= e->count;
		if (e->xfail) {
			if (met) {
				fprintf(out, "%s:%u: error: expected %s {{%s}} "
					"is marked xfail but is now reported: "
					"remove the xfail marker\n", path,
					e->src_line, kname[e->kind], e->text);
				bad++;
			} else {
				ok++;
			}
			continue;
		}
		if (!met) {
			fprintf(out, "%s:%u: error: expected %s%s%s%s {{%s}} "
				"on line %u not reported (%u of %u)\n", path,
				e->src_line, kname[e->kind],
				e->check[0] ? "[" : "", e->check,
				e->check[0] ? "]" : "", e->text, e->line,
				e->matched, e->count);
			bad++;
		} else {
			ok++;
		}
	}
	for (size_t k = 0; k < n; k++) {
		const ol_diag *d = ol_diag_sink_get(s, k);
		if (used[k] || d->suppressed || d->level == OL_LEVEL_NOTE)
			continue;
		fprintf(out, "%s:%u:%u: error: unexpected %s: %s [%s]\n",
			d->loc.file ? d->loc.file : "?", d->loc.line,
			d->loc.col, ol_level_name(d->level), d->msg,
			ol_check_info_get(d->check)->id);
		for (size_t j = 0; j < d->nevents; j++)
			fprintf(out, "%s:%u:%u: note: (%zu) %s\n",
				d->events[j].loc.file ? d->events[j].loc.file
						       : "?",
				d->events[j].loc.line, d->events[j].loc.col,
				j + 1, d->events[j].msg);
		bad++;
	}
	// A case whose code does not compile checks nothing real: any parse
	// diagnostic (even a recoverable one) fails it.
	for (size_t k = 0; k < ol_diag_sink_notice_count(s); k++) {
		const ol_notice *no = ol_diag_sink_notice_get(s, k);
		if (strcmp(no->kind, "parse-error") &&
		    strcmp(no->kind, "partial"))
			continue;
		fprintf(out, "%s:%u: error: the case does not parse cleanly: "
			"%s\n", no->loc.file ? no->loc.file : path,
			no->loc.line, no->msg);
		bad++;
	}
	if (!exps.len && !no_diags) {
		fprintf(out, "%s: error: no expect- lines and no "
			"'expect-no-diagnostics': the case checks nothing\n",
			path);
		bad++;
	}
	if (no_diags && exps.len) {
		fprintf(out, "%s: error: 'expect-no-diagnostics' together "
			"with expect- lines\n", path);
		bad++;
	}
	fprintf(out, "%s: %u expectation%s met, %d problem%s\n", path, ok,
		ok == 1 ? "" : "s", bad, bad == 1 ? "" : "s");
	for (size_t i = 0; i < exps.len; i++)
		free(exps.items[i].text);
	OL_VEC_FREE(&exps);
	free(used);
	free(src);
	return bad ? 1 : 0;
}
