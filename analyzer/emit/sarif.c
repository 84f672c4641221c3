/*
 * sarif.c — writes a finished sink as SARIF 2.1.0, shaped for GitHub code
 * scanning (docs/output.md, docs/integration.md).
 *
 * The log has exactly one run. Its driver lists every rule of checks.def in
 * table order, so a result's ruleIndex is its check's enum value. Each result
 * has one primary location (a URI relative to %SRCROOT%, a region in UTF-16
 * columns), the first path event as relatedLocations[0] (id 1, linked from
 * the message), every event as a thread-flow step, and a fingerprint that
 * does not depend on line numbers. Tool notifications (parse errors, budget
 * cut-offs) go to invocations[0].toolExecutionNotifications.
 *
 * Source files are read (once each) only to improve the output: columns in
 * UTF-16 units, the end column of the token at the location, snippets and
 * the statement text that goes into the fingerprint. An unreadable file just
 * gives plainer regions.
 *
 * What it deliberately does not do: compute GitHub's own
 * primaryLocationLineHash (the upload action fills it),
 * write an artifacts[] table, or emit timestamps (the output must be
 * byte-identical for the same input).
 *
 * Comments of the form "§3.x" cite sections of the SARIF 2.1.0 standard
 * (OASIS, errata 01).
 */
#include "emit.h"
#include "../base/utf8.h"

#include "../base/arena.h"
#include "../base/path.h"
#include "../base/srclines.h"
#include "../base/strbuf.h"
#include "../ol.h"
#include "rulepage.h"

#include <json-c/json.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The project's home page; rule pages are below it (helpUri).
#define OL_SARIF_INFORMATION_URI "https://github.com/mojo-ownlint/mojo-ownlint"
#define OL_SARIF_SCHEMA_URI "https://json.schemastore.org/sarif-2.1.0.json"
#define OL_SARIF_SRCROOT "%SRCROOT%"
// v2: grouped findings (diag/group.h) are keyed by their root cause; v1
// fingerprints (before grouping) are not comparable with these.
#define OL_SARIF_FINGERPRINT_KEY "mojoOwnlint/v2"
// GitHub limits (results per run; thread-flow steps: 10,000 accepted,
// 1,000 shown).
#define OL_SARIF_MAX_RESULTS 25000
#define OL_SARIF_MAX_FLOW_STEPS 1000
// GitHub keeps at most 1,000 locations per result (LIM-7).
#define OL_SARIF_MAX_LOCATIONS 1000
// Longer source lines are not copied into snippets (minified/generated code).
#define OL_SARIF_MAX_SNIPPET 4096
// GitHub shows at most 1024 characters of a rule description.
#define OL_SARIF_MAX_DESCRIPTION 1000

/* ------------------------------------------------------------------ */
/* Text helpers                                                        */
/* ------------------------------------------------------------------ */

// Length of the valid UTF-8 sequence at `s`, 0 if the bytes there are not
// one. NUL is treated as invalid (not allowed in SARIF text).
static size_t utf8_seq_len(const unsigned char *s, size_t n)
{
	return n && s[0] ? ol_utf8_len(s, n) : 0;
}

// Appends `s[0..n)` to `b`, replacing bytes that are not valid UTF-8 (and
// NUL) with U+FFFD: JSON text must be UTF-8, source files need not be.
static void add_utf8_clean(ol_strbuf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		size_t k = utf8_seq_len(p + i, n - i);
		if (k == 0) {
			ol_strbuf_add(b, "\xEF\xBF\xBD");
			i++;
		} else {
			ol_strbuf_addn(b, s + i, k);
			i += k;
		}
	}
}

// Number of UTF-16 code units that the UTF-8 bytes `s[0..n)` encode
// (§3.14.17 columnKind utf16CodeUnits). Invalid bytes count as one unit,
// the U+FFFD they become.
static size_t utf16_units(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t units = 0, i = 0;

	while (i < n) {
		size_t k = utf8_seq_len(p + i, n - i);
		if (k == 0)
			k = 1;
		units += k == 4 ? 2 : 1;
		i += k;
	}
	return units;
}

static bool is_ident_byte(unsigned char c)
{
	return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') ||
	       (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Appends `s` with '\', '[' and ']' escaped: in a SARIF message they would
// otherwise start an embedded link (§3.11.6).
static void add_message_text(ol_strbuf *b, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\\' || *s == '[' || *s == ']')
			ol_strbuf_addc(b, '\\');
		ol_strbuf_addc(b, *s);
	}
}

// "resource-leak" -> "ResourceLeak" (§3.49.7 name; GitHub wants name != id).
static char *pascal_case(const char *kebab)
{
	ol_strbuf b;
	bool up = true;

	ol_strbuf_init(&b);
	for (const char *p = kebab; *p; p++) {
		if (*p == '-' || *p == '_') {
			up = true;
			continue;
		}
		char c = *p;
		if (up && c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		ol_strbuf_addc(&b, c);
		up = false;
	}
	return ol_strbuf_detach(&b);
}

// FNV-1a, 64 bit: small, stable across platforms, good enough to tell
// findings apart (it is an identity, not a security boundary).
#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= FNV_PRIME;
	}
	return h;
}

// Hashes `s` and a terminating NUL, so ("ab","c") and ("a","bc") differ.
static uint64_t fnv1a_field(uint64_t h, const char *s)
{
	if (!s)
		s = "";
	return fnv1a(h, s, strlen(s) + 1);
}

/* ------------------------------------------------------------------ */
/* Paths and source files                                              */
/* ------------------------------------------------------------------ */

