/*
 * html.c — `--format html -o DIR`: a report to read in a browser, the way
 * scan-build and CodeChecker show the Clang Static Analyzer's findings.
 *
 *   DIR/index.html               every finding in one table: level, rule,
 *                                file:line, function, message, how many
 *                                sites the finding groups, and its status
 *                                (open, NOLINT, baseline); sorted and
 *                                filtered in the page (htmlassets.c)
 *   DIR/finding-<fp>.html        one page per finding: its facts, the path
 *                                as a list of steps, each file the path
 *                                touches with the steps as numbered notes
 *                                under their lines, the other sites, and
 *                                the rule's first paragraph
 *   DIR/rule-<ID>.html           the rule's whole page (rules/<ID>.md), once
 *                                per rule the report names
 *
 * A finding's page is named after its fingerprint (the 16 hex digits of
 * SARIF's partialFingerprints), so the page of a finding keeps its name
 * from one run to the next while the code around it moves. The report is
 * built from the finished sink, as the JSON and SARIF writers are: the same
 * findings in the same order, suppressed ones only with
 * --include-suppressed, and paths relative to the project root.
 *
 * Sources are read when the report is written (the files on disk then),
 * line by line as they are: a step inside a macro is at the line its
 * location names (the spelling), so a macro expansion shows as written.
 * Every byte goes through htmltext.c, so a file that is not UTF-8, or holds
 * control characters, still makes a valid page. A file longer than
 * OL_HTML_WHOLE_FILE_LINES is shown as the lines around the path's steps
 * (OL_HTML_CONTEXT_LINES either side) with the gaps marked, so a page stays
 * small however large the file: ten thousand findings in one generated
 * file would otherwise write the file ten thousand times.
 *
 * Each file is written atomically (base/outfile.h: a temporary file renamed
 * into place) and the index last, so the index never links to a page that
 * is not there yet. Pages an earlier report left in DIR (finding-*.html and
 * rule-*.html this report did not write) are removed; no other file of DIR
 * is touched. What this file does not do: it draws no graph of the path
 * across functions, and it does not show the expansion of a macro, only
 * the lines where it is written.
 */
#include "emit.h"

#include "htmlassets.h"
#include "htmltext.h"
#include "rulepage.h"

#include "../base/arena.h"
#include "../base/path.h"
#include "../base/srclines.h"
#include "../base/strbuf.h"
#include "../base/strmap.h"
#include "../ol.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Files up to this many lines are shown whole on a finding's page; longer
// ones as windows of OL_HTML_CONTEXT_LINES around the lines the page marks.
#define OL_HTML_WHOLE_FILE_LINES 2000
#define OL_HTML_CONTEXT_LINES 12
// Rows of the index laid out at first (the script's PAGE, htmlassets.c).
#define OL_HTML_INDEX_PAGE 500

// A source file a finding names, read once for every page that shows it.
typedef struct html_src {
	char *path;          // as the locations name it (the map's key)
	char *shown;         // relative to the project root (ol_path_display)
	ol_src_lines lines;  // its text, read on first need
} html_src;

typedef struct html_ctx {
	const ol_diag_sink *sink;
	const ol_emit_opts *o;
	const char *dir;
	char *cwd, *root;
	html_src **srcs;     // owned, in first-seen order
	size_t nsrcs;
	ol_strmap src_index; // path -> index in srcs
	ol_strmap written;   // file names written into dir (keys owned by
	char **names;        // names: freed with the context)
	size_t nnames;
	bool rule_named[OL_CHECK__COUNT];
	char *rule_summary[OL_CHECK__COUNT]; // HTML, made once per rule
} html_ctx;

/* ------------------------------------------------------------------ */
/* Sources                                                             */
/* ------------------------------------------------------------------ */

static html_src *src_of(html_ctx *c, const char *path)
{
	size_t i;

	if (ol_strmap_get(&c->src_index, path, &i))
		return c->srcs[i];
	html_src *f = ol_xcalloc(1, sizeof *f);
	f->path = ol_xstrdup(path);
	f->shown = ol_path_display(c->cwd, c->root, path);
	c->srcs = ol_xrealloc(c->srcs, (c->nsrcs + 1) * sizeof *c->srcs);
	c->srcs[c->nsrcs] = f;
	ol_strmap_add(&c->src_index, f->path, c->nsrcs++);
	return f;
}

// Line `line` (1-based) of `f` without its line ending, or NULL.
static const char *src_line(html_src *f, size_t line, size_t *len)
{
	return ol_src_lines_get(&f->lines, f->path, line, len);
}

/* ------------------------------------------------------------------ */
/* Files of the report                                                 */
/* ------------------------------------------------------------------ */

