/*
 * group.c — one finding per bug (see group.h for what makes a group).
 *
 * Each finding gets a group key, a string: "M|rule|macro body spot" for a
 * root cause inside one macro (and its subject, for MOJO-OWN-109),
 * "A|family|function|acquisition|subject" for
 * leaks (101 and 105 are one family: the same resource lost) and unchecked
 * uses (109) of one acquisition, "S|rule|location" otherwise. Findings
 * with equal keys are one group; its first finding of the highest level in
 * the sink's order (sorted by location) stays, the others become its
 * related sites and are removed (a note that a path leaked Py_None does
 * not lead the warning of the path that leaked an object). A macro group is then moved to the macro's definition, which is
 * where the fix goes.
 *
 * The macro's name is read from the source at the expansion site (the
 * identifier there): locations carry no macro names, and reading one line
 * per group is cheap.
 */
#include "group.h"

#include "../base/srclines.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Related sites listed in a finding at most (GitHub keeps 1,000 locations
// per result; the count says how many there are).
#define OL_GROUP_MAX_RELATED 999

static char *dup0(const char *s)
{
	return s ? ol_xstrdup(s) : NULL;
}

static bool same_exp(ol_loc a, ol_loc b)
{
	return a.file && b.file && !strcmp(a.file, b.file) &&
	       a.line == b.line && a.col == b.col;
}

// A macro of the project, not of an installed library's headers (Python's
// PyObject_GC_New, CUDA's): its body is where the fix goes. A library's
// macro is not the user's to fix, and two uses of it are two bugs.
static bool project_macro(const char *mfile)
{
	return mfile && strncmp(mfile, "/usr/", 5) &&
	       !strstr(mfile, "/include/python") && !strstr(mfile, "/cuda");
}

// True when the root cause of `d` lies in one macro expansion: its
// statement and its first event (the acquisition, the first release) are
// both spelled in the same macro body and reached through the same
// expansion site.
static bool in_one_macro(const ol_diag *d)
{
	if (!project_macro(d->loc.mfile) || !d->nevents)
		return false;
	ol_loc e = d->events[0].loc;
	return e.mfile && !strcmp(e.mfile, d->loc.mfile) &&
	       same_exp(e, d->loc);
}

// MOJO-OWN-109 whose unchecked acquisition comes from a macro's body (a
// "begin" macro that creates an object every later macro uses): the fix is
// one NULL check in that macro, so every use in every expansion is one
// finding, keyed by the acquisition's spot in the body.
static bool unchecked_in_macro(const ol_diag *d)
{
	return d->check == OL_CHECK_OWN_UNCHECKED && d->nevents > 0 &&
	       project_macro(d->events[0].loc.mfile) && !in_one_macro(d);
}

static bool leak_family(ol_check_id c)
{
	return c == OL_CHECK_OWN_LEAK || c == OL_CHECK_OWN_LEAK_ON_ERROR;
}

// Keyed by its acquisition: leaks and unchecked uses, when the first event
// is the acquisition (the engine puts it first).
static bool by_acquisition(const ol_diag *d)
{
	return d->nevents > 0 && d->events[0].loc.file &&
	       (leak_family(d->check) || d->check == OL_CHECK_OWN_UNCHECKED);
}

static char *group_key(const ol_diag *d)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	if (in_one_macro(d)) {
		// (Two unchecked results the same call of the body needs,
		// `PyDict_SetItemString(d, "k", v)`, are two bugs.)
		ol_strbuf_printf(&b, "M|%d|%s:%u:%u|%s", (int)d->check,
				 d->loc.mfile, d->loc.mline, d->loc.mcol,
				 d->check == OL_CHECK_OWN_UNCHECKED && d->subject
					 ? d->subject : "");
	} else if (unchecked_in_macro(d)) {
		ol_loc a = d->events[0].loc;
		ol_strbuf_printf(&b, "U|%s:%u:%u|%s", a.mfile, a.mline, a.mcol,
				 d->subject ? d->subject : "");
	} else if (by_acquisition(d)) {
		ol_loc a = d->events[0].loc;
		ol_strbuf_printf(&b, "A|%d|%s|%s:%u:%u|%s",
				 leak_family(d->check) ? -1 : (int)d->check,
				 d->func ? d->func : "", a.file, a.line, a.col,
				 d->subject ? d->subject : "");
	} else {
		ol_strbuf_printf(&b, "S|%d|%s:%u:%u|%s", (int)d->check,
				 d->loc.file ? d->loc.file : "", d->loc.line,
				 d->loc.col, d->func ? d->func : "");
	}
	return ol_strbuf_detach(&b);
}