// An owned absolute path for `p` with symlinks resolved when it exists
// (GitHub does not display results on symlinked paths, SARIF-24).
static char *absolute_path(const char *cwd, const char *p)
{
	char *norm = ol_path_normalize(cwd, p);
	char *real = realpath(norm, NULL);

	if (real) {
		free(norm);
		return real;
	}
	return norm;
}

// A source file named by some ol_loc, with its URI and (lazily) its text.
typedef struct src_file {
	char *path;          // key: ol_loc.file as given
	char *uri;           // relative to srcroot, or an absolute file URI
	bool relative;       // uri is relative to %SRCROOT%
	ol_src_lines lines;  // its text, read on first need
} src_file;

typedef struct src_cache {
	src_file **slots; // open addressing on the path
	size_t cap, len;
	char *cwd;        // owned, absolute
	char *root;       // owned, absolute, symlinks resolved
} src_cache;

static void cache_init(src_cache *c, const char *srcroot)
{
	char buf[PATH_MAX];

	c->cap = 64;
	c->len = 0;
	c->slots = ol_xcalloc(c->cap, sizeof(*c->slots));
	c->cwd = ol_xstrdup(getcwd(buf, sizeof buf) ? buf : "/");
	c->root = absolute_path(c->cwd, srcroot && *srcroot ? srcroot : ".");
}

static void cache_free(src_cache *c)
{
	for (size_t i = 0; i < c->cap; i++) {
		src_file *f = c->slots[i];
		if (!f)
			continue;
		free(f->path);
		free(f->uri);
		ol_src_lines_free(&f->lines);
		free(f);
	}
	free(c->slots);
	free(c->cwd);
	free(c->root);
}

// Builds `f->uri`: the path below the source root as a relative POSIX URI
// (no "./"), or a file:// URI when the file lies outside it.
static void file_make_uri(src_cache *c, src_file *f)
{
	char *abs = absolute_path(c->cwd, f->path);
	size_t rl = strlen(c->root);
	ol_strbuf b;

	ol_strbuf_init(&b);
	if (strcmp(c->root, "/") == 0 && abs[0] == '/' && abs[1]) {
		ol_path_add_uri(&b, abs + 1);
		f->relative = true;
	} else if (strncmp(abs, c->root, rl) == 0 && abs[rl] == '/' &&
		   abs[rl + 1]) {
		ol_path_add_uri(&b, abs + rl + 1);
		f->relative = true;
	} else {
		ol_strbuf_add(&b, "file://");
		ol_path_add_uri(&b, abs);
		f->relative = false;
	}
	free(abs);
	f->uri = ol_strbuf_detach(&b);
}

static src_file *cache_get(src_cache *c, const char *path)
{
	uint64_t h = fnv1a_field(FNV_OFFSET, path);
	size_t i = (size_t)h & (c->cap - 1);

	while (c->slots[i]) {
		if (strcmp(c->slots[i]->path, path) == 0)
			return c->slots[i];
		i = (i + 1) & (c->cap - 1);
	}
	src_file *f = ol_xcalloc(1, sizeof(*f));
	f->path = ol_xstrdup(path);
	file_make_uri(c, f);
	c->slots[i] = f;
	if (++c->len * 2 > c->cap) { // keep the table at most half full
		src_file **old = c->slots;
		size_t oldcap = c->cap;
		c->cap *= 2;
		c->slots = ol_xcalloc(c->cap, sizeof(*c->slots));
		for (size_t k = 0; k < oldcap; k++) {
			if (!old[k])
				continue;
			size_t j = (size_t)fnv1a_field(FNV_OFFSET, old[k]->path) &
				   (c->cap - 1);
			while (c->slots[j])
				j = (j + 1) & (c->cap - 1);
			c->slots[j] = old[k];
		}
		free(old);
	}
	return f;
}

// Returns a borrowed pointer to line `line` (1-based) of `f` and its length
// without the line terminator, or NULL when the file or line is unknown.
static const char *file_line(src_file *f, unsigned line, size_t *len_out)
{
	return ol_src_lines_get(&f->lines, f->path, line, len_out);
}

/* ------------------------------------------------------------------ */
/* JSON building                                                       */
/* ------------------------------------------------------------------ */

typedef struct sarif_ctx {
	const ol_diag_sink *sink;
	const ol_emit_opts *o;
	src_cache files;
} sarif_ctx;

static void add(json_object *obj, const char *key, json_object *val)
{
	json_object_object_add(obj, key, val);
}

// A JSON string from text that may not be UTF-8 (messages quote source).
static json_object *jtext(const char *s, size_t n)
{
	ol_strbuf b;
	json_object *j;

	ol_strbuf_init(&b);
	add_utf8_clean(&b, s ? s : "", s ? n : 0);
	j = json_object_new_string_len(ol_strbuf_str(&b), (int)b.len);
	ol_strbuf_free(&b);
	return j;
}

static json_object *jstr(const char *s)
{
	return jtext(s, s ? strlen(s) : 0);
}

// §3.11 message object with plain text only (GitHub needs `text`, GH1007).
static json_object *message_of(const char *text)
{
	json_object *m = json_object_new_object();
	add(m, "text", jstr(text));
	return m;
}

// §3.11 message for path text coming from a state machine: brackets escaped.
static json_object *message_escaped(const char *text)
{
	ol_strbuf b;
	json_object *m;

	ol_strbuf_init(&b);
	add_message_text(&b, text);
	m = message_of(ol_strbuf_str(&b));
	ol_strbuf_free(&b);
	return m;
}

