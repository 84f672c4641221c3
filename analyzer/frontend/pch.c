/*
 * pch.c — parse the shared prefix of a project's files once.
 *
 * Nearly all of the parse of a C extension is `#include "Python.h"`: the
 * same tens of thousands of lines for every file. So a worker keeps, per
 * distinct prefix and compiler command line, a precompiled header (PCH)
 * of that prefix, built the first time a file needs it, and parses each
 * file with `-include-pch`. The file itself is parsed whole as before:
 * its own copy of the prefix re-defines the same macros identically, and
 * the headers' include guards make their second inclusion empty.
 *
 * What counts as the prefix must be exactly what the file says before and
 * including its `#include` of Python.h: a file that `#define`s
 * PY_SSIZE_T_CLEAN or Py_BUILD_CORE_MODULE first gets a PCH with those
 * definitions, and one that does not gets another. So the key is the
 * prefix's text, byte for byte, with every compiler argument. The prefix
 * may hold only blank lines, comments, and the directives `#define`,
 * `#undef`, `#if`..`#endif` (balanced) and `#include`; anything else
 * before Python.h (a declaration, a `#pragma`, a line continuation), a
 * conditional Python.h, or a quoted include that the file's own folder
 * could answer (the PCH is built elsewhere, where "x.h" would find the -I
 * folders' x.h instead) means no PCH for that file: it is parsed as
 * before. So does a prefix that does not compile cleanly on its own.
 *
 * Only C files use it (C++ and CUDA add their own preludes). The files a
 * PCH read are reported as the file's inclusions (the cache's key needs
 * them: libclang does not list what came from a PCH).
 *
 * Files parsed with a PCH use an index (tu.c) that leaves a PCH's
 * declarations out of the walks over the translation unit
 * (clang_createIndex's excludeDeclarationsFromPCH):
 * the walks see the file's own declarations, as the engine needs, without
 * deserializing all of Python.h's. So --header-filter, which asks for
 * header functions, turns the PCH off (tu.c).
 *
 * What it buys (the 95 top-level C files of CPython 3.11 Modules/, -j1,
 * user CPU): 8.8 s without, 5.8 s with. A PCH is built for a prefix that
 * three files share (3 prefixes are shared by 66 of the 95 files; building
 * for two cost more than it saved): for the third file with it, or, when
 * run.c counted the run's files first (ol_pch_counts: those the cache
 * will not give), for the first. The run takes its largest files first,
 * and they were the ones parsed without: foresight moves 10 of CPython's
 * files (posixmodule.c, _pickle.c, itertoolsmodule.c, ...) onto a PCH,
 * their parses from 1.24 s to 0.87 s of CPU. Skipping the headers' function bodies in the
 * PCH (CXTranslationUnit_SkipFunctionBodies) bought under 3 %, within
 * the noise: not done.
 *
 * A prefix no other file shares may still be a shared one plus
 * definitions the shared one's headers never mention: `_csv.c` defines
 * MODULE_VERSION before Python.h, `_ssl.c` sets OPENSSL_API_COMPAT in an
 * `#ifndef` of its own. Such a file uses the shared prefix's PCH: the
 * file is parsed whole after the PCH, so its own definitions still come
 * before its own code, and no header of the PCH could have read them
 * before (a name that appears nowhere in the texts the PCH read, or in
 * the shared prefix, cannot change how they parse). The lines dropped must
 * be `#define`/`#undef` of such names, or whole `#if` groups of them whose
 * conditions name nothing else; every other line must be the shared
 * prefix's, in its order, with the same arguments. This moves 4 of the 23
 * files of CPython's Modules/ that had no PCH (_csv, _datetime, _ssl,
 * _hashopenssl) onto one. Of the other 19, 9 define names the headers
 * test (NEEDS_PY_IDENTIFIER, Py_LIMITED_API, NDEBUG, _GNU_SOURCE) in a
 * combination fewer than three files share, 6 have code before Python.h
 * or do not include it themselves, 3 spell it `<Python.h>` (another
 * prefix text), and _tkinter has the common definitions in another order.
 *
 * The PCH files live in a folder of $TMPDIR made on the first need and
 * removed with the worker; with the facts cache, in the cache directory,
 * where they stay for later runs (pch_keep.c): a prefix whose PCH is kept
 * there is parsed with it whatever the count of the run's files, so an
 * edit loop served by the cache but for one file parses that one with it.
 */