/* ---- reading the macro's name ------------------------------------------ */

// The files last read (steps alternate between a file and the headers
// its macros come from), each indexed by line; the oldest is dropped.
#define TEXT_CACHE_FILES 8
typedef struct text_cache {
	char *path[TEXT_CACHE_FILES];
	ol_src_lines lines[TEXT_CACHE_FILES];
	unsigned next; // the slot to fill next
} text_cache;

static void text_cache_free(text_cache *tc)
{
	for (unsigned i = 0; i < TEXT_CACHE_FILES; i++) {
		free(tc->path[i]);
		ol_src_lines_free(&tc->lines[i]);
	}
}

static ol_src_lines *text_of(text_cache *tc, const char *path)
{
	for (unsigned i = 0; i < TEXT_CACHE_FILES; i++)
		if (tc->path[i] && !strcmp(tc->path[i], path))
			return &tc->lines[i];
	unsigned i = tc->next;
	tc->next = (i + 1) % TEXT_CACHE_FILES;
	free(tc->path[i]);
	ol_src_lines_free(&tc->lines[i]);
	tc->path[i] = ol_xstrdup(path);
	return &tc->lines[i];
}

// The identifier at `l` in its file (owned), or NULL.
static char *identifier_at(text_cache *tc, ol_loc l)
{
	if (!l.file || !l.line || !l.col)
		return NULL;
	size_t len = 0;
	const char *p = ol_src_lines_get(text_of(tc, l.file), l.file, l.line, &len);
	if (!p || l.col - 1 > len)
		return NULL;
	p += l.col - 1;
	len -= l.col - 1;
	size_t n = 0;
	while (n < len &&
	       (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') ||
		(p[n] >= 'A' && p[n] <= 'Z') || (n && p[n] >= '0' && p[n] <= '9')))
		n++;
	if (!n)
		return NULL;
	char *s = ol_xmalloc(n + 1);
	memcpy(s, p, n);
	s[n] = 0;
	return s;
}

/* ---- naming the macro a step comes from ------------------------------- */

// CPython reserves the Py and _Py prefixes for its own names (PEP 7): a
// step in Py_RETURN_NONE or Py_DECREF is no idiom of the project's, even
// when the header that defines it is not installed (a test's stub).
static bool cpython_name(const char *name)
{
	return !strncmp(name, "Py", 2) || !strncmp(name, "_Py", 3);
}

static bool ident_char(char ch)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') ||
	       (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
}

// `text` holds the identifier `word` (`'CHECK'`, `!CHECK(x)`), not as a
// part of a longer one.
static bool names_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !ident_char(p[-1])) && !ident_char(p[n]))
			return true;
	return false;
}

// A step whose location comes from a project macro's body sits at the
// line of the expansion, which may hold several steps (a CHECK() that
// tests and jumps, an ADD_INT() that acquires, tests and returns): its
// message names the macro as the source spells it, unless it names it
// already. Library macros are left alone, as the grouping leaves them.
static void name_macros_in_steps(ol_diag *d, text_cache *tc)
{
	for (size_t k = 0; k < d->nevents; k++) {
		ol_event *e = &d->events[k];
		if (!project_macro(e->loc.mfile))
			continue;
		char *name = identifier_at(tc, e->loc);
		if (!name || cpython_name(name)) {
			free(name);
			continue;
		}
		if (!names_word(e->msg, name)) {
			ol_strbuf b;
			ol_strbuf_init(&b);
			ol_strbuf_printf(&b, "%s (in expansion of macro '%s')",
					 e->msg, name);
			free(e->msg);
			e->msg = ol_strbuf_detach(&b);
		}
		free(name);
	}
}