// Creates `dir` and its missing parents. Returns 0, or OL_EIO.
static int make_dirs(const char *dir)
{
	char *p = ol_xstrdup(dir);
	int err = 0;

	for (char *s = p + 1;; s++) {
		if (*s && *s != '/')
			continue;
		char keep = *s;
		*s = 0;
		struct stat st;
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			err = ol_error_set(OL_EIO, "cannot create the folder "
					   "'%s': %s", p, strerror(errno));
		else if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
			err = ol_error_set(OL_EIO, "cannot write the HTML "
					   "report into '%s': '%s' is not a "
					   "folder", dir, p);
		*s = keep;
		if (err || !keep)
			break;
	}
	free(p);
	return err;
}

static int check_replace(const char *dir, const char *path);

int ol_emit_html_check_dir(const char *dir)
{
	struct stat st;
	char *p = ol_xstrdup(dir);
	int err = 0;

	OL_ASSERT(dir);
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		free(p);
		return ol_error_set(OL_EIO, "-o '%s' is not a folder: "
				    "--format html writes a folder (index.html "
				    "and a page per finding)", dir);
	}
	// The folder, or the nearest one above it that exists, must be
	// writable (the rest is created when the report is written).
	while (stat(p, &st) != 0) {
		char *slash = strrchr(p, '/');
		if (!slash || slash == p) {
			strcpy(p, slash == p ? "/" : ".");
			break;
		}
		*slash = 0;
	}
	if (stat(p, &st) == 0 && !S_ISDIR(st.st_mode))
		err = ol_error_set(OL_EIO, "cannot write the HTML report into "
				   "'%s': '%s' is not a folder", dir, p);
	else if (access(p, W_OK | X_OK) != 0)
		err = ol_error_set(OL_EIO, "cannot write the HTML report into "
				   "'%s': %s", dir, strerror(errno));
	free(p);
	if (!err) {
		ol_strbuf index;
		ol_strbuf_init(&index);
		ol_strbuf_printf(&index, "%s/index.html", dir);
		err = check_replace(dir, ol_strbuf_str(&index));
		ol_strbuf_free(&index);
	}
	return err;
}

// Whether the file at `path` is a page of a report this tool wrote (its
// first bytes name the generator), so a new report may replace it.
static bool is_own_page(const char *path)
{
	static const char sign[] = "<meta name=\"generator\" content=\""
				   "mojo-ownlint";
	char head[512];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;

	if (f)
		fclose(f);
	head[n] = 0;
	return !strncmp(head, "<!DOCTYPE html>", 15) && strstr(head, sign);
}

// A file of the report may replace only a page of an earlier report:
// never a source, nor anything else that happens to be there. Returns 0,
// or OL_EIO with ol_error_set().
static int check_replace(const char *dir, const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0 || (S_ISREG(st.st_mode) && is_own_page(path)))
		return 0;
	return ol_error_set(OL_EIO, "-o '%s': '%s' exists and is not a page "
			    "of a mojo-ownlint report: not replaced (choose "
			    "another folder, or remove it)", dir, path);
}

// Writes `b` as DIR/`name`, atomically: a temporary file renamed over
// the target (check_replace() allowed: none, or a page of ours). Not
// base/outfile.h, whose check before the analysis creates a file too:
// one file creation per page is what a report of 10,000 pages costs.
// Returns 0, or OL_EIO with ol_error_set().
static int write_page(html_ctx *c, const char *name, const ol_strbuf *b)
{
	ol_strbuf path, tmp;
	FILE *f = NULL;
	int err;

	ol_strbuf_init(&path);
	ol_strbuf_init(&tmp);
	ol_strbuf_printf(&path, "%s/%s", c->dir, name);
	ol_strbuf_printf(&tmp, "%s/.%s.tmp.%ld", c->dir, name, (long)getpid());
	if (!(err = check_replace(c->dir, ol_strbuf_str(&path)))) {
		f = fopen(ol_strbuf_str(&tmp), "w");
		bool ok = f && fwrite(b->s, 1, b->len, f) == b->len;
		if (f && fclose(f) != 0)
			ok = false;
		if (!ok || rename(ol_strbuf_str(&tmp), ol_strbuf_str(&path)))
			err = ol_error_set(OL_EIO, "cannot write '%s': %s",
					   ol_strbuf_str(&path),
					   strerror(errno));
		if (err && f)
			unlink(ol_strbuf_str(&tmp));
	}
	ol_strbuf_free(&tmp);
	ol_strbuf_free(&path);
	char *owned = ol_xstrdup(name);
	if (ol_strmap_add(&c->written, owned, c->nnames)) {
		c->names = ol_xrealloc(c->names,
				       (c->nnames + 1) * sizeof *c->names);
		c->names[c->nnames++] = owned;
	} else {
		free(owned);
	}
	return err;
}