#include "pch.h"
#include "pch_keep.h"
#include "../base/arena.h"
#include "../base/serial.h"
#include "../base/strbuf.h"
#include "../base/strmap.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// The PCH of a prefix is built for the third file that has it.
#define BUILD_AT_FILE 3

// A set of identifiers, as pointers into texts that outlive it (open
// addressing on the name; NULL name = empty).
typedef struct ident_set {
	struct ident { const char *s; size_t n; } *tab;
	size_t cap, len;
} ident_set;

typedef struct pch_entry {
	char *key;   // prefix text, then the arguments, NUL-separated
	size_t klen;
	char *digest; // the key's hash and length, printable (the map's key)
	ol_pch pch;  // pch.path NULL until built or when it failed
	unsigned seen; // files with this prefix so far
	bool tried;  // the build was attempted
	ident_set names; // what its texts name (built on first need)
	bool named;      // `names` was built
	bool kept;       // its files are the cache's (pch_keep.h): they stay
} pch_entry;

struct ol_pch_cache {
	char *dir; // the PCHs' folder, NULL until the first is built
	char *keep; // the folder of the PCHs kept for later runs, or NULL
	OL_VEC(pch_entry) entries;
	ol_strmap by_key; // key -> index in entries
	unsigned built;
};

ol_pch_cache *ol_pch_cache_new(void)
{
	return ol_xcalloc(1, sizeof(ol_pch_cache));
}

void ol_pch_cache_keep_in(ol_pch_cache *pc, const char *dir)
{
	free(pc->keep);
	pc->keep = dir ? ol_xstrdup(dir) : NULL;
}

void ol_pch_cache_free(ol_pch_cache *pc)
{
	if (!pc)
		return;
	ol_cfg_pch_forget(); // (its index points into the texts)
	for (size_t i = 0; i < pc->entries.len; i++) {
		pch_entry *e = &pc->entries.items[i];
		if (e->pch.path) {
			if (!e->kept)
				unlink(e->pch.path);
			free(e->pch.path);
		}
		for (size_t k = 0; k < e->pch.reads.len; k++)
			free(e->pch.reads.items[k]);
		OL_VEC_FREE(&e->pch.reads);
		for (size_t k = 0; k < e->pch.texts.len; k++)
			free((char *)e->pch.texts.items[k].text);
		OL_VEC_FREE(&e->pch.texts);
		free(e->key);
		free(e->digest);
		free(e->names.tab);
	}
	for (unsigned i = 0; pc->dir && i < pc->built; i++) {
		char h[PATH_MAX];
		snprintf(h, sizeof h, "%s/prefix-%u.h", pc->dir, i);
		unlink(h);
	}
	if (pc->dir) {
		rmdir(pc->dir);
		free(pc->dir);
	}
	free(pc->keep);
	OL_VEC_FREE(&pc->entries);
	ol_strmap_free(&pc->by_key);
	free(pc);
}

/* ------------------------------------------------------------------ */
/* The prefix: what the file says up to its #include of Python.h.      */

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
			   *p == '\f' || *p == '\v'))
		p++;
	return p;
}

// Past a comment at `p` (or `p` itself when none starts there); NULL for
// an unterminated one.
static const char *skip_comment(const char *p, const char *end)
{
	if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
		while (p < end && *p != '\n')
			p++;
		return p;
	}
	if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
		for (p += 2; end - p >= 2; p++)
			if (p[0] == '*' && p[1] == '/')
				return p + 2;
		return NULL;
	}
	return p;
}