/* ---- the pass ------------------------------------------------------------ */

typedef struct keyed {
	char *key;
	size_t index;
} keyed;

static int keyed_cmp(const void *a, const void *b)
{
	const keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	if (c)
		return c;
	return x->index < y->index ? -1 : x->index > y->index;
}

// Sets the fingerprint key of `d` (diag.h ol_key_kind).
static void set_key(ol_diag *d, text_cache *tc)
{
	if (in_one_macro(d)) {
		d->key_kind = OL_KEY_MACRO;
		ol_diag_loc_free(&d->key_loc);
		d->key_loc.file = dup0(d->loc.mfile);
		d->key_loc.line = d->loc.mline;
		d->key_loc.col = d->loc.mcol;
		free(d->macro);
		d->macro = identifier_at(tc, d->loc);
	} else if (unchecked_in_macro(d)) {
		ol_loc a = d->events[0].loc;
		d->key_kind = OL_KEY_MACRO;
		ol_diag_loc_free(&d->key_loc);
		d->key_loc.file = dup0(a.mfile);
		d->key_loc.line = a.mline;
		d->key_loc.col = a.mcol;
		free(d->macro);
		d->macro = identifier_at(tc, a);
	} else if (by_acquisition(d)) {
		d->key_kind = OL_KEY_ACQUISITION;
		ol_diag_loc_free(&d->key_loc);
		d->key_loc = ol_diag_loc_dup(d->events[0].loc);
	}
}

// What a related site says: an expansion of the group's macro where the
// whole cause lies, or another site of the cause.
static char *related_msg(const ol_diag *member, ol_key_kind kind,
			 const char *macro)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	if (kind == OL_KEY_MACRO && in_one_macro(member))
		ol_strbuf_printf(&b, "expanded here%s%s%s", macro ? " ('" : "",
				 macro ? macro : "", macro ? "')" : "");
	else
		ol_strbuf_printf(&b, "also: %s [%s]", member->msg,
				 ol_check_info_get(member->check)->id);
	return ol_strbuf_detach(&b);
}

// A leak group whose members are leaks of both rules (MOJO-OWN-101 and
// 105): the resource is lost on an error exit and on a normal one too.
static bool leaked_on_both_exits(const ol_diag_sink *s, const keyed *idx,
				 size_t n)
{
	bool normal = false, error = false;
	for (size_t i = 0; i < n; i++) {
		ol_check_id c = ol_diag_sink_get(s, idx[i].index)->check;
		normal |= c == OL_CHECK_OWN_LEAK;
		error |= c == OL_CHECK_OWN_LEAK_ON_ERROR;
	}
	return normal && error;
}

// The head's message when its group leaks on both kinds of exit: its
// "on the error exit" would name one exit where every kind leaks (owned).
// A message that names its exit otherwise ("when the exception leaves",
// "is never released") is kept as it is.
static char *both_exits_msg(const char *msg)
{
	static const struct {
		const char *said, *both;
	} words[] = {
		{ OL_MSG_LEAKED_ON_ERROR_EXIT,
		  " is leaked on error and normal exits" },
		{ OL_MSG_LEAKED_ON_ERROR_PATH,
		  " is leaked on error and normal paths:" },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		const char *at = strstr(msg, words[i].said);
		if (!at)
			continue;
		ol_strbuf b;
		ol_strbuf_init(&b);
		ol_strbuf_printf(&b, "%.*s%s%s", (int)(at - msg), msg,
				 words[i].both, at + strlen(words[i].said));
		return ol_strbuf_detach(&b);
	}
	return ol_xstrdup(msg);
}