// Whether `name` is one of the pages a report writes (finding-*.html,
// rule-*.html), so that one left by an earlier report may be removed.
static bool is_report_page(const char *name)
{
	size_t n = strlen(name);
	const char *rest;

	if (!strncmp(name, "finding-", 8))
		rest = name + 8;
	else if (!strncmp(name, "rule-", 5))
		rest = name + 5;
	else
		return false;
	return n > 5 && !strcmp(name + n - 5, ".html") &&
	       strspn(rest, "0123456789abcdefABCDEFGHIJKLMNOPQRSTUVWXYZ-") ==
		       (size_t)(name + n - 5 - rest);
}

// Removes the pages of an earlier report that this one did not write.
static void remove_stale_pages(html_ctx *c)
{
	DIR *d = opendir(c->dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!is_report_page(e->d_name) ||
		    ol_strmap_get(&c->written, e->d_name, NULL))
			continue;
		ol_strbuf p;
		ol_strbuf_init(&p);
		ol_strbuf_printf(&p, "%s/%s", c->dir, e->d_name);
		struct stat st;
		if (lstat(ol_strbuf_str(&p), &st) == 0 &&
		    S_ISREG(st.st_mode) && is_own_page(ol_strbuf_str(&p)))
			unlink(ol_strbuf_str(&p));
		ol_strbuf_free(&p);
	}
	closedir(d);
}

/* ------------------------------------------------------------------ */
/* Pieces of pages                                                     */
/* ------------------------------------------------------------------ */

static void page_start(ol_strbuf *b, const html_ctx *c, const char *title,
		       const char *css, bool js)
{
	ol_strbuf_add(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		      "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		      "content=\"width=device-width, initial-scale=1\">\n"
		      "<meta name=\"generator\" content=\"mojo-ownlint ");
	ol_html_add_str(b, c->o->tool_version && *c->o->tool_version
				   ? c->o->tool_version : OL_VERSION);
	ol_strbuf_add(b, "\">\n");
	if (js)
		ol_strbuf_add(b, "<script>document.documentElement.className "
			      "= 'js';</script>\n");
	ol_strbuf_add(b, "<title>");
	ol_html_add_str(b, title);
	ol_strbuf_add(b, "</title>\n<style>");
	ol_strbuf_add(b, ol_html_css_common);
	ol_strbuf_add(b, css);
	ol_strbuf_add(b, "</style>\n</head>\n<body>\n");
}

static const char *status_of(const ol_diag *d)
{
	return !d->suppressed ? "open" : d->baselined ? "baseline" : "nolint";
}

// "src/a.c:12:5" (line and column when known).
static void add_where(ol_strbuf *b, html_ctx *c, ol_loc loc)
{
	if (!loc.file) {
		ol_strbuf_add(b, "(no location)");
		return;
	}
	ol_html_add_str(b, src_of(c, loc.file)->shown);
	if (loc.line)
		ol_strbuf_printf(b, ":%u", loc.line);
	if (loc.line && loc.col)
		ol_strbuf_printf(b, ":%u", loc.col);
}

static void add_level(ol_strbuf *b, ol_level level)
{
	ol_strbuf_printf(b, "<span class=\"%s\">%s</span>",
			 ol_level_name(level), ol_level_name(level));
}

// A mark on a source listing: step `step` (1-based) of the path, or the
// finding itself (step 0), at `line`.
typedef struct mark {
	unsigned line;
	size_t step;
} mark;

static int mark_cmp(const void *a, const void *b)
{
	const mark *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	// Steps in path order; the finding after the steps of its line.
	size_t sx = x->step ? x->step : SIZE_MAX;
	size_t sy = y->step ? y->step : SIZE_MAX;
	return sx < sy ? -1 : sx > sy;
}

// The lines a listing shows, as windows [from, to] written into `w` (room
// for `nm` + 1): the whole file when it is short, else
// OL_HTML_CONTEXT_LINES around each mark of `m` (sorted), windows that
// touch joined. Returns how many.
static size_t windows(const html_src *f, const mark *m, size_t nm,
		      size_t (*w)[2])
{
	size_t n = 0;

	if (f->lines.nlines <= OL_HTML_WHOLE_FILE_LINES) {
		w[0][0] = 1;
		w[0][1] = f->lines.nlines;
		return 1;
	}
	for (size_t i = 0; i < nm && m[i].line <= f->lines.nlines; i++) {
		size_t lo = m[i].line > OL_HTML_CONTEXT_LINES
			? m[i].line - OL_HTML_CONTEXT_LINES : 1;
		size_t hi = m[i].line + OL_HTML_CONTEXT_LINES;
		hi = hi < f->lines.nlines ? hi : f->lines.nlines;
		if (n && lo <= w[n - 1][1] + 1)
			w[n - 1][1] = hi > w[n - 1][1] ? hi : w[n - 1][1];
		else
			w[n][0] = lo, w[n][1] = hi, n++;
	}
	return n;
}