static bool is_ident_start(char ch)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static bool is_ident_char(char ch)
{
	return is_ident_start(ch) || (ch >= '0' && ch <= '9');
}

static bool word_is(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(end - p) >= n && !strncmp(p, w, n) &&
	       (p + n == end || !is_ident_char(p[n]));
}

// Whether the folder of `file` has a file `name` (a quoted include would
// find it there first).
static bool next_to(const char *file, const char *name, size_t n)
{
	const char *slash = strrchr(file, '/');
	char path[PATH_MAX];
	int len = slash ? snprintf(path, sizeof path, "%.*s/%.*s",
				   (int)(slash - file), file, (int)n, name)
			: snprintf(path, sizeof path, "%.*s", (int)n, name);
	struct stat st;
	return len > 0 && (size_t)len < sizeof path && stat(path, &st) == 0;
}

// Appends directive line [p, eol) to `out` without its comments, blanks
// collapsed; false when a comment runs past the line.
static bool add_directive(ol_strbuf *out, const char *p, const char *eol)
{
	bool blank = false;
	while (p < eol) {
		const char *q = skip_comment(p, eol);
		if (!q)
			return false;
		if (q != p || *p == ' ' || *p == '\t' || *p == '\r' ||
		    *p == '\f' || *p == '\v') {
			blank = true;
			p = q != p ? q : p + 1;
			continue;
		}
		if (blank && out->len && out->s[out->len - 1] != '\n')
			ol_strbuf_addc(out, ' ');
		blank = false;
		if (*p == '"' || *p == '\'') { // a literal: as it is
			const char *e = memchr(p + 1, *p, (size_t)(eol - p - 1));
			if (!e)
				return false;
			ol_strbuf_addn(out, p, (size_t)(e + 1 - p));
			p = e + 1;
			continue;
		}
		ol_strbuf_addc(out, *p++);
	}
	ol_strbuf_addc(out, '\n');
	return true;
}

// The shareable prefix of `text` (see above) as its directives alone, one
// a line, comments and extra blanks left out, into `out`; false when the
// file has none.
static bool shared_prefix(const char *file, const char *text, size_t len,
			  ol_strbuf *out)
{
	const char *p = text, *end = text + len;
	int depth = 0;
	while (p < end) {
		p = skip_blanks(p, end);
		if (p < end && *p == '\n') {
			p++;
			continue;
		}
		const char *q = skip_comment(p, end);
		if (!q)
			return false;
		if (q != p) {
			p = q;
			continue;
		}
		if (p >= end || *p != '#')
			return false; // code before Python.h
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (eol > p && eol[-1] == '\\')
			return false; // a continued line: keep it simple
		const char *d = skip_blanks(p + 1, eol);
		if (word_is(d, eol, "if") || word_is(d, eol, "ifdef") ||
		    word_is(d, eol, "ifndef")) {
			depth++;
		} else if (word_is(d, eol, "endif")) {
			if (--depth < 0)
				return false;
		} else if (word_is(d, eol, "include")) {
			const char *n = skip_blanks(d + 7, eol);
			char close = n < eol && *n == '"' ? '"'
				   : n < eol && *n == '<' ? '>' : 0;
			const char *ne = close ? memchr(n + 1, close,
						       (size_t)(eol - n - 1))
					       : NULL;
			if (!ne)
				return false; // a macro include: no
			const char *name = n + 1;
			size_t nlen = (size_t)(ne - name);
			const char *base = name;
			for (const char *s = name; s < ne; s++)
				if (*s == '/')
					base = s + 1;
			if (close == '"' && next_to(file, name, nlen))
				return false;
			if (!add_directive(out, p, eol))
				return false;
			if ((size_t)(ne - base) == 8 &&
			    !strncmp(base, "Python.h", 8))
				return depth == 0;
			p = eol;
			continue;
		} else if (!word_is(d, eol, "define") &&
			   !word_is(d, eol, "undef") &&
			   !word_is(d, eol, "elif") &&
			   !word_is(d, eol, "else")) {
			return false;
		}
		if (!add_directive(out, p, eol))
			return false;
		p = eol;
	}
	return false;
}