// §3.4 artifactLocation: uri relative to %SRCROOT% (§3.4.4) when possible.
static json_object *artifact_location(src_file *f)
{
	json_object *a = json_object_new_object();
	add(a, "uri", jstr(f->uri));                       // §3.4.3
	if (f->relative)
		add(a, "uriBaseId", jstr(OL_SARIF_SRCROOT)); // §3.4.4
	return a;
}

// §3.30 region for `loc`. Columns are converted from libclang's 1-based
// bytes to UTF-16 code units (§3.30.2); the region spans the identifier or
// token at the location when the source line is readable, else one column.
// With `snippets`, adds the token as region.snippet (§3.30.13) and the whole
// line as a contextRegion (§3.29.5) through `context_out`.
static json_object *region_of(src_file *f, ol_loc loc, bool snippets,
			      json_object **context_out)
{
	json_object *r = json_object_new_object();
	unsigned line = loc.line ? loc.line : 1;
	size_t len = 0;
	const char *text = file_line(f, line, &len);

	if (context_out)
		*context_out = NULL;
	add(r, "startLine", json_object_new_int64(line)); // §3.30.5
	if (loc.col == 0)
		return r;

	size_t byte = loc.col - 1, tok = 0;
	size_t start, end;
	if (text && byte < len) {
		const unsigned char *u = (const unsigned char *)text;
		tok = 1;
		if (is_ident_byte(u[byte])) // includes UTF-8 identifiers
			while (byte + tok < len && is_ident_byte(u[byte + tok]))
				tok++;
		start = utf16_units(text, byte) + 1;
		end = start + utf16_units(text + byte, tok);
	} else if (text) {
		// Past the end of the line: keep the distance in units.
		start = utf16_units(text, len) + (byte - len) + 1;
		end = start + 1;
	} else {
		start = loc.col;
		end = start + 1;
	}
	add(r, "startColumn", json_object_new_int64((int64_t)start)); // §3.30.6
	add(r, "endLine", json_object_new_int64(line));               // §3.30.7
	add(r, "endColumn", json_object_new_int64((int64_t)end));     // §3.30.8
	if (snippets && text && tok > 0) {
		json_object *sn = json_object_new_object();
		add(sn, "text", jtext(text + byte, tok)); // §3.3.2
		add(r, "snippet", sn);                    // §3.30.13
	}
	if (snippets && text && context_out && len <= OL_SARIF_MAX_SNIPPET) {
		json_object *c = json_object_new_object();
		json_object *sn = json_object_new_object();
		add(c, "startLine", json_object_new_int64(line));
		add(sn, "text", jtext(text, len));
		add(c, "snippet", sn);
		*context_out = c;
	}
	return r;
}

// §3.29 physicalLocation for `loc`; NULL when the file is unknown.
static json_object *physical_location(sarif_ctx *ctx, ol_loc loc,
				      bool snippets, bool need_region)
{
	json_object *p, *context = NULL;
	src_file *f;

	if (!loc.file)
		return NULL;
	f = cache_get(&ctx->files, loc.file);
	p = json_object_new_object();
	add(p, "artifactLocation", artifact_location(f)); // §3.29.3
	if (loc.line || need_region) {
		add(p, "region", region_of(f, loc, snippets, &context)); // §3.29.4
		if (context)
			add(p, "contextRegion", context); // §3.29.5
	}
	return p;
}

// §3.28 location; `id` > 0 gives it an id (§3.28.2) for message links;
// `id` < 0 marks a notice's location, which needs no region.
static json_object *location_of(sarif_ctx *ctx, ol_loc loc, const char *msg,
				int id, bool snippets)
{
	json_object *l = json_object_new_object();
	// A notice may name a file without a line: then there is no region.
	json_object *p = physical_location(ctx, loc, snippets, id >= 0);

	if (id > 0)
		add(l, "id", json_object_new_int(id));
	if (p)
		add(l, "physicalLocation", p); // §3.28.3
	if (msg)
		add(l, "message", message_escaped(msg)); // §3.28.5
	return l;
}

/* ------------------------------------------------------------------ */
/* tool.driver.rules                                                   */
/* ------------------------------------------------------------------ */

// The checks GitHub should treat as security results (SARIF-18) and their
// CVSS-like score: memory-safety bugs that a caller can often trigger.
static const char *security_severity(const char *name)
{
	if (strcmp(name, "use-after-release") == 0 ||
	    strcmp(name, "double-release") == 0)
		return "8.1";
	if (strcmp(name, "use-after-move") == 0)
		return "7.5";
	return NULL;
}

// §3.49.11 properties.precision (GitHub SARIF-16): checks that depend on
// whole-program facts (teardown, cycles, what a call may run) are "medium".
static const char *precision(const char *name)
{
	static const char *const medium[] = {
		"ownership-cycle", "owner-teardown-missing-release",
		"borrow-escapes", "borrow-across-invalidating-call",
	};
	for (size_t i = 0; i < sizeof medium / sizeof *medium; i++)
		if (strcmp(name, medium[i]) == 0)
			return "medium";
	return "high";
}

static const char *problem_severity(ol_level l)
{
	switch (l) {
	case OL_LEVEL_ERROR:
		return "error";
	case OL_LEVEL_WARNING:
		return "warning";
	default:
		return "recommendation";
	}
}