static void add_gap(ol_strbuf *b, size_t from, size_t to)
{
	ol_strbuf_printf(b, "<span class=\"gap\">lines %zu to %zu not shown"
			 "</span>", from, to);
}

// The note under a line: a numbered step, or the finding's message.
static void add_note(ol_strbuf *b, const ol_diag *d, const mark *m)
{
	if (m->step) {
		ol_strbuf_printf(b, "<span class=\"step\" id=\"step-%zu\"><b>%zu"
				 "</b>", m->step, m->step);
		ol_html_add_str(b, d->events[m->step - 1].msg);
	} else {
		ol_strbuf_add(b, "<span class=\"step final\">");
		add_level(b, d->level);
		ol_strbuf_add(b, ": ");
		ol_html_add_str(b, d->msg);
	}
	ol_strbuf_add(b, "</span>");
}

// One file of a finding's page: its lines (all, or the windows around
// the marks) with the marks' notes under their lines. `k` numbers the
// file on the page, for the anchors "f<k>-L<line>".
static void add_listing(ol_strbuf *b, const ol_diag *d, html_src *f,
			size_t k, mark *m, size_t nm)
{
	size_t len, mi = 0;

	qsort(m, nm, sizeof *m, mark_cmp);
	ol_strbuf_printf(b, "<h2 id=\"f%zu\">", k);
	ol_html_add_str(b, f->shown);
	ol_strbuf_add(b, "</h2>\n");
	if (!src_line(f, 1, &len)) {
		ol_strbuf_add(b, "<p>The file cannot be read now; the notes "
			      "by line:</p>\n<pre class=\"src\">");
		for (size_t i = 0; i < nm; i++) {
			ol_strbuf_printf(b, "<span class=\"n\">%u</span>\n",
					 m[i].line);
			add_note(b, d, &m[i]);
		}
		ol_strbuf_add(b, "</pre>\n");
		return;
	}
	ol_strbuf_add(b, "<pre class=\"src\">");
	size_t (*w)[2] = ol_xmalloc((nm + 1) * sizeof *w);
	size_t nw = windows(f, m, nm, w), shown_to = 0;
	for (size_t i = 0; i < nw; i++) {
		if (w[i][0] > shown_to + 1)
			add_gap(b, shown_to + 1, w[i][0] - 1);
		for (size_t l = w[i][0]; l <= w[i][1]; l++) {
			const char *text = src_line(f, l, &len);
			bool hit = mi < nm && m[mi].line == l;
			ol_strbuf_printf(b, "<span class=\"n\" id=\"f%zu-L%zu\">"
					 "%zu</span>", k, l, l);
			// The code in a box of its own, so that its tabs stop
			// where they would in an editor, whatever the number's
			// width.
			ol_strbuf_add(b, hit ? "<span class=\"c hit\">"
					     : "<span class=\"c\">");
			ol_html_add_text(b, text, len);
			ol_strbuf_add(b, "</span>\n");
			for (; mi < nm && m[mi].line == l; mi++)
				add_note(b, d, &m[mi]);
		}
		shown_to = w[i][1];
	}
	free(w);
	if (shown_to < f->lines.nlines)
		add_gap(b, shown_to + 1, f->lines.nlines);
	// Marks past the end of the file (it changed since the analysis).
	for (; mi < nm; mi++) {
		ol_strbuf_printf(b, "<span class=\"gap\">line %u (past the end "
				 "of the file now)</span>", m[mi].line);
		add_note(b, d, &m[mi]);
	}
	ol_strbuf_add(b, "</pre>\n");
}

/* ------------------------------------------------------------------ */
/* A finding's page                                                    */
/* ------------------------------------------------------------------ */

// The files a finding's page lists, in the order its path first reaches
// them (the finding's own file last if no step is in it).
static size_t page_files(html_ctx *c, const ol_diag *d, html_src **out)
{
	size_t n = 0;
	for (size_t i = 0; i <= d->nevents; i++) {
		ol_loc l = i < d->nevents ? d->events[i].loc : d->loc;
		if (!l.file)
			continue;
		html_src *f = src_of(c, l.file);
		size_t k = 0;
		while (k < n && out[k] != f)
			k++;
		if (k == n)
			out[n++] = f;
	}
	return n;
}