// The file's first 64 KiB (malloc'd, `*len` set), or NULL.
static char *read_head(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = ol_xmalloc(65536 + 1);
	*len = fread(buf, 1, 65536, f);
	fclose(f);
	buf[*len] = 0;
	return buf;
}

/* ------------------------------------------------------------------ */

void ol_pch_add_path(ol_tu_paths *v, CXFile file)
{
	CXString s = clang_getFileName(file);
	const char *name = clang_getCString(s);
	if (name) {
		char real[PATH_MAX];
		OL_VEC_PUSH(v, ol_xstrdup(realpath(name, real) ? real : name));
	}
	clang_disposeString(s);
}

static void add_read(CXFile file, CXSourceLocation *stack, unsigned n,
		     CXClientData data)
{
	(void)stack;
	if (n) // (not the prefix itself)
		ol_pch_add_path(data, file);
}

// The whole of file `path` (malloc'd), or NULL.
static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	ol_strbuf b;
	ol_strbuf_init(&b);
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		ol_strbuf_addn(&b, chunk, n);
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		ol_strbuf_free(&b);
		return NULL;
	}
	*len = b.len;
	return ol_strbuf_detach(&b);
}

// The texts of out->reads, into out->texts.
static void read_texts(ol_pch *out)
{
	for (size_t i = 0; i < out->reads.len; i++) {
		ol_cfg_text t = {NULL, 0};
		t.text = read_all(out->reads.items[i], &t.len);
		OL_VEC_PUSH(&out->texts, t);
	}
}