// "a handle is used ..." -> "A handle is used ...." as a sentence.
static char *sentence(const char *s)
{
	ol_strbuf b;

	ol_strbuf_init(&b);
	ol_strbuf_add(&b, s ? s : "");
	if (b.len && b.s[0] >= 'a' && b.s[0] <= 'z')
		b.s[0] = (char)(b.s[0] - 'a' + 'A');
	if (b.len && b.s[b.len - 1] != '.')
		ol_strbuf_addc(&b, '.');
	return ol_strbuf_detach(&b);
}

// The first prose paragraph of a rule page body (after the title), with
// lines joined by '\n'. Returns an owned string, or NULL when there is none.
static char *first_paragraph(const char *body)
{
	ol_strbuf b;

	if (!body)
		return NULL;
	ol_strbuf_init(&b);
	for (const char *p = body; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		bool blank = strspn(p, " \t\r") >= n;
		bool stop = p[0] == '#' || strncmp(p, "```", 3) == 0;
		if (b.len && (blank || stop))
			break;
		if (!blank && !stop) {
			if (b.len)
				ol_strbuf_addc(&b, '\n');
			while (n && p[n - 1] == '\r')
				n--;
			ol_strbuf_addn(&b, p, n);
		}
		p = e ? e + 1 : p + n;
	}
	if (b.len == 0) {
		ol_strbuf_free(&b);
		return NULL;
	}
	return ol_strbuf_detach(&b);
}

// Cuts `s` to at most `max` bytes on a UTF-8 boundary, ending in "...".
static void clip(char *s, size_t max)
{
	size_t n = strlen(s);
	if (n <= max)
		return;
	n = max - 3;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	memcpy(s + n, "...", 4);
}

// §3.49 reportingDescriptor for one row of checks.def.
static json_object *rule_of(const ol_check_info *ci)
{
	json_object *r = json_object_new_object();
	json_object *o, *props, *tags;
	char *name = pascal_case(ci->name);
	char *shortd = sentence(ci->help);
	char *body = ol_rule_page_body(ci->id); // rules/<ID>.md
	char *page = first_paragraph(body);
	char buf[64];
	ol_strbuf b;
	const char *sec = security_severity(ci->name);

	add(r, "id", jstr(ci->id));   // §3.49.3
	add(r, "name", jstr(name));   // §3.49.7
	o = json_object_new_object(); // §3.49.9
	add(o, "text", jstr(shortd));
	add(r, "shortDescription", o);

	// §3.49.10 fullDescription: the rule page's opening paragraph, joined
	// into one line, or the short description with its CWE.
	ol_strbuf_init(&b);
	if (page) {
		for (const char *p = page; *p; p++)
			ol_strbuf_addc(&b, *p == '\n' ? ' ' : *p);
	} else {
		ol_strbuf_printf(&b, "%s This is CWE-%d.", shortd, ci->cwe);
	}
	char *full = ol_strbuf_detach(&b);
	clip(full, OL_SARIF_MAX_DESCRIPTION);
	o = json_object_new_object();
	add(o, "text", jstr(full));
	add(r, "fullDescription", o);

	// §3.49.13 helpUri: the rule's documentation page.
	ol_strbuf_init(&b);
	ol_strbuf_printf(&b, "%s/blob/main/rules/%s.md",
			 OL_SARIF_INFORMATION_URI, ci->id);
	char *help_uri = ol_strbuf_detach(&b);
	add(r, "helpUri", jstr(help_uri));

	// §3.49.12 help: text and markdown (GitHub shows markdown when given).
	// The markdown is the whole rule page (what, why, the bad and the good
	// example, how to fix, limitations) without its front matter.
	o = json_object_new_object();
	add(o, "text", jstr(page ? full : shortd));
	ol_strbuf_init(&b);
	if (body && *body) {
		ol_strbuf_add(&b, body);
		while (b.len && b.s[b.len - 1] == '\n')
			b.s[--b.len] = 0;
		ol_strbuf_printf(&b, "\n\nSee [%s %s](%s).", ci->id, ci->name,
				 help_uri);
	} else {
		ol_strbuf_printf(&b, "%s\n\nSee [%s %s](%s).", shortd, ci->id,
				 ci->name, help_uri);
	}
	add(o, "markdown", jstr(ol_strbuf_str(&b)));
	ol_strbuf_free(&b);
	add(r, "help", o);

	// §3.49.14 defaultConfiguration (§3.50.3 level).
	o = json_object_new_object();
	add(o, "level", jstr(ol_level_name(ci->level)));
	add(r, "defaultConfiguration", o);

	// §3.49.15 properties (§3.8 property bag): GitHub's tags, precision,
	// problem.severity and, for security rules, security-severity.
	props = json_object_new_object();
	tags = json_object_new_array(); // §3.8.2 tags
	if (sec)
		json_object_array_add(tags, jstr("security"));
	json_object_array_add(tags, jstr("correctness"));
	json_object_array_add(tags, jstr("ownership"));
	snprintf(buf, sizeof buf, "external/cwe/cwe-%d", ci->cwe);
	json_object_array_add(tags, jstr(buf));
	add(props, "tags", tags);
	add(props, "precision", jstr(precision(ci->name)));
	add(props, "problem.severity", jstr(problem_severity(ci->level)));
	if (sec)
		add(props, "security-severity", jstr(sec));
	add(r, "properties", props);

	free(name);
	free(shortd);
	free(page);
	free(body);
	free(full);
	free(help_uri);
	return r;
}