static void add_facts(ol_strbuf *b, html_ctx *c, const ol_diag *d,
		      const char *fp)
{
	ol_strbuf_add(b, "<dl>\n<dt>Location</dt><dd>");
	add_where(b, c, d->loc);
	ol_strbuf_add(b, "</dd>\n");
	if (d->func) {
		ol_strbuf_add(b, "<dt>Function</dt><dd><code>");
		ol_html_add_str(b, d->func);
		ol_strbuf_add(b, "</code></dd>\n");
	}
	if (d->resource) {
		ol_strbuf_add(b, "<dt>Resource</dt><dd>");
		ol_html_add_str(b, d->resource);
		ol_strbuf_add(b, "</dd>\n");
	}
	ol_strbuf_printf(b, "<dt>Sites</dt><dd>%zu</dd>\n",
			 d->group_size ? d->group_size : 1);
	ol_strbuf_add(b, "<dt>Status</dt><dd>");
	if (!d->suppressed) {
		ol_strbuf_add(b, "open");
	} else if (d->baselined) {
		ol_strbuf_add(b, "in the baseline");
	} else {
		ol_strbuf_add(b, "suppressed by NOLINT");
		if (d->justification) {
			ol_strbuf_add(b, ": ");
			ol_html_add_str(b, d->justification);
		}
	}
	ol_strbuf_printf(b, "</dd>\n<dt>Fingerprint</dt><dd><code>%s</code>"
			 "</dd>\n</dl>\n", fp);
}

// The path as a list, each step linking to its note in the listing.
static void add_steps(ol_strbuf *b, html_ctx *c, const ol_diag *d)
{
	if (!d->nevents)
		return;
	ol_strbuf_add(b, "<h2>Path</h2>\n<ol>\n");
	for (size_t i = 0; i < d->nevents; i++) {
		ol_strbuf_printf(b, "<li><a href=\"#step-%zu\">", i + 1);
		add_where(b, c, d->events[i].loc);
		ol_strbuf_add(b, "</a>: ");
		ol_html_add_str(b, d->events[i].msg);
		ol_strbuf_add(b, "</li>\n");
	}
	ol_strbuf_add(b, "</ol>\n");
}

// The group's other sites, each with its line of source.
static void add_related(ol_strbuf *b, html_ctx *c, const ol_diag *d)
{
	if (!d->nrelated)
		return;
	ol_strbuf_printf(b, "<h2>Other sites (%zu)</h2>\n<ul>\n", d->nrelated);
	for (size_t i = 0; i < d->nrelated; i++) {
		const ol_related *r = &d->related[i];
		size_t len;
		const char *text = r->loc.file
			? src_line(src_of(c, r->loc.file), r->loc.line, &len)
			: NULL;
		ol_strbuf_add(b, "<li>");
		add_where(b, c, r->loc);
		ol_strbuf_add(b, ": ");
		ol_html_add_str(b, r->msg);
		if (text) {
			ol_strbuf_add(b, "<pre>");
			ol_html_add_text(b, text, len);
			ol_strbuf_add(b, "</pre>");
		}
		ol_strbuf_add(b, "</li>\n");
	}
	size_t others = d->macro && d->group_size > 1 ? d->group_size
		      : d->group_size ? d->group_size - 1 : 0;
	if (others > d->nrelated)
		ol_strbuf_printf(b, "<li>and %zu more (--no-group lists each)"
				 "</li>\n", others - d->nrelated);
	ol_strbuf_add(b, "</ul>\n");
}

// The rule's name, the first paragraph of its page (its definition) and
// a link to the page, made once per rule.
static void add_rule_summary(ol_strbuf *b, html_ctx *c, ol_check_id id)
{
	if (c->rule_summary[id]) {
		ol_strbuf_add(b, c->rule_summary[id]);
		return;
	}
	const ol_check_info *ci = ol_check_info_get(id);
	char *body = ol_rule_page_body(ci->id);
	ol_strbuf s;
	ol_strbuf_init(&s);
	ol_strbuf_printf(&s, "<h2>%s %s</h2>\n", ci->id, ci->name);
	if (body) {
		char *end = strstr(body, "\n\n");
		if (end)
			*end = 0;
		ol_html_add_markdown(&s, body);
	} else {
		ol_strbuf_add(&s, "<p>");
		ol_html_add_str(&s, ci->help);
		ol_strbuf_add(&s, "</p>\n");
	}
	free(body);
	ol_strbuf_printf(&s, "<p><a href=\"rule-%s.html\">The rule's page: why "
			 "it matters, examples, how to fix it</a></p>\n",
			 ci->id);
	c->rule_summary[id] = ol_strbuf_detach(&s);
	ol_strbuf_add(b, c->rule_summary[id]);
}