// Builds the PCH of `prefix` into a new file of the cache's folder, or
// into `kept`'s files: fills `out` (its path stays NULL when that failed).
static void build(ol_pch_cache *pc, CXIndex index, const char *prefix,
		  size_t plen, const char *const *args, size_t nargs,
		  const ol_pch_kept *kept, ol_pch *out)
{
	char temp_header[PATH_MAX], temp_pch[PATH_MAX];
	const char *header = temp_header, *pchfile = temp_pch;
	if (kept) {
		if (!ol_pch_kept_header(kept, prefix, plen))
			return;
		header = kept->header;
		pchfile = kept->temp;
	} else if (!pc->dir) {
		const char *tmp = getenv("TMPDIR");
		char tmpl[PATH_MAX];
		snprintf(tmpl, sizeof tmpl, "%s/mojo-ownlint-pch.XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(tmpl))
			return;
		pc->dir = ol_xstrdup(tmpl);
	}
	if (!kept) {
		// (The header stays while its PCH is used: clang checks that
		// the files a PCH was built from are still there, unchanged.)
		snprintf(temp_header, sizeof temp_header, "%s/prefix-%u.h",
			 pc->dir, pc->built);
		snprintf(temp_pch, sizeof temp_pch, "%s/prefix-%u.pch",
			 pc->dir, pc->built++);
		FILE *f = fopen(header, "wb");
		if (!f)
			return;
		bool wrote = fwrite(prefix, 1, plen, f) == plen;
		if (fclose(f) != 0 || !wrote)
			return;
	}
	const char **hargs = ol_xmalloc(sizeof(char *) * (nargs + 2));
	memcpy(hargs, args, sizeof(char *) * nargs);
	hargs[nargs] = "-x";
	hargs[nargs + 1] = "c-header";
	CXTranslationUnit tu = NULL;
	unsigned flags = CXTranslationUnit_ForSerialization |
			 CXTranslationUnit_Incomplete;
	enum CXErrorCode err = clang_parseTranslationUnit2(
		index, header, hargs, (int)nargs + 2, NULL, 0, flags, &tu);
	free(hargs);
	bool clean = err == CXError_Success && tu;
	for (unsigned i = 0, n = clean ? clang_getNumDiagnostics(tu) : 0;
	     i < n && clean; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		clean = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	if (clean && clang_saveTranslationUnit(tu, pchfile, 0) ==
			     CXSaveError_None) {
		clang_getInclusions(tu, add_read, &out->reads);
		if (!kept || ol_pch_kept_commit(kept, &out->reads)) {
			out->path = ol_xstrdup(kept ? kept->pch : pchfile);
			read_texts(out);
		} else {
			for (size_t i = 0; i < out->reads.len; i++)
				free(out->reads.items[i]);
			out->reads.len = 0;
		}
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	if (!out->path && !kept)
		unlink(header);
}

// The key of `file`'s prefix with these arguments (the prefix's
// directives, a NUL, the arguments each with its NUL) into `key`, the
// prefix's length into *plen and a printable digest of the key into
// `digest`; false when the file has no prefix to share.
static bool prefix_key(const char *file, const char *const *args,
		       size_t nargs, ol_strbuf *key, size_t *plen,
		       char digest[48])
{
	size_t len = 0;
	char *text = read_head(file, &len);
	if (!text)
		return false;
	ol_strbuf_init(key);
	bool shared = shared_prefix(file, text, len, key);
	free(text);
	if (!shared) {
		ol_strbuf_free(key);
		return false;
	}
	*plen = key->len;
	ol_strbuf_addc(key, 0);
	for (size_t i = 0; i < nargs; i++)
		ol_strbuf_addn(key, args[i], strlen(args[i]) + 1);
	snprintf(digest, 48, "%016llx-%zu",
		 (unsigned long long)ol_hash_bytes(OL_HASH_INIT, key->s,
						   key->len),
		 key->len);
	return true;
}

/* ------------------------------------------------------------------ */
/* Foresight: how many of the run's files share each prefix.           */

struct ol_pch_counts {
	OL_VEC(char *) digests; // owned; the map's keys
	OL_VEC(unsigned) counts;
	OL_VEC(char *) keys;    // owned; each digest's prefix key
	OL_VEC(size_t) klens;
	ol_strmap at;           // digest -> index
};

ol_pch_counts *ol_pch_counts_new(void)
{
	return ol_xcalloc(1, sizeof(ol_pch_counts));
}

void ol_pch_counts_free(ol_pch_counts *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->digests.len; i++) {
		free(c->digests.items[i]);
		free(c->keys.items[i]);
	}
	OL_VEC_FREE(&c->digests);
	OL_VEC_FREE(&c->keys);
	OL_VEC_FREE(&c->klens);
	OL_VEC_FREE(&c->counts);
	ol_strmap_free(&c->at);
	free(c);
}

void ol_pch_count(ol_pch_counts *c, const char *file,
		  const char *const *args, size_t nargs)
{
	ol_strbuf key;
	size_t plen, at;
	char digest[48];
	if (!prefix_key(file, args, nargs, &key, &plen, digest))
		return;
	if (ol_strmap_get(&c->at, digest, &at)) {
		ol_strbuf_free(&key);
		c->counts.items[at]++;
		return;
	}
	OL_VEC_PUSH(&c->klens, key.len);
	OL_VEC_PUSH(&c->keys, ol_strbuf_detach(&key));
	OL_VEC_PUSH(&c->digests, ol_xstrdup(digest));
	OL_VEC_PUSH(&c->counts, 1);
	ol_strmap_add(&c->at, c->digests.items[c->digests.len - 1],
		      c->digests.len - 1);
}

static unsigned expected_files(const ol_pch_counts *c, const char *digest)
{
	size_t at;
	return c && ol_strmap_get(&c->at, digest, &at) ? c->counts.items[at]
						       : 0;
}

/* ------------------------------------------------------------------ */
/* A shared prefix plus definitions its headers never name.            */

static size_t ident_hash(const char *s, size_t n)
{
	return (size_t)ol_hash_bytes(OL_HASH_INIT, s, n);
}

static bool ident_has(const ident_set *set, const char *s, size_t n)
{
	for (size_t i = set->cap ? ident_hash(s, n) & (set->cap - 1) : 0;
	     set->cap && set->tab[i].s; i = (i + 1) & (set->cap - 1))
		if (set->tab[i].n == n && !memcmp(set->tab[i].s, s, n))
			return true;
	return false;
}

static void ident_put(ident_set *set, const char *s, size_t n)
{
	if ((set->len + 1) * 2 > set->cap) {
		ident_set old = *set;
		set->cap = old.cap ? old.cap * 2 : 4096;
		set->tab = ol_xcalloc(set->cap, sizeof *set->tab);
		set->len = 0;
		for (size_t k = 0; k < old.cap; k++)
			if (old.tab[k].s)
				ident_put(set, old.tab[k].s, old.tab[k].n);
		free(old.tab);
	}
	size_t i = ident_hash(s, n) & (set->cap - 1);
	for (; set->tab[i].s; i = (i + 1) & (set->cap - 1))
		if (set->tab[i].n == n && !memcmp(set->tab[i].s, s, n))
			return;
	set->tab[i].s = s;
	set->tab[i].n = n;
	set->len++;
}

// Every identifier of `t[0..n)`, comments and literals included (more
// names only make fewer definitions droppable).
static void ident_add_text(ident_set *set, const char *t, size_t n)
{
	for (size_t i = 0; i < n;) {
		if (is_ident_start(t[i]) && (i == 0 || !is_ident_char(t[i - 1]))) {
			size_t e = i;
			while (e < n && is_ident_char(t[e]))
				e++;
			ident_put(set, t + i, e - i);
			i = e;
		} else {
			i++;
		}
	}
}

// The names of entry `e`: its prefix's and those of every text its PCH
// read; false when a text could not be read (then nothing is foreign).
static bool entry_names(pch_entry *e, size_t plen)
{
	if (!e->named) {
		e->named = true;
		ident_add_text(&e->names, e->key, plen);
		for (size_t i = 0; i < e->pch.texts.len; i++) {
			if (!e->pch.texts.items[i].text) {
				free(e->names.tab);
				memset(&e->names, 0, sizeof e->names);
				break;
			}
			ident_add_text(&e->names, e->pch.texts.items[i].text,
				       e->pch.texts.items[i].len);
		}
	}
	return e->names.len > 0;
}

// The directive of line [l, eol) (the word after '#'), into [*w, *we).
static void directive_word(const char *l, const char *eol, const char **w,
			   const char **we)
{
	const char *p = skip_blanks(l + 1, eol);
	const char *q = p;
	while (q < eol && is_ident_char(*q))
		q++;
	*w = p;
	*we = q;
}

// Whether line [l, eol) names only what `names` lacks: for `#define` and
// `#undef` the macro, for conditions every identifier but `defined`.
// (`names` NULL: any name is foreign.)
static bool line_is_foreign(const char *l, const char *eol,
			    const ident_set *names)
{
	const char *w, *we;
	directive_word(l, eol, &w, &we);
	bool def = word_is(w, we, "define") || word_is(w, we, "undef");
	if (!def && !word_is(w, we, "if") && !word_is(w, we, "ifdef") &&
	    !word_is(w, we, "ifndef") && !word_is(w, we, "elif") &&
	    !word_is(w, we, "else") && !word_is(w, we, "endif"))
		return false; // an #include
	for (const char *p = we; p < eol;) {
		if (*p >= '0' && *p <= '9') { // a number, suffix and all
			while (p < eol && is_ident_char(*p))
				p++;
			continue;
		}
		if (*p == '"' || *p == '\'') { // a literal
			const char *e = memchr(p + 1, *p, (size_t)(eol - p - 1));
			p = e ? e + 1 : eol;
			continue;
		}
		if (!is_ident_start(*p)) {
			p++;
			continue;
		}
		const char *e = p;
		while (e < eol && is_ident_char(*e))
			e++;
		bool skip = (size_t)(e - p) == 7 && !memcmp(p, "defined", 7);
		if (!skip && names && ident_has(names, p, (size_t)(e - p)))
			return false;
		if (def)
			return true; // (the macro's name decides)
		p = e;
	}
	return !def; // (a #define without a name: not ours to judge)
}

static const char *line_end(const char *p, const char *end)
{
	const char *e = memchr(p, '\n', (size_t)(end - p));
	return e ? e : end;
}

// Whether prefix `p` (directive lines, each ending in a newline) is `k`
// with some lines added that name only what `names` lacks: `#define` or
// `#undef` lines, and whole `#if`..`#endif` groups of such lines.
static bool extends_with_foreign(const char *p, size_t plen, const char *k,
				 size_t klen, const ident_set *names)
{
	const char *pe = p + plen, *ke = k + klen;
	while (p < pe) {
		const char *pl = line_end(p, pe);
		if (k < ke) {
			const char *kl = line_end(k, ke);
			if (pl - p == kl - k && !memcmp(p, k, (size_t)(pl - p))) {
				p = pl + 1;
				k = kl + 1;
				continue;
			}
		}
		const char *w, *we;
		directive_word(p, pl, &w, &we);
		if (!line_is_foreign(p, pl, names))
			return false;
		if (word_is(w, we, "define") || word_is(w, we, "undef")) {
			p = pl + 1;
			continue;
		}
		if (!word_is(w, we, "if") && !word_is(w, we, "ifdef") &&
		    !word_is(w, we, "ifndef"))
			return false;
		// The whole group, to its #endif, must be foreign.
		int depth = 0;
		do {
			pl = line_end(p, pe);
			directive_word(p, pl, &w, &we);
			if (!line_is_foreign(p, pl, names))
				return false;
			if (word_is(w, we, "if") || word_is(w, we, "ifdef") ||
			    word_is(w, we, "ifndef"))
				depth++;
			else if (word_is(w, we, "endif"))
				depth--;
			p = pl + 1;
		} while (depth > 0 && p < pe);
		if (depth)
			return false;
	}
	return k >= ke;
}

// The entry of prefix key `key` (taken when it is new).
static pch_entry *entry_of(ol_pch_cache *pc, char *key, size_t klen,
			   const char *digest)
{
	size_t at;
	if (ol_strmap_get(&pc->by_key, digest, &at)) {
		pch_entry *e = &pc->entries.items[at];
		bool same = e->klen == klen && !memcmp(e->key, key, klen);
		free(key);
		return same ? e : NULL;
	}
	pch_entry ne = {0};
	ne.klen = klen;
	ne.key = key;
	ne.digest = ol_xstrdup(digest);
	OL_VEC_PUSH(&pc->entries, ne);
	// (The map keeps pointers to the digests: they live in their own
	// allocations, which stay when the vector grows.)
	at = pc->entries.len - 1;
	ol_strmap_add(&pc->by_key, pc->entries.items[at].digest, at);
	return &pc->entries.items[at];
}

static size_t prefix_len(const pch_entry *e)
{
	return strlen(e->key); // (the prefix ends at the key's first NUL)
}

// `e`'s kept PCH (pch_keep.h), when the cache has it and it is not
// stale; `k` receives its files' names.
static bool kept_pch(ol_pch_cache *pc, pch_entry *e, ol_pch_kept *k)
{
	if (!pc->keep || !ol_pch_kept_names(pc->keep, e->digest, k))
		return false;
	e->kept = true;
	if (e->tried || !ol_pch_kept_load(k, &e->pch.reads))
		return false;
	e->tried = true;
	e->pch.path = ol_xstrdup(k->pch);
	read_texts(&e->pch);
	return true;
}

// `e`'s PCH, built now when it was not tried (kept for later runs when the
// cache keeps PCHs).
static const ol_pch *entry_pch(ol_pch_cache *pc, CXIndex index,
			       pch_entry *e, const char *const *args,
			       size_t nargs)
{
	ol_pch_kept k;
	if (!e->tried && !kept_pch(pc, e, &k)) {
		e->tried = true;
		build(pc, index, e->key, prefix_len(e), args, nargs,
		      e->kept ? &k : NULL, &e->pch);
	}
	return e->pch.path ? &e->pch : NULL;
}

// Whether key `k` (prefix, NUL, arguments) is a prefix `p` extends with
// foreign lines, judged by structure alone (names: none yet).
static bool may_extend(const pch_entry *p, const char *k, size_t klen)
{
	size_t pl = prefix_len(p), kl = strnlen(k, klen);
	return kl < klen && p->klen - pl == klen - kl &&
	       !memcmp(p->key + pl, k + kl, klen - kl) &&
	       extends_with_foreign(p->key, pl, k, kl, NULL);
}

// The PCH of a shared prefix that `e`'s extends with foreign lines (see
// the top), or NULL. The shared prefixes: those this worker built, and
// those the run's count says will be.
static const ol_pch *shared_base(ol_pch_cache *pc, CXIndex index,
				 const pch_entry *e, const char *const *args,
				 size_t nargs, const ol_pch_counts *expected)
{
	size_t ne = pc->entries.len, nc = expected ? expected->keys.len : 0;
	for (size_t i = 0; i < ne + nc; i++) {
		const char *k;
		size_t klen;
		if (i < ne) {
			const pch_entry *c = &pc->entries.items[i];
			if (!c->pch.path)
				continue;
			k = c->key;
			klen = c->klen;
		} else {
			size_t j = i - ne;
			if (expected->counts.items[j] < BUILD_AT_FILE)
				continue;
			k = expected->keys.items[j];
			klen = expected->klens.items[j];
		}
		if (k == e->key || !may_extend(e, k, klen))
			continue;
		char *copy = ol_xmalloc(klen);
		memcpy(copy, k, klen);
		ptrdiff_t me = e - pc->entries.items;
		pch_entry *base = entry_of(pc, copy, klen,
					   i < ne ? pc->entries.items[i].digest
						  : expected->digests.items[i - ne]);
		e = &pc->entries.items[me]; // (the vector may have moved)
		const ol_pch *pch = base ? entry_pch(pc, index, base, args,
						     nargs) : NULL;
		if (pch && entry_names(base, prefix_len(base)) &&
		    extends_with_foreign(e->key, prefix_len(e), base->key,
					 prefix_len(base), &base->names))
			return pch;
	}
	return NULL;
}

const ol_pch *ol_pch_for(ol_pch_cache *pc, CXIndex index, const char *file,
			 const char *const *args, size_t nargs,
			 const ol_pch_counts *expected)
{
	ol_strbuf key;
	size_t plen;
	char digest[48];
	if (!prefix_key(file, args, nargs, &key, &plen, digest))
		return NULL;
	size_t klen = key.len;
	pch_entry *e = entry_of(pc, ol_strbuf_detach(&key), klen, digest);
	if (!e)
		return NULL;
	// A PCH costs about two parses of the prefix to build and saves
	// about half of one per file: only a prefix that several files
	// share pays for it. Known to be shared (the run's files were
	// counted), it is built for the first: the run takes its largest
	// files first, and they are the ones a PCH saves most on.
	// A PCH an earlier run kept costs nothing to build.
	ol_pch_kept k;
	if (!e->tried && kept_pch(pc, e, &k))
		return &e->pch;
	if (++e->seen < BUILD_AT_FILE &&
	    expected_files(expected, digest) < BUILD_AT_FILE)
		return shared_base(pc, index, e, args, nargs, expected);
	return entry_pch(pc, index, e, args, nargs);
}