// §3.19 toolComponent for the driver (§3.18.2).
static json_object *driver_of(const ol_emit_opts *o)
{
	json_object *d = json_object_new_object();
	json_object *rules = json_object_new_array();

	add(d, "name", jstr("mojo-ownlint"));                   // §3.19.8
	add(d, "version", jstr(o->tool_version && *o->tool_version
				       ? o->tool_version : OL_VERSION)); // §3.19.13
	add(d, "semanticVersion", jstr(OL_VERSION));             // §3.19.14
	add(d, "informationUri", jstr(OL_SARIF_INFORMATION_URI)); // §3.19.17
	for (int c = 0; c < OL_CHECK__COUNT; c++)
		json_object_array_add(rules,
			rule_of(ol_check_info_get((ol_check_id)c)));
	add(d, "rules", rules); // §3.19.23
	return d;
}

/* ------------------------------------------------------------------ */
/* results                                                             */
/* ------------------------------------------------------------------ */

// Counts of base fingerprints seen so far, to number identical ones.
typedef struct fp_counts {
	uint64_t *keys;
	unsigned *counts;
	size_t cap;
} fp_counts;

static unsigned fp_next_occurrence(fp_counts *t, uint64_t key)
{
	if (key == 0)
		key = 1; // 0 marks an empty slot
	size_t i = (size_t)key & (t->cap - 1);
	while (t->keys[i] && t->keys[i] != key)
		i = (i + 1) & (t->cap - 1);
	t->keys[i] = key;
	return ++t->counts[i];
}

// Hashes the text of line `line` of the file `path` with all white space
// removed (the statement, not where it sits); `fallback` when unreadable.
static uint64_t hash_statement(sarif_ctx *ctx, uint64_t h, const char *path,
			       unsigned line, const char *fallback)
{
	const char *text = NULL;
	size_t len = 0;

	if (path)
		text = file_line(cache_get(&ctx->files, path), line, &len);
	if (!text)
		return fnv1a_field(h, fallback);
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c != ' ' && c != '\t' && c != '\v' && c != '\f' && c != '\r')
			h = fnv1a(h, &c, 1);
	}
	return fnv1a(h, "", 1);
}

static const char *uri_of(sarif_ctx *ctx, const char *path)
{
	return path ? cache_get(&ctx->files, path)->uri : "";
}

// The fingerprint of `d` without its occurrence number (§3.27.17
// partialFingerprints). It hashes what identifies a finding in a way that
// survives unrelated edits, and line and column numbers never:
//   - a finding alone: the rule, the file (as its URI), the function, the
//     subject and the text of the reported statement;
//   - keyed by its acquisition (leaks, unchecked uses; diag/group.h): the
//     same, with the acquisition's statement, and 101 and 105 as one
//     rule, so the finding keeps its fingerprint whichever exits leak;
//   - keyed by a macro: the rule, the macro's file, its name, the subject
//     and the text of the spot in its body, whatever the expansions.
// When a line cannot be read, the message stands in for the statement.
static uint64_t fingerprint_base(sarif_ctx *ctx, const ol_diag *d)
{
	uint64_t h = FNV_OFFSET;
	const char *rule = ol_check_info_get(d->check)->id;

	switch (d->key_kind) {
	case OL_KEY_MACRO:
		h = fnv1a_field(h, "macro");
		h = fnv1a_field(h, rule);
		h = fnv1a_field(h, uri_of(ctx, d->key_loc.file));
		h = fnv1a_field(h, d->macro);
		h = fnv1a_field(h, d->subject);
		return hash_statement(ctx, h, d->key_loc.file, d->key_loc.line,
				      d->msg);
	case OL_KEY_ACQUISITION:
		h = fnv1a_field(h, "acquisition");
		h = fnv1a_field(h, d->check == OL_CHECK_OWN_LEAK ||
				   d->check == OL_CHECK_OWN_LEAK_ON_ERROR
				   ? "leak" : rule);
		h = fnv1a_field(h, uri_of(ctx, d->key_loc.file));
		h = fnv1a_field(h, d->func);
		h = fnv1a_field(h, d->subject);
		return hash_statement(ctx, h, d->key_loc.file, d->key_loc.line,
				      d->msg);
	case OL_KEY_SELF:
		break;
	}
	h = fnv1a_field(h, rule);
	h = fnv1a_field(h, uri_of(ctx, d->loc.file));
	h = fnv1a_field(h, d->func);
	h = fnv1a_field(h, d->subject);
	return hash_statement(ctx, h, d->loc.file, d->loc.line, d->msg);
}

// The final fingerprint of every finding of the sink, in sink order: the
// base hash and its occurrence number among equal bases (1, 2, ...), so
// two identical statements in one function stay apart. Suppressed findings
// are numbered too. Returns an owned array.
static uint64_t *fingerprints(sarif_ctx *ctx)
{
	size_t n = ol_diag_sink_count(ctx->sink);
	uint64_t *out = ol_xcalloc(n ? n : 1, sizeof(*out));
	fp_counts fp;

	fp.cap = 64;
	while (fp.cap < n * 2)
		fp.cap *= 2;
	fp.keys = ol_xcalloc(fp.cap, sizeof(*fp.keys));
	fp.counts = ol_xcalloc(fp.cap, sizeof(*fp.counts));
	for (size_t i = 0; i < n; i++) {
		const ol_diag *d = ol_diag_sink_get(ctx->sink, i);
		OL_ASSERT(d->check >= 0 && d->check < OL_CHECK__COUNT);
		uint64_t base = fingerprint_base(ctx, d);
		char num[16];
		snprintf(num, sizeof num, "%u", fp_next_occurrence(&fp, base));
		out[i] = fnv1a_field(base, num);
	}
	free(fp.keys);
	free(fp.counts);
	return out;
}