static void add_finding_page(ol_strbuf *b, html_ctx *c, const ol_diag *d,
			     const char *fp)
{
	const ol_check_info *ci = ol_check_info_get(d->check);
	ol_strbuf title;

	ol_strbuf_init(&title);
	ol_strbuf_printf(&title, "%s %s: ", ci->id, ol_level_name(d->level));
	ol_strbuf_add(&title, d->msg ? d->msg : "");
	page_start(b, c, ol_strbuf_str(&title), ol_html_css_finding, false);
	ol_strbuf_free(&title);
	ol_strbuf_add(b, "<nav><a href=\"index.html\">All findings</a></nav>\n"
		      "<h1>");
	add_level(b, d->level);
	ol_strbuf_printf(b, " %s <small>%s</small></h1>\n<p class=\"msg\">",
			 ci->id, ci->name);
	ol_html_add_str(b, d->msg);
	ol_strbuf_add(b, "</p>\n");
	add_facts(b, c, d, fp);
	add_steps(b, c, d);

	html_src **files = ol_xmalloc((d->nevents + 1) * sizeof *files);
	mark *m = ol_xmalloc((d->nevents + 1 + d->nrelated) * sizeof *m);
	size_t nf = page_files(c, d, files);
	for (size_t k = 0; k < nf; k++) {
		size_t nm = 0;
		for (size_t i = 0; i <= d->nevents; i++) {
			ol_loc l = i < d->nevents ? d->events[i].loc : d->loc;
			if (l.file && src_of(c, l.file) == files[k] && l.line)
				m[nm++] = (mark){ l.line, i < d->nevents
							  ? i + 1 : 0 };
		}
		add_listing(b, d, files[k], k + 1, m, nm);
	}
	free(m);
	free(files);
	add_related(b, c, d);
	add_rule_summary(b, c, d->check);
	ol_strbuf_add(b, "</body>\n</html>\n");
}

static void add_rule_page(ol_strbuf *b, html_ctx *c, const ol_check_info *ci)
{
	char title[128];
	char *body = ol_rule_page_body(ci->id);

	snprintf(title, sizeof title, "%s %s", ci->id, ci->name);
	page_start(b, c, title, "", false);
	ol_strbuf_printf(b, "<nav><a href=\"index.html\">All findings</a></nav>"
			 "\n<h1>%s</h1>\n", title);
	if (body)
		ol_html_add_markdown(b, body);
	else
		ol_strbuf_printf(b, "<p>%s</p>\n<p>(The rule's page is not "
				 "installed: see <code>mojo-ownlint --explain "
				 "%s</code>.)</p>\n", ci->help, ci->id);
	free(body);
	ol_strbuf_add(b, "</body>\n</html>\n");
}

/* ------------------------------------------------------------------ */
/* The index                                                           */
/* ------------------------------------------------------------------ */

static void add_notices(ol_strbuf *b, html_ctx *c)
{
	size_t n = ol_diag_sink_notice_count(c->sink);
	if (!n)
		return;
	ol_strbuf_printf(b, "<details>\n<summary>%zu tool notice%s (files not "
			 "or partly analyzed, budgets)</summary>\n<ul>\n", n,
			 n == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++) {
		const ol_notice *no = ol_diag_sink_notice_get(c->sink, i);
		ol_strbuf_add(b, "<li>");
		add_level(b, no->level);
		ol_strbuf_add(b, " ");
		if (no->loc.file) {
			add_where(b, c, no->loc);
			ol_strbuf_add(b, ": ");
		}
		ol_html_add_str(b, no->msg);
		ol_strbuf_add(b, " [");
		ol_html_add_str(b, no->kind);
		ol_strbuf_add(b, "]</li>\n");
	}
	ol_strbuf_add(b, "</ul>\n</details>\n");
}

static void add_filters(ol_strbuf *b, html_ctx *c)
{
	ol_strbuf_add(b, "<form id=\"filters\" onsubmit=\"return false\">\n"
		      "<label>Rule <select id=\"f-rule\"><option value=\"\">"
		      "all</option>");
	for (int k = 0; k < OL_CHECK__COUNT; k++)
		if (c->rule_named[k]) {
			const ol_check_info *ci =
				ol_check_info_get((ol_check_id)k);
			ol_strbuf_printf(b, "<option value=\"%s\">%s %s"
					 "</option>", ci->id, ci->id, ci->name);
		}
	ol_strbuf_add(b, "</select></label>\n<label>Level <select "
		      "id=\"f-level\"><option value=\"\">all</option>"
		      "<option>error</option><option>warning</option>"
		      "<option>note</option></select></label>\n"
		      "<label>File <input id=\"f-file\" type=\"search\" "
		      "list=\"files\" placeholder=\"any part of the path\">"
		      "</label>\n<label>Status <select id=\"f-status\">"
		      "<option value=\"\">all</option><option>open</option>"
		      "<option>nolint</option><option>baseline</option>"
		      "</select></label>\n</form>\n<datalist id=\"files\">");
	for (size_t i = 0; i < c->nsrcs; i++) {
		ol_strbuf_add(b, "<option value=\"");
		ol_html_add_str(b, c->srcs[i]->shown);
		ol_strbuf_add(b, "\">");
	}
	ol_strbuf_add(b, "</datalist>\n");
}