// Merges the members `idx[1..n)` into `idx[0]`.
// The group's first finding of the highest level leads it, the others
// keeping their order: a leak that is a note on one path (the reference
// a test found to be Py_None, which is never freed) and a warning on
// another (the object it is otherwise) is the warning.
static void head_first(ol_diag_sink *s, keyed *idx, size_t n)
{
	size_t best = 0;
	for (size_t i = 1; i < n; i++)
		if (ol_diag_sink_get_mut(s, idx[i].index)->level >
		    ol_diag_sink_get_mut(s, idx[best].index)->level)
			best = i;
	keyed h = idx[best];
	memmove(idx + 1, idx, best * sizeof *idx);
	idx[0] = h;
}

static void merge(ol_diag_sink *s, const keyed *idx, size_t n, bool *keep)
{
	ol_diag *head = ol_diag_sink_get_mut(s, idx[0].index);
	size_t nrel = n - 1 < OL_GROUP_MAX_RELATED ? n - 1
						   : OL_GROUP_MAX_RELATED;

	head->group_size = n;
	head->related = ol_xcalloc(nrel ? nrel : 1, sizeof(ol_related));
	for (size_t i = 1; i < n; i++) {
		ol_diag *m = ol_diag_sink_get_mut(s, idx[i].index);
		keep[idx[i].index] = false;
		if (i - 1 >= nrel)
			continue;
		ol_related *r = &head->related[head->nrelated++];
		r->loc = ol_diag_loc_dup(m->loc);
		r->msg = related_msg(m, head->key_kind, head->macro);
	}
	ol_strbuf b;
	ol_strbuf_init(&b);
	if (head->key_kind == OL_KEY_MACRO) {
		// The fix goes in the macro: report it there. The first
		// expansion becomes a related site too.
		ol_related first = { ol_diag_loc_dup(head->loc),
				     related_msg(head, OL_KEY_MACRO,
						 head->macro) };
		head->related = ol_xrealloc(head->related,
			(head->nrelated + 1) * sizeof(ol_related));
		memmove(head->related + 1, head->related,
			head->nrelated * sizeof(ol_related));
		head->related[0] = first;
		head->nrelated++;
		ol_strbuf_printf(&b, "%s, in macro '%s' (%zu %s)", head->msg,
				 head->macro ? head->macro : "?", n,
				 in_one_macro(head) ? "expansions" : "sites");
		ol_diag_loc_free(&head->loc);
		head->loc = ol_diag_loc_dup(head->key_loc);
	} else {
		char *said = leaked_on_both_exits(s, idx, n)
				     ? both_exits_msg(head->msg)
				     : ol_xstrdup(head->msg);
		ol_strbuf_printf(&b, "%s (and %zu more site%s with the same "
				 "cause)", said, n - 1, n - 1 == 1 ? "" : "s");
		free(said);
	}
	free(head->msg);
	head->msg = ol_strbuf_detach(&b);
}

void ol_diag_group(ol_diag_sink *s, bool do_merge)
{
	size_t n = ol_diag_sink_count(s), nk = 0;
	text_cache tc = { 0 };
	keyed *ks;
	bool *keep;

	if (!n)
		return;
	ks = ol_xcalloc(n, sizeof(keyed));
	keep = ol_xmalloc(n * sizeof(bool));
	for (size_t i = 0; i < n; i++) {
		ol_diag *d = ol_diag_sink_get_mut(s, i);
		keep[i] = true;
		set_key(d, &tc);
		name_macros_in_steps(d, &tc);
		if (d->suppressed)
			continue; // a NOLINT'd site stays on its own
		ks[nk].key = group_key(d);
		ks[nk].index = i;
		nk++;
	}
	text_cache_free(&tc);
	if (do_merge && nk > 1) {
		qsort(ks, nk, sizeof(keyed), keyed_cmp);
		for (size_t i = 0; i < nk;) {
			size_t j = i + 1;
			while (j < nk && !strcmp(ks[j].key, ks[i].key))
				j++;
			if (j - i > 1) {
				head_first(s, ks + i, j - i);
				merge(s, ks + i, j - i, keep);
			}
			i = j;
		}
		ol_diag_sink_keep(s, keep);
		ol_diag_sink_sort(s);
	}
	for (size_t i = 0; i < nk; i++)
		free(ks[i].key);
	free(ks);
	free(keep);
}