ol_fingerprint *ol_emit_fingerprints(const ol_diag_sink *s,
				     const char *srcroot)
{
	sarif_ctx ctx = {.sink = s};
	size_t n = ol_diag_sink_count(s);
	ol_fingerprint *out = ol_xcalloc(n ? n : 1, sizeof(*out));
	uint64_t *h;

	cache_init(&ctx.files, srcroot);
	h = fingerprints(&ctx);
	for (size_t i = 0; i < n; i++)
		snprintf(out[i].hex, sizeof out[i].hex, "%016llx",
			 (unsigned long long)h[i]);
	free(h);
	cache_free(&ctx.files);
	return out;
}

// §3.27.11 message.text: the finding's message as a sentence, linking the
// first path event (relatedLocations id 1, §3.11.6 embedded links).
static json_object *result_message(const ol_diag *d)
{
	ol_strbuf b;
	json_object *m;

	ol_strbuf_init(&b);
	add_message_text(&b, d->msg && *d->msg ? d->msg
			 : ol_check_info_get(d->check)->help);
	if (d->nevents > 0)
		ol_strbuf_add(&b, " ([acquired here](1))");
	if (b.len && b.s[b.len - 1] != '.')
		ol_strbuf_addc(&b, '.');
	m = message_of(ol_strbuf_str(&b));
	ol_strbuf_free(&b);
	return m;
}

// §3.25 threadFlowLocation for event `i` (0-based) of `d`.
static json_object *flow_step(sarif_ctx *ctx, const ol_diag *d, size_t i)
{
	json_object *s = json_object_new_object();
	const ol_event *ev = &d->events[i];

	add(s, "location", location_of(ctx, ev->loc, ev->msg, 0, false)); // §3.38.3
	add(s, "nestingLevel", json_object_new_int(0));                  // §3.38.10
	add(s, "executionOrder", json_object_new_int64((int64_t)i + 1)); // §3.38.11
	return s;
}

// §3.36 codeFlow holding one §3.37 threadFlow with the path events. Paths
// longer than OL_SARIF_MAX_FLOW_STEPS keep their first steps and the last
// one (where the problem shows), and say so in the codeFlow's message.
static json_object *code_flow(sarif_ctx *ctx, const ol_diag *d)
{
	json_object *cf = json_object_new_object();
	json_object *tfs = json_object_new_array();
	json_object *tf = json_object_new_object();
	json_object *steps = json_object_new_array();
	size_t n = d->nevents;

	if (n > OL_SARIF_MAX_FLOW_STEPS) {
		char buf[160];
		snprintf(buf, sizeof buf, "Path shortened: %d of %zu steps shown "
			 "(the first %d and the last).", OL_SARIF_MAX_FLOW_STEPS,
			 n, OL_SARIF_MAX_FLOW_STEPS - 1);
		add(cf, "message", message_of(buf)); // §3.36.2
		for (size_t i = 0; i + 1 < OL_SARIF_MAX_FLOW_STEPS; i++)
			json_object_array_add(steps, flow_step(ctx, d, i));
		json_object_array_add(steps, flow_step(ctx, d, n - 1));
	} else {
		for (size_t i = 0; i < n; i++)
			json_object_array_add(steps, flow_step(ctx, d, i));
	}
	add(tf, "locations", steps); // §3.37.6
	json_object_array_add(tfs, tf);
	add(cf, "threadFlows", tfs); // §3.36.3
	return cf;
}

// §3.27 result for `d`; `fingerprint` is the final hash.
static json_object *result_of(sarif_ctx *ctx, const ol_diag *d,
			      uint64_t fingerprint)
{
	json_object *r = json_object_new_object();
	json_object *locs = json_object_new_array();
	json_object *loc, *o;
	char buf[32];

	add(r, "ruleId", jstr(ol_check_info_get(d->check)->id)); // §3.27.5
	add(r, "ruleIndex", json_object_new_int((int)d->check));  // §3.27.6
	add(r, "level", jstr(ol_level_name(d->level)));           // §3.27.10
	add(r, "message", result_message(d));                      // §3.27.11

	// §3.27.12 locations: exactly one, the primary (GitHub uses only [0]).
	loc = location_of(ctx, d->loc, NULL, 0, true);
	if (d->func && *d->func) {
		json_object *ll = json_object_new_array();
		json_object *l = json_object_new_object();
		add(l, "name", jstr(d->func));        // §3.33.4
		add(l, "kind", jstr("function"));     // §3.33.7
		json_object_array_add(ll, l);
		add(loc, "logicalLocations", ll);     // §3.28.4
	}
	json_object_array_add(locs, loc);
	add(r, "locations", locs);

	// §3.27.22 relatedLocations: id 1 is the first event; ids 2, 3, ...
	// the other sites of a grouped finding (diag/group.h), at most
	// GitHub's 1,000 locations per result.
	if (d->nevents > 0 || d->nrelated > 0) {
		o = json_object_new_array();
		if (d->nevents > 0)
			json_object_array_add(o, location_of(ctx,
				d->events[0].loc, d->events[0].msg, 1, false));
		for (size_t k = 0; k < d->nrelated &&
				   k + 1 < OL_SARIF_MAX_LOCATIONS; k++)
			json_object_array_add(o, location_of(ctx,
				d->related[k].loc, d->related[k].msg,
				(int)k + 2, false));
		add(r, "relatedLocations", o);
	}
	if (d->nevents > 0) {
		// §3.27.18 codeFlows.
		o = json_object_new_array();
		json_object_array_add(o, code_flow(ctx, d));
		add(r, "codeFlows", o);
	}

	// §3.27.17 partialFingerprints.
	o = json_object_new_object();
	snprintf(buf, sizeof buf, "%016llx", (unsigned long long)fingerprint);
	add(o, OL_SARIF_FINGERPRINT_KEY, jstr(buf));
	add(r, "partialFingerprints", o);

	// §3.27.23 suppressions: only when asked for suppressed results; an
	// empty array then says "not suppressed".
	if (ctx->o->include_suppressed) {
		o = json_object_new_array();
		if (d->suppressed) {
			// §3.35.2 kind: a NOLINT comment is "inSource", the
			// --baseline file "external"; §3.35.5 justification.
			json_object *s = json_object_new_object();
			add(s, "kind", jstr(d->baselined ? "external"
							 : "inSource"));
			if (d->justification && *d->justification)
				add(s, "justification", jstr(d->justification));
			json_object_array_add(o, s);
		}
		add(r, "suppressions", o);
	}

	// §3.27.31 properties: the resource kind, and how many sites a
	// grouped finding stands for.
	o = json_object_new_object();
	if (d->resource && *d->resource)
		add(o, "resourceKind", jstr(d->resource));
	if (d->group_size > 1)
		add(o, "groupSize", json_object_new_int64((int64_t)d->group_size));
	if (json_object_object_length(o))
		add(r, "properties", o);
	else
		json_object_put(o);
	return r;
}