// Row `row` (from 0) of the index. Rows past the first page are marked
// "more": not laid out until asked for (htmlassets.c).
static void add_row(ol_strbuf *b, html_ctx *c, const ol_diag *d,
		    const char *page, size_t row)
{
	const ol_check_info *ci = ol_check_info_get(d->check);
	const char *status = status_of(d);
	size_t sites = d->group_size ? d->group_size : 1;

	ol_strbuf_printf(b, "<tr class=\"%s%s\" data-rule=\"%s\" "
			 "data-level=\"%s\" data-file=\"", status,
			 row >= OL_HTML_INDEX_PAGE ? " more" : "", ci->id,
			 ol_level_name(d->level));
	if (d->loc.file)
		ol_html_add_str(b, src_of(c, d->loc.file)->shown);
	ol_strbuf_printf(b, "\" data-line=\"%u\" data-sites=\"%zu\" "
			 "data-status=\"%s\"><td>", d->loc.line, sites, status);
	add_level(b, d->level);
	ol_strbuf_printf(b, "</td><td class=\"loc\"><a href=\"rule-%s.html\" "
			 "title=\"%s\">"
			 "%s</a></td><td class=\"loc\"><a href=\"%s\">",
			 ci->id, ci->name, ci->id, page);
	add_where(b, c, d->loc);
	ol_strbuf_add(b, "</a></td><td>");
	ol_html_add_str(b, d->func);
	ol_strbuf_add(b, "</td><td>");
	ol_html_add_str(b, d->msg);
	ol_strbuf_printf(b, "</td><td class=\"num\">%zu</td><td>%s</td></tr>\n",
			 sites, status);
}

static void add_index(ol_strbuf *b, html_ctx *c, char *const *pages)
{
	size_t n = ol_diag_sink_count(c->sink), listed = 0;
	size_t by_level[3] = { 0 }, nsup = 0, nbase = 0;

	for (size_t i = 0; i < n; i++) {
		const ol_diag *d = ol_diag_sink_get(c->sink, i);
		nbase += d->baselined;
		nsup += d->suppressed && !d->baselined;
		if (pages[i]) {
			listed++;
			by_level[d->level]++;
		}
	}
	page_start(b, c, "mojo-ownlint report", ol_html_css_index, true);
	ol_strbuf_add(b, "<h1>mojo-ownlint report</h1>\n<p>");
	ol_strbuf_printf(b, "%zu finding%s: %zu error%s, %zu warning%s, "
			 "%zu note%s", listed, listed == 1 ? "" : "s",
			 by_level[OL_LEVEL_ERROR],
			 by_level[OL_LEVEL_ERROR] == 1 ? "" : "s",
			 by_level[OL_LEVEL_WARNING],
			 by_level[OL_LEVEL_WARNING] == 1 ? "" : "s",
			 by_level[OL_LEVEL_NOTE],
			 by_level[OL_LEVEL_NOTE] == 1 ? "" : "s");
	if (nsup || nbase)
		ol_strbuf_printf(b, "; %zu suppressed by NOLINT and %zu by the "
				 "baseline (%s)", nsup, nbase,
				 c->o->include_suppressed
					 ? "listed" : "not listed");
	ol_strbuf_add(b, ". Paths are relative to <code>");
	ol_html_add_str(b, c->root);
	ol_strbuf_add(b, "</code>.</p>\n");
	add_notices(b, c);
	add_filters(b, c);
	ol_strbuf_printf(b, "<p id=\"shown\">%zu of %zu findings shown</p>\n"
			 "<noscript><p>Sorting and filtering need JavaScript; "
			 "every finding is listed.</p></noscript>\n",
			 listed, listed);
	ol_strbuf_add(b, "<table id=\"findings\">\n<thead><tr>"
		      "<th data-sort=\"level\">Level</th>"
		      "<th data-sort=\"rule\">Rule</th>"
		      "<th data-sort=\"file\">Location</th>"
		      "<th data-sort=\"function\">Function</th>"
		      "<th>Message</th>"
		      "<th data-sort=\"sites\">Sites</th>"
		      "<th data-sort=\"status\">Status</th></tr></thead>\n"
		      "<tbody>\n");
	for (size_t i = 0, row = 0; i < n; i++)
		if (pages[i])
			add_row(b, c, ol_diag_sink_get(c->sink, i), pages[i],
				row++);
	ol_strbuf_add(b, "</tbody>\n</table>\n<p id=\"pager\" hidden><button "
		      "type=\"button\" id=\"page-more\">Show 500 more</button>"
		      "<button type=\"button\" id=\"page-all\">Show all</button>"
		      "</p>\n<script>\n");
	for (size_t i = 0; ol_html_js_index[i]; i++)
		ol_strbuf_add(b, ol_html_js_index[i]);
	ol_strbuf_add(b, "</script>\n</body>\n</html>\n");
}

/* ------------------------------------------------------------------ */
/* The report                                                          */
/* ------------------------------------------------------------------ */

// Names each listed finding's page after its fingerprint ("-2", "-3"...
// when two findings share one). Returns an owned array of owned names,
// NULL for a finding the report leaves out.
static char **page_names(html_ctx *c, const ol_fingerprint *fps)
{
	size_t n = ol_diag_sink_count(c->sink);
	char **pages = ol_xcalloc(n + 1, sizeof *pages);
	ol_strmap taken = { 0 };

	for (size_t i = 0; i < n; i++) {
		const ol_diag *d = ol_diag_sink_get(c->sink, i);
		if (d->suppressed && !c->o->include_suppressed)
			continue;
		ol_strbuf name;
		ol_strbuf_init(&name);
		ol_strbuf_printf(&name, "finding-%s.html", fps[i].hex);
		for (unsigned k = 2; ol_strmap_get(&taken, name.s, NULL); k++) {
			name.len = 0;
			ol_strbuf_printf(&name, "finding-%s-%u.html",
					 fps[i].hex, k);
		}
		pages[i] = ol_strbuf_detach(&name);
		ol_strmap_add(&taken, pages[i], i);
		c->rule_named[d->check] = true;
	}
	ol_strmap_free(&taken);
	return pages;
}

int ol_emit_html(const char *dir, const ol_diag_sink *s,
		 const ol_emit_opts *o)
{
	html_ctx c = { .sink = s, .o = o, .dir = dir };
	char cwd[PATH_MAX];
	ol_strbuf b;
	int err;

	OL_ASSERT(dir && s && o);
	if ((err = make_dirs(dir)) < 0)
		return err;
	c.cwd = ol_xstrdup(getcwd(cwd, sizeof cwd) ? cwd : "/");
	c.root = ol_path_real(c.cwd, o->srcroot && *o->srcroot ? o->srcroot
							       : ".");
	ol_fingerprint *fps = ol_emit_fingerprints(s, o->srcroot);
	char **pages = page_names(&c, fps);
	size_t n = ol_diag_sink_count(s);
	ol_strbuf_init(&b);
	for (size_t i = 0; i < n && !err; i++) {
		if (!pages[i])
			continue;
		b.len = 0;
		add_finding_page(&b, &c, ol_diag_sink_get(s, i), fps[i].hex);
		err = write_page(&c, pages[i], &b);
	}
	for (int k = 0; k < OL_CHECK__COUNT && !err; k++) {
		if (!c.rule_named[k])
			continue;
		const ol_check_info *ci = ol_check_info_get((ol_check_id)k);
		char name[64];
		snprintf(name, sizeof name, "rule-%s.html", ci->id);
		b.len = 0;
		add_rule_page(&b, &c, ci);
		err = write_page(&c, name, &b);
	}
	if (!err) {
		b.len = 0;
		add_index(&b, &c, pages);
		err = write_page(&c, "index.html", &b);
	}
	if (!err)
		remove_stale_pages(&c);

	ol_strbuf_free(&b);
	for (size_t i = 0; i < n; i++)
		free(pages[i]);
	free(pages);
	free(fps);
	for (size_t i = 0; i < c.nsrcs; i++) {
		free(c.srcs[i]->path);
		free(c.srcs[i]->shown);
		ol_src_lines_free(&c.srcs[i]->lines);
		free(c.srcs[i]);
	}
	free(c.srcs);
	ol_strmap_free(&c.src_index);
	ol_strmap_free(&c.written);
	for (size_t i = 0; i < c.nnames; i++)
		free(c.names[i]);
	free(c.names);
	for (int k = 0; k < OL_CHECK__COUNT; k++)
		free(c.rule_summary[k]);
	free(c.cwd);
	free(c.root);
	return err;
}