// §3.58 notification for a sink notice.
static json_object *notification_of(sarif_ctx *ctx, const ol_notice *n)
{
	json_object *j = json_object_new_object();
	json_object *o;

	add(j, "level", jstr(ol_level_name(n->level))); // §3.58.6
	add(j, "message", message_of(n->msg));        // §3.58.5
	if (n->loc.file) {                              // §3.58.4
		o = json_object_new_array();
		json_object_array_add(o, location_of(ctx, n->loc, NULL, -1,
						     false));
		add(j, "locations", o);
	}
	if (n->kind && *n->kind) {                      // §3.58.3, §3.52
		o = json_object_new_object();
		add(o, "id", jstr(n->kind));
		add(j, "descriptor", o);
	}
	return j;
}

// Quotes `s` for a POSIX shell when it needs it (commandLine, §3.20.2).
static void add_shell_word(ol_strbuf *b, const char *s)
{
	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789-_./=:,+@%") == strlen(s)) {
		ol_strbuf_add(b, s);
		return;
	}
	ol_strbuf_addc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			ol_strbuf_add(b, "'\\''");
		else
			ol_strbuf_addc(b, *s);
	}
	ol_strbuf_addc(b, '\'');
}

// "file:///abs/dir/" for an absolute directory (§3.14.14 originalUriBaseIds
// need an absolute URI ending in '/').
static char *dir_uri(const char *abs)
{
	ol_strbuf b;

	ol_strbuf_init(&b);
	ol_strbuf_add(&b, "file://");
	ol_path_add_uri(&b, abs);
	if (b.s[b.len - 1] != '/')
		ol_strbuf_addc(&b, '/');
	return ol_strbuf_detach(&b);
}

// §3.20 invocation: how the tool ran and what went wrong along the way.
static json_object *invocation_of(sarif_ctx *ctx, size_t dropped)
{
	const ol_emit_opts *o = ctx->o;
	json_object *inv = json_object_new_object();
	json_object *notes = json_object_new_array();
	json_object *j;

	if (o->argv && o->argc > 0) {
		ol_strbuf b;
		ol_strbuf_init(&b);
		j = json_object_new_array();
		for (int i = 0; i < o->argc && o->argv[i]; i++) {
			if (i)
				ol_strbuf_addc(&b, ' ');
			add_shell_word(&b, o->argv[i]);
			if (i > 0)
				json_object_array_add(j, jstr(o->argv[i]));
		}
		add(inv, "commandLine", jstr(ol_strbuf_str(&b))); // §3.20.2
		add(inv, "arguments", j);                         // §3.20.3
		ol_strbuf_free(&b);
	}
	add(inv, "executionSuccessful",
	    json_object_new_boolean(o->execution_successful)); // §3.20.14

	// §3.20.21 toolExecutionNotifications: notices, then our own.
	for (size_t i = 0; i < ol_diag_sink_notice_count(ctx->sink); i++)
		json_object_array_add(notes, notification_of(ctx,
			ol_diag_sink_notice_get(ctx->sink, i)));
	if (dropped > 0) {
		char buf[200];
		json_object *n = json_object_new_object();
		snprintf(buf, sizeof buf, "%zu results were left out: GitHub code "
			 "scanning accepts at most %d results per run.", dropped,
			 OL_SARIF_MAX_RESULTS);
		add(n, "level", jstr("warning"));
		add(n, "message", message_of(buf));
		j = json_object_new_object();
		add(j, "id", jstr("result-limit"));
		add(n, "descriptor", j);
		json_object_array_add(notes, n);
	}
	if (json_object_array_length(notes) > 0)
		add(inv, "toolExecutionNotifications", notes);
	else
		json_object_put(notes);

	// §3.20.19 workingDirectory: lets consumers resolve absolute URIs.
	j = json_object_new_object();
	char *cwd = dir_uri(ctx->files.cwd);
	add(j, "uri", jstr(cwd));
	free(cwd);
	add(inv, "workingDirectory", j);
	return inv;
}

// The findings the log lists (suppressed ones only when asked), and
// how many of them are left out past GitHub's limit.
static size_t results_dropped(const sarif_ctx *ctx)
{
	size_t listed = 0;
	for (size_t i = 0; i < ol_diag_sink_count(ctx->sink); i++) {
		const ol_diag *d = ol_diag_sink_get(ctx->sink, i);
		listed += !d->suppressed || ctx->o->include_suppressed;
	}
	return listed > OL_SARIF_MAX_RESULTS ? listed - OL_SARIF_MAX_RESULTS
					     : 0;
}

// The whole log but its results (an empty array, last in the document:
// ol_emit_sarif streams them into it).
static json_object *build_log(sarif_ctx *ctx, size_t dropped)
{
	const ol_emit_opts *o = ctx->o;
	json_object *log = json_object_new_object();
	json_object *runs = json_object_new_array();
	json_object *run = json_object_new_object();
	json_object *results = json_object_new_array();
	json_object *j, *k;

	add(log, "$schema", jstr(OL_SARIF_SCHEMA_URI)); // §3.13.3
	add(log, "version", jstr("2.1.0"));             // §3.13.2

	j = json_object_new_object();
	add(j, "driver", driver_of(o)); // §3.18.2
	add(run, "tool", j);            // §3.14.6

	// §3.14.20 automationDetails (§3.17.2 id = "category/"), only on request.
	if (o->category && *o->category) {
		ol_strbuf b;
		ol_strbuf_init(&b);
		ol_strbuf_add(&b, o->category);
		if (b.s[b.len - 1] != '/')
			ol_strbuf_addc(&b, '/');
		j = json_object_new_object();
		add(j, "id", jstr(ol_strbuf_str(&b)));
		add(run, "automationDetails", j);
		ol_strbuf_free(&b);
	}

	// §3.14.14 originalUriBaseIds: %SRCROOT% = the source root.
	j = json_object_new_object();
	k = json_object_new_object();
	char *root = dir_uri(ctx->files.root);
	add(k, "uri", jstr(root));
	free(root);
	add(j, OL_SARIF_SRCROOT, k);
	add(run, "originalUriBaseIds", j);

	j = json_object_new_array();
	json_object_array_add(j, invocation_of(ctx, dropped));
	add(run, "invocations", j); // §3.14.11

	add(run, "columnKind", jstr("utf16CodeUnits")); // §3.14.17
	add(run, "results", results);                   // §3.14.23

	json_object_array_add(runs, run);
	add(log, "runs", runs); // §3.13.4: exactly one run (SARIF-03)
	return log;
}

// Two-space indentation, "key": value, '/' unescaped (URIs stay legible).
#define SARIF_JSON_FLAGS                                                    \
	(JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |                \
	 JSON_C_TO_STRING_NOSLASHESCAPE)
// json-c's depth of a result in the log (log, runs, run, results, result)
// and of the results array.
#define SARIF_RESULT_LEVEL 4

static void put_indent(FILE *out, int level)
{
	for (int i = 0; i < level * 2; i++)
		fputc(' ', out);
}

// Writes one result as json-c would inside the document: serialized
// alone (level 0), every line after the first shifted by the depth it
// has there. JSON strings hold no raw newline, so each '\n' of the text
// is json-c's own, followed by its indentation.
static void put_result(FILE *out, json_object *r)
{
	const char *text = json_object_to_json_string_ext(r, SARIF_JSON_FLAGS);
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
		fwrite(p, 1, n, out);
		if (nl)
			put_indent(out, SARIF_RESULT_LEVEL);
		p += n;
	}
}

// The log is written as it is built: everything but the results (small)
// as one json-c document, cut where its empty results array opens; then
// each result, built, written and freed in turn; then the document's
// end. The bytes are those json-c writes for the whole document at once,
// while memory holds one result at a time instead of them all.
int ol_emit_sarif(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o)
{
	sarif_ctx ctx;
	int error = OL_OK;

	OL_ASSERT(out && s && o);
	ctx.sink = s;
	ctx.o = o;
	cache_init(&ctx.files, o->srcroot);
	json_object *log = build_log(&ctx, results_dropped(&ctx));
	const char *text = json_object_to_json_string_ext(log,
							  SARIF_JSON_FLAGS);
	// The results array is the log's last: "results": [ then a newline,
	// and its end is indented one level less than its items.
	static const char key[] = "\"results\": [\n";
	const char *cut = NULL;
	for (const char *p = text; p && (p = strstr(p, key)); p++)
		cut = p;
	OL_ASSERT(cut);
	cut += sizeof key - 1;
	fwrite(text, 1, (size_t)(cut - text), out);

	// Results in the sink's order (sorted by location and check). Every
	// finding, suppressed or not, takes an occurrence number, so
	// --include-suppressed does not change the other fingerprints.
	uint64_t *fps = fingerprints(&ctx);
	size_t emitted = 0;
	for (size_t i = 0; i < ol_diag_sink_count(s); i++) {
		const ol_diag *d = ol_diag_sink_get(s, i);
		if ((d->suppressed && !o->include_suppressed) ||
		    emitted == OL_SARIF_MAX_RESULTS)
			continue;
		json_object *r = result_of(&ctx, d, fps[i]);
		if (emitted++)
			fputs(",\n", out);
		put_indent(out, SARIF_RESULT_LEVEL);
		put_result(out, r);
		json_object_put(r);
	}
	free(fps);
	if (emitted)
		fputc('\n', out);
	if (fputs(cut, out) == EOF || fputc('\n', out) == EOF ||
	    fflush(out) == EOF || ferror(out))
		error = ol_error_set(OL_EIO, "cannot write the SARIF output");
	json_object_put(log);
	cache_free(&ctx.files);
	return error;
}
