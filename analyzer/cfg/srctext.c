/*
 * srctext.c — conditions as the user wrote them, for path notes (issue
 * 16): "assuming '!PyList_Check(seq)' is true" rather than the expanded
 * "PyType_HasFeature(Py_TYPE(seq), 1 << 25)".
 *
 * A condition the user wrote is read from the source at its expansion
 * location: from its first token to the end of its last one, a macro call
 * at the end taken whole with its arguments.
 *
 * A condition a macro's body writes (`PyList_Check(o) ? ... : ...` in
 * PySequence_Fast_GET_ITEM) has no text at the call site. libclang gives
 * the spelling of the innermost macro only, so the text is rebuilt from
 * the definition of the macro called there: its #define is found in the
 * translation unit's files, the body's one condition (the part before its
 * only top-level `?`, or inside its only `if (...)`) is taken, and the
 * parameters are replaced by the arguments as written. A body with more
 * than one condition, or none, gives no text (the IR prints it instead).
 *
 * What it does not do: expand macros inside the arguments or the body
 * (that is the point), or follow a condition into a macro nested in the
 * one called.
 *
 * The same reading of #defines names the function of a cleanup attribute
 * (cleanup_function_name(), for cleanup.c), which libclang shows without
 * its argument: the attribute's own text, else the declaration's text
 * with its macros expanded one at a time (object-like ones too, found by
 * a scan of the unit's files) until `cleanup(NAME)` names a function.
 */
#include "build.h"
#include "build_int.h"
#include "filetext.h"

#include "../base/bgread.h"
#include "../base/strbuf.h"
#include "../base/strmap.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Path notes quote conditions up to this length; longer ones are printed
// from the IR instead.
#define MAX_SRC_TEXT 120

static bool ident_char(char ch)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')
	       || (ch >= '0' && ch <= '9');
}

// The offset just past the macro call that starts at `at` in `t[0..n)`:
// its name and, when a '(' follows, the balanced argument list.
static size_t macro_call_end(const char *t, size_t n, size_t at)
{
	size_t e = at;
	while (e < n && ident_char(t[e]))
		e++;
	size_t p = e;
	while (p < n && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (p >= n || t[p] != '(')
		return e;
	int depth = 0;
	for (; p < n; p++) {
		if (t[p] == '"' || t[p] == '\'') { // skip a literal
			char q = t[p];
			for (p++; p < n && t[p] != q; p++)
				if (t[p] == '\\')
					p++;
			continue;
		}
		if (t[p] == '(')
			depth++;
		else if (t[p] == ')' && --depth == 0)
			return p + 1;
	}
	return e;
}

// The text [o1, o2) of file `f`, blanks and line continuations folded.
static const char *range_text(builder *b, const char *t, unsigned o1,
			      unsigned o2)
{
	if (o2 - o1 > MAX_SRC_TEXT || o2 <= o1)
		return NULL;
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	bool space = false;
	for (unsigned i = o1; i < o2; i++) {
		char ch = t[i];
		if (ch == '\n' || ch == '\r' || ch == '\t' || ch == ' ' ||
		    ch == '\\') {
			space = sb.len > 0;
			continue;
		}
		if (space)
			ol_strbuf_addc(&sb, ' ');
		space = false;
		ol_strbuf_addc(&sb, ch);
	}
	const char *out = intern(b, ol_strbuf_str(&sb));
	ol_strbuf_free(&sb);
	return out;
}

const char *src_text(builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation end = clang_getRangeEnd(r);
	CXFile f1 = NULL, f2 = NULL, sf = NULL;
	unsigned o1 = 0, o2 = 0, so = 0;
	size_t n = 0;

	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL,
				   &o1);
	clang_getExpansionLocation(end, &f2, NULL, NULL, &o2);
	clang_getSpellingLocation(end, &sf, NULL, NULL, &so);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 < o1)
		return NULL;
	const char *t = ol_cfg_file_text(b->tu, f1, &n);
	if (!t || o2 > n)
		return NULL;
	// A range that ends inside a macro expansion ends at the macro's
	// name (its expansion location): take the whole call. (libclang
	// does not tell a condition that is a whole expansion from one that
	// is a part of a macro's body: the latter shows as the call too.)
	if (!sf || !clang_File_isEqual(sf, f2) || so != o2)
		o2 = (unsigned)macro_call_end(t, n, o2);
	return range_text(b, t, o1, o2);
}

/* ---- conditions in macro bodies ------------------------------------------ */

typedef OL_VEC(char *) str_vec;

typedef struct incl_files {
	OL_VEC(CXFile) v;
} incl_files;

static void add_inclusion(CXFile f, CXSourceLocation *stack, unsigned n,
			  CXClientData data)
{
	incl_files *fs = data;
	(void)stack;
	(void)n;
	OL_VEC_PUSH(&fs->v, f);
}

// The function-like macros of one translation unit: name -> the logical
// line of its #define. Built on first need, once per TU and thread, and
// dropped by ol_cfg_forget_tu(): a lookup per condition would scan every
// header. The first definition in the order of inclusion wins: the main
// file's, then a precompiled header's (frontend/pch.c), then the other
// headers', one index per header, searched in the order of inclusion.
// The precompiled header's is built once per PCH (its texts stay, and
// most of the headers are there), not once per file. So is each other
// header's, once per thread: a worker's files include the same headers
// (all of Python.h, for a file that has no PCH), so a header's index and
// the lines it indexes stay for the thread's later files, found by clang's
// unique file ID (device, inode, modification time). A header is kept
// from the second TU that includes it (a file's own clinic header is
// included once), up to HEADER_CACHE_BYTES of texts; otherwise it is
// indexed for its TU alone.
typedef struct macro_def {
	const char *name, *def;
	size_t nlen, dlen;
} macro_def;

typedef struct macro_index {
	macro_def *tab; // open addressing on the name; NULL name = empty
	size_t cap, count;
} macro_index;

// One header's index: into `text`, the header's indexed lines kept for
// the thread, or, when `text` is NULL, into libclang's buffer for the TU
// alone.
typedef struct header_index {
	char *text;      // kept: its define lines; the TU's alone: the
			 // header read from its file, or NULL (the TU's
			 // buffer)
	macro_index index;
} header_index;

static _Thread_local struct {
	CXTranslationUnit tu;
	macro_index main;              // the main file's
	OL_VEC(header_index *) rest;   // the other files', in inclusion order
	OL_VEC(header_index *) own;    // those of `rest` the TU owns
	incl_files files;              // the TU's files, in inclusion order
	size_t next;                   // the first of `files` not indexed
	ol_bgread *ahead;              // `files` from the second on, being
				       // read (ol_cfg_read_ahead())
	bool pch_indexed;              // find_define() saw the PCH's index
} idx;

// The headers kept for the thread's later TUs (ol_cfg_headers_forget()).
#define HEADER_CACHE_BYTES (16u << 20)
static _Thread_local struct {
	OL_VEC(header_index *) v; // NULL: seen in one TU so far
	OL_VEC(char *) keys;  // "device:inode:time", the map's keys
	ol_strmap by_id;      // key -> index in v
	size_t bytes;
} kept;

// The files a precompiled header brought into the TU being lowered
// (frontend/pch.c): clang_getInclusions does not list them.
static _Thread_local struct {
	CXTranslationUnit tu;
	const ol_cfg_text *files;
	size_t n;
} pch_files;

// The macros of the PCH whose texts are `files` (ol_cfg_pch_forget()
// drops it with the PCHs).
static _Thread_local struct {
	const ol_cfg_text *files;
	size_t n;
	macro_index index;
} pch_idx;

static size_t name_hash(const char *s, size_t n)
{
	size_t h = 5381;
	for (size_t i = 0; i < n; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

static void index_add(macro_index *mi, macro_def d)
{
	size_t i = name_hash(d.name, d.nlen) & (mi->cap - 1);
	while (mi->tab[i].name) {
		if (mi->tab[i].nlen == d.nlen &&
		    !memcmp(mi->tab[i].name, d.name, d.nlen))
			return; // the first definition wins
		i = (i + 1) & (mi->cap - 1);
	}
	mi->tab[i] = d;
}

// The next "#define NAME(" of `t[0..n)` from `*at`: its name at
// [*name, *name_end), its logical line ending at *end (the newline that
// no backslash continues, or n); `*at` moves past it. False when none is
// left.
static bool next_define(const char *t, size_t n, size_t *at, size_t *name,
			size_t *name_end, size_t *end)
{
	for (size_t i = *at; i < n; i++) {
		if (i && t[i - 1] != '\n') {
			// (to the next line's start)
			const char *nl = memchr(t + i, '\n', n - i);
			if (!nl)
				break;
			i = (size_t)(nl - t);
			continue;
		}
		size_t p = i;
		while (p < n && (t[p] == ' ' || t[p] == '\t'))
			p++;
		if (p >= n || t[p] != '#')
			continue;
		p++;
		while (p < n && (t[p] == ' ' || t[p] == '\t'))
			p++;
		if (n - p < 7 || strncmp(t + p, "define", 6))
			continue;
		p += 6;
		while (p < n && (t[p] == ' ' || t[p] == '\t'))
			p++;
		size_t q = p;
		while (q < n && ident_char(t[q]))
			q++;
		if (q == p || q >= n || t[q] != '(')
			continue;
		size_t e = q;
		while (e < n && !(t[e] == '\n' && t[e - 1] != '\\'))
			e++;
		*name = p;
		*name_end = q;
		*end = *at = e;
		return true;
	}
	*at = n;
	return false;
}

// Adds every "#define NAME(" of `t[0..n)`.
static void index_file(macro_index *mi, const char *t, size_t n)
{
	size_t at = 0, p, q, e;
	while (next_define(t, n, &at, &p, &q, &e)) {
		if ((mi->count + 1) * 2 > mi->cap) {
			macro_def *old = mi->tab;
			size_t oldcap = mi->cap;
			mi->cap = oldcap ? oldcap * 2 : 16;
			mi->tab = ol_xcalloc(mi->cap, sizeof(macro_def));
			for (size_t k = 0; k < oldcap; k++)
				if (old[k].name)
					index_add(mi, old[k]);
			free(old);
		}
		macro_def d = { t + p, t + p, q - p, e - p };
		index_add(mi, d);
		mi->count++;
	}
}

// The lines index_file() indexes in `t[0..n)`, each as "#define " and
// the definition (malloc'd; `*len` set): all a kept header's index needs
// of its text.
static char *define_lines(const char *t, size_t n, size_t *len)
{
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	size_t at = 0, p, q, e;
	while (next_define(t, n, &at, &p, &q, &e)) {
		ol_strbuf_add(&sb, "#define ");
		ol_strbuf_addn(&sb, t + p, e - p);
		ol_strbuf_addc(&sb, '\n');
	}
	*len = sb.len;
	return ol_strbuf_detach(&sb);
}

static const macro_def *index_find(const macro_index *mi, const char *name,
				   size_t nl)
{
	for (size_t i = mi->cap ? name_hash(name, nl) & (mi->cap - 1) : 0;
	     mi->cap && mi->tab[i].name; i = (i + 1) & (mi->cap - 1))
		if (mi->tab[i].nlen == nl && !memcmp(mi->tab[i].name, name, nl))
			return &mi->tab[i];
	return NULL;
}

static void index_free(macro_index *mi)
{
	free(mi->tab);
	memset(mi, 0, sizeof *mi);
}

void ol_cfg_pch_files(CXTranslationUnit tu, const ol_cfg_text *files,
		      size_t n)
{
	pch_files.tu = tu;
	pch_files.files = files;
	pch_files.n = n;
}

void ol_cfg_pch_forget(void)
{
	index_free(&pch_idx.index);
	pch_idx.files = NULL;
	pch_idx.n = 0;
}

// What ol_cfg_forget_tu() drops but the texts of the TU's files, which
// hold their own TU (filetext.h).
static void forget_tu_indexes(void)
{
	forget_file_names();
	forget_numpy_api();
	index_free(&idx.main);
	for (size_t i = 0; i < idx.own.len; i++) {
		index_free(&idx.own.items[i]->index);
		free(idx.own.items[i]->text);
		free(idx.own.items[i]);
	}
	OL_VEC_FREE(&idx.own);
	OL_VEC_FREE(&idx.rest);
	ol_bgread_free(idx.ahead);
	idx.ahead = NULL;
	OL_VEC_FREE(&idx.files.v);
	idx.next = 0;
	idx.pch_indexed = false;
	idx.tu = NULL;
}

void ol_cfg_forget_tu(void)
{
	ol_cfg_file_texts_forget();
	forget_tu_indexes();
}

void ol_cfg_headers_forget(void)
{
	ol_cfg_forget_tu();
	for (size_t i = 0; i < kept.v.len; i++) {
		if (kept.v.items[i]) {
			index_free(&kept.v.items[i]->index);
			free(kept.v.items[i]->text);
			free(kept.v.items[i]);
		}
		free(kept.keys.items[i]);
	}
	OL_VEC_FREE(&kept.v);
	OL_VEC_FREE(&kept.keys);
	ol_strmap_free(&kept.by_id);
	kept.bytes = 0;
}

// `f`'s key in `kept` ("device:inode:time"), or false.
static bool kept_key(CXFile f, char key[80])
{
	CXFileUniqueID id;
	if (clang_getFileUniqueID(f, &id))
		return false;
	snprintf(key, 80, "%llx:%llx:%llx", id.data[0], id.data[1],
		 id.data[2]);
	return true;
}

// The index of header `f`, the `i`-th file of `tu` (idx.files): the
// thread's when kept, else made (and kept while the texts fit).
static header_index *header_index_of(CXTranslationUnit tu, CXFile f,
				     size_t i)
{
	char key[80];
	size_t at = SIZE_MAX; // its entry in `kept`, when seen before
	if (kept_key(f, key)) {
		if (ol_strmap_get(&kept.by_id, key, &at)) {
			if (kept.v.items[at])
				return kept.v.items[at];
		} else {
			// First seen: remembered, indexed for this TU alone.
			OL_VEC_PUSH(&kept.keys, ol_xstrdup(key));
			OL_VEC_PUSH(&kept.v, NULL);
			ol_strmap_add(&kept.by_id,
				      kept.keys.items[kept.keys.len - 1],
				      kept.v.len - 1);
		}
	}
	// (read from its file, ahead when it could be: libclang's buffer of
	// a header costs a scan of the parse's source locations, filetext.c)
	size_t n = 0;
	char *read = idx.ahead ? ol_bgread_take(idx.ahead, i - 1, &n)
			       : ol_cfg_file_read(f, &n);
	const char *t = read ? read : ol_cfg_file_text(tu, f, &n);
	if (!t)
		return NULL;
	header_index *h = ol_xcalloc(1, sizeof *h);
	if (at != SIZE_MAX && kept.bytes < HEADER_CACHE_BYTES) {
		// (seen before: kept from now on)
		size_t dn;
		h->text = define_lines(t, n, &dn);
		kept.bytes += dn;
		index_file(&h->index, h->text, dn);
		kept.v.items[at] = h;
		free(read);
	} else {
		h->text = read;
		index_file(&h->index, t, n);
		OL_VEC_PUSH(&idx.own, h);
	}
	return h;
}

// Makes `tu` the one whose files idx indexes: its files listed, the main
// file's macros indexed, the others' not yet.
static void begin_tu(CXTranslationUnit tu)
{
	incl_files fs = { { 0 } };
	forget_tu_indexes();
	idx.tu = tu;
	clang_getInclusions(tu, add_inclusion, &fs);
	idx.files = fs;
	idx.next = fs.v.len ? 1 : 0;
	size_t fn = 0;
	const char *ft = fs.v.len ? ol_cfg_file_text(tu, fs.v.items[0], &fn)
				  : NULL;
	if (ft)
		index_file(&idx.main, ft, fn);
}

void ol_cfg_read_ahead(CXTranslationUnit tu)
{
	if (idx.tu != tu)
		begin_tu(tu);
	if (idx.ahead || idx.files.v.len < 2)
		return;
	// (the paths clang opened; none for a header the thread keeps)
	size_t n = idx.files.v.len - 1;
	char **paths = ol_xcalloc(n, sizeof *paths);
	for (size_t i = 0; i < n; i++) {
		CXFile f = idx.files.v.items[i + 1];
		char key[80];
		size_t at;
		if (kept_key(f, key) && ol_strmap_get(&kept.by_id, key, &at) &&
		    kept.v.items[at])
			continue;
		paths[i] = ol_cfg_file_path(f);
	}
	idx.ahead = ol_bgread_start(paths, n);
}

// The logical line of "#define NAME(" in the TU, or NULL.
static const char *find_define(builder *b, const char *name, size_t *len)
{
	size_t npch = pch_files.tu == b->tu ? pch_files.n : 0;
	if (idx.tu != b->tu)
		begin_tu(b->tu);
	if (!idx.pch_indexed) {
		// (The PCH's headers are read once per run, by pch.c: asking
		// libclang for them would load each again for every file.)
		idx.pch_indexed = true;
		if (npch && idx.files.v.len &&
		    (pch_idx.files != pch_files.files || pch_idx.n != npch)) {
			ol_cfg_pch_forget();
			pch_idx.files = pch_files.files;
			pch_idx.n = npch;
			for (size_t i = 0; i < npch; i++)
				if (pch_files.files[i].text)
					index_file(&pch_idx.index,
						   pch_files.files[i].text,
						   pch_files.files[i].len);
		}
	}
	size_t nl = strlen(name);
	const macro_def *d = index_find(&idx.main, name, nl);
	if (!d && npch && pch_idx.files == pch_files.files)
		d = index_find(&pch_idx.index, name, nl);
	for (size_t i = 0; !d && i < idx.rest.len; i++)
		d = index_find(&idx.rest.items[i]->index, name, nl);
	// The headers not indexed yet, in order, until one defines it (what
	// the files after it define is never asked for when it is found
	// early: `assert` in the 108th file of _json.c's 362, Py_VISIT in
	// the 307th).
	while (!d && idx.next < idx.files.v.len) {
		size_t i = idx.next++;
		header_index *h = header_index_of(b->tu, idx.files.v.items[i], i);
		if (!h)
			continue;
		OL_VEC_PUSH(&idx.rest, h);
		d = index_find(&h->index, name, nl);
	}
	if (!d)
		return NULL;
	*len = d->dlen;
	return d->def;
}

// Splits "a, f(b, c), d" at its top-level commas into `out` (owned
// strings, trimmed). Returns false on unbalanced text.
static bool split_args(const char *s, size_t n, str_vec *out)
{
	int depth = 0;
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		char ch = i < n ? s[i] : ',';
		if (ch == '(' || ch == '[' || ch == '{')
			depth++;
		else if (ch == ')' || ch == ']' || ch == '}')
			depth--;
		if (depth < 0)
			return false;
		if (ch != ',' || depth > 0)
			continue;
		size_t a = start, e = i;
		while (a < e && (s[a] == ' ' || s[a] == '\t' || s[a] == '\\' ||
				 s[a] == '\n'))
			a++;
		while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t' ||
				 s[e - 1] == '\\' || s[e - 1] == '\n'))
			e--;
		char *x = ol_xmalloc(e - a + 1);
		memcpy(x, s + a, e - a);
		x[e - a] = 0;
		OL_VEC_PUSH(out, x);
		start = i + 1;
	}
	return depth == 0;
}

// Appends text[from, to) to `sb`, each identifier that names one of
// `params` replaced by the matching item of `args` (a macro's expansion).
static void add_substituted(ol_strbuf *sb, const char *text, size_t from,
			    size_t to, const str_vec *params,
			    const str_vec *args)
{
	for (size_t i = from; i < to;) {
		if (!ident_char(text[i]) || (i > from && ident_char(text[i - 1]))) {
			ol_strbuf_addc(sb, text[i++]);
			continue;
		}
		size_t k = i;
		while (k < to && ident_char(text[k]))
			k++;
		size_t p;
		for (p = 0; p < params->len; p++)
			if (strlen(params->items[p]) == k - i &&
			    !strncmp(params->items[p], text + i, k - i))
				break;
		if (p < params->len)
			ol_strbuf_add(sb, args->items[p]);
		else
			ol_strbuf_addn(sb, text + i, k - i);
		i = k;
	}
}

// Frees split_args()'s strings and the vector.
static void free_strs(str_vec *v)
{
	for (size_t i = 0; i < v->len; i++)
		free(v->items[i]);
	OL_VEC_FREE(v);
}

// The body's one condition: [*b, *e) of `body`. False when there is none
// or more than one (top-level `?`s and `if (`s counted).
static bool body_condition(const char *body, size_t n, size_t *b, size_t *e)
{
	size_t lo = 0, hi = n, found = 0;
	while (lo < hi && (body[lo] == ' ' || body[lo] == '\t' ||
			   body[lo] == '\\' || body[lo] == '\n'))
		lo++;
	// Outer parentheses that wrap the whole body are not the condition's.
	if (lo < hi && body[lo] == '(') {
		int d = 0;
		size_t k = lo;
		for (; k < hi; k++) {
			d += body[k] == '(' ? 1 : body[k] == ')' ? -1 : 0;
			if (d == 0)
				break;
		}
		size_t r = k + 1;
		while (r < hi && strchr(" \t\\\n;", body[r]))
			r++;
		if (k < hi && r == hi)
			lo++, hi = k;
	}
	int depth = 0;
	for (size_t i = lo; i < hi; i++) {
		char ch = body[i];
		if (ch == '"' || ch == '\'') {
			for (i++; i < hi && body[i] != ch; i++)
				if (body[i] == '\\')
					i++;
			continue;
		}
		if (ch == '(')
			depth++;
		else if (ch == ')')
			depth--;
		if (ch == '?' && depth == 0) {
			found++;
			*b = lo;
			*e = i;
		}
		if (ch == 'i' && body[i + 1] == 'f' && (i == lo ||
		    !ident_char(body[i - 1])) && i + 2 < hi &&
		    !ident_char(body[i + 2])) {
			size_t p = i + 2;
			while (p < hi && (body[p] == ' ' || body[p] == '\t'))
				p++;
			if (p < hi && body[p] == '(') {
				size_t end = macro_call_end(body, hi, i) - 1;
				found++;
				*b = p + 1;
				*e = end;
			}
		}
	}
	return found == 1 && *e > *b;
}

const char *macro_cond_text(builder *b, CXCursor owner)
{
	CXFile f = NULL;
	unsigned o = 0;
	size_t n = 0, dl = 0;
	const char *out = NULL;

	clang_getExpansionLocation(clang_getCursorLocation(owner), &f, NULL,
				   NULL, &o);
	const char *t = f ? ol_cfg_file_text(b->tu, f, &n) : NULL;
	if (!t || o >= n || !ident_char(t[o]))
		return NULL;
	size_t ne = o;
	while (ne < n && ident_char(t[ne]))
		ne++;
	size_t call_end = macro_call_end(t, n, o);
	const char *open = memchr(t + ne, '(', call_end - ne);
	if (!open || call_end <= ne)
		return NULL;
	char name[128];
	if (ne - o >= sizeof name)
		return NULL;
	memcpy(name, t + o, ne - o);
	name[ne - o] = 0;

	// The definition: in any file of the translation unit.
	const char *def = find_define(b, name, &dl);
	if (!def)
		return NULL;

	str_vec params = { 0 }, args = { 0 };
	const char *pe = memchr(def, ')', dl);
	size_t cb = 0, ce = 0;
	if (pe && split_args(def + strlen(name) + 1,
			     (size_t)(pe - def) - strlen(name) - 1, &params) &&
	    split_args(open + 1, (size_t)(t + call_end - 1 - open - 1), &args) &&
	    params.len == args.len &&
	    body_condition(pe + 1, dl - (size_t)(pe + 1 - def), &cb, &ce)) {
		// The condition with each parameter replaced by its argument.
		ol_strbuf sb;
		ol_strbuf_init(&sb);
		add_substituted(&sb, pe + 1, cb, ce, &params, &args);
		out = range_text(b, ol_strbuf_str(&sb), 0, (unsigned)sb.len);
		ol_strbuf_free(&sb);
	}
	free_strs(&params);
	free_strs(&args);
	return out;
}

// `cleanup ( NAME )` or `__cleanup__ ( NAME )` at the start of [t, t + n):
// NAME's span, else false.
bool cleanup_call_at(const char *t, size_t n, size_t at, size_t *nb,
		     size_t *ne)
{
	static const char *const words[] = {"cleanup", "__cleanup__"};
	for (size_t w = 0; w < 2; w++) {
		size_t l = strlen(words[w]);
		if (at + l > n || strncmp(t + at, words[w], l) ||
		    (at && ident_char(t[at - 1])) ||
		    (at + l < n && ident_char(t[at + l])))
			continue;
		size_t p = at + l;
		while (p < n && strchr(" \t\\\n", t[p]))
			p++;
		if (p >= n || t[p] != '(')
			return false;
		for (p++; p < n && strchr(" \t\\\n", t[p]); p++)
			;
		size_t b = p;
		while (p < n && ident_char(t[p]))
			p++;
		size_t e = p;
		while (p < n && strchr(" \t\\\n", t[p]))
			p++;
		if (e == b || p >= n || t[p] != ')')
			return false;
		*nb = b;
		*ne = e;
		return true;
	}
	return false;
}

// "#define NAME body" (an object-like macro) in `t[0..n)`: the logical
// line from NAME on, else NULL.
static const char *object_define_in(const char *t, size_t n, const char *name,
				    size_t *len)
{
	size_t nl = strlen(name);
	for (const char *p = t; (size_t)(p - t) + nl <= n;) {
		p = memchr(p, name[0], n - nl + 1 - (size_t)(p - t));
		if (!p)
			break;
		size_t at = (size_t)(p - t), e = at + nl;
		p++;
		if (strncmp(t + at, name, nl))
			continue;
		if ((at && ident_char(t[at - 1])) || e >= n ||
		    (t[e] != ' ' && t[e] != '\t'))
			continue;
		// "#", blanks, "define", blanks before it, from the line's start
		size_t b = at;
		while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
			b--;
		if (b < 6 || strncmp(t + b - 6, "define", 6))
			continue;
		b -= 6;
		while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
			b--;
		if (!b || t[b - 1] != '#')
			continue;
		b--;
		while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
			b--;
		if (b && t[b - 1] != '\n')
			continue;
		while (e < n && !(t[e] == '\n' && t[e - 1] != '\\'))
			e++;
		*len = e - at;
		return t + at;
	}
	return NULL;
}

// An object-like macro's definition in any file of the translation unit
// (find_define() indexes the function-like ones only): a scan of every
// file, for the few names a cleanup attribute hides behind.
static const char *find_object_define(builder *b, const char *name,
				      size_t *len)
{
	const char *d = NULL;
	size_t npch = pch_files.tu == b->tu ? pch_files.n : 0;
	for (size_t i = 0; i < npch && !d; i++)
		if (pch_files.files[i].text)
			d = object_define_in(pch_files.files[i].text,
					     pch_files.files[i].len, name, len);
	if (d)
		return d;
	incl_files fs = { { 0 } };
	clang_getInclusions(b->tu, add_inclusion, &fs);
	for (size_t i = 0; i < fs.v.len && !d; i++) {
		size_t n = 0;
		const char *t = ol_cfg_file_text(b->tu, fs.v.items[i], &n);
		if (t)
			d = object_define_in(t, n, name, len);
	}
	OL_VEC_FREE(&fs.v);
	return d;
}

// One step of a macro expansion of `text` (owned, replaced): its first
// identifier that names a macro, with a function-like macro's parameters
// replaced by the arguments written. False when none is left.
static bool expand_first_macro(builder *b, char **text)
{
	const char *t = *text;
	size_t n = strlen(t);
	for (size_t i = 0; i < n;) {
		if (!ident_char(t[i]) || (i && ident_char(t[i - 1]))) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < n && ident_char(t[e]))
			e++;
		char name[128];
		size_t dl = 0;
		const char *def = NULL;
		if (e - i < sizeof name && !(t[i] >= '0' && t[i] <= '9')) {
			memcpy(name, t + i, e - i);
			name[e - i] = 0;
			def = find_define(b, name, &dl);
			if (!def)
				def = find_object_define(b, name, &dl);
		}
		if (!def) {
			i = e;
			continue;
		}
		size_t nl = strlen(name);
		bool fnlike = nl < dl && def[nl] == '(';
		const char *body = def + nl;
		size_t blen = dl - nl, call_end = e;
		str_vec params = {0}, args = {0};
		if (fnlike) {
			const char *pe = memchr(def, ')', dl);
			call_end = macro_call_end(t, n, i);
			const char *open = memchr(t + e, '(', call_end - e);
			if (!pe || !open || call_end <= e ||
			    !split_args(def + nl + 1, (size_t)(pe - def) - nl - 1,
					&params) ||
			    !split_args(open + 1,
					(size_t)(t + call_end - 1 - open - 1),
					&args) ||
			    params.len != args.len) {
				free_strs(&params);
				free_strs(&args);
				i = e;
				continue;
			}
			body = pe + 1;
			blen = dl - (size_t)(pe + 1 - def);
		}
		ol_strbuf sb;
		ol_strbuf_init(&sb);
		ol_strbuf_addn(&sb, t, i);
		add_substituted(&sb, body, 0, blen, &params, &args);
		ol_strbuf_add(&sb, t + call_end);
		free_strs(&params);
		free_strs(&args);
		free(*text);
		*text = ol_xstrdup(ol_strbuf_str(&sb));
		ol_strbuf_free(&sb);
		return true;
	}
	return false;
}

// The name `cleanup ( NAME )` gives in `t`, interned; NULL if none.
static const char *cleanup_named_in(builder *b, const char *t)
{
	size_t n = strlen(t), nb, ne;
	for (size_t i = 0; i < n; i++)
		if (cleanup_call_at(t, n, i, &nb, &ne))
			return intern(b, ol_arena_strndup(b->a, t + nb, ne - nb));
	return NULL;
}

const char *cleanup_function_name(builder *b, CXCursor var, CXCursor attr,
				  bool (*is_function)(builder *,
						      const char *))
{
	// As written at the attribute: `cleanup(freep)`, or the innermost
	// macro's `__cleanup__(x)` (then x is a parameter).
	CXToken *toks = NULL;
	unsigned nt = 0;
	clang_tokenize(b->tu, clang_getCursorExtent(attr), &toks, &nt);
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	for (unsigned i = 0; i < nt && i < 4; i++) {
		CXString s = clang_getTokenSpelling(b->tu, toks[i]);
		ol_strbuf_add(&sb, clang_getCString(s));
		ol_strbuf_addc(&sb, ' ');
		clang_disposeString(s);
	}
	clang_disposeTokens(b->tu, toks, nt);
	const char *name = cleanup_named_in(b, ol_strbuf_str(&sb));
	ol_strbuf_free(&sb);
	if (name && is_function(b, name))
		return name;
	// Or where the attribute is spelled, when that is a macro's body
	// that names the function (drgn's PyGILState_guard(): libclang
	// gives no tokens for an extent that spans two files).
	CXFile f = NULL;
	unsigned o = 0;
	size_t n = 0, nb, ne;
	clang_getSpellingLocation(
		clang_getRangeStart(clang_getCursorExtent(attr)), &f, NULL,
		NULL, &o);
	const char *t = f ? ol_cfg_file_text(b->tu, f, &n) : NULL;
	if (t && o < n && cleanup_call_at(t, n, o, &nb, &ne)) {
		name = intern(b, ol_arena_strndup(b->a, t + nb, ne - nb));
		if (is_function(b, name))
			return name;
	}
	// Else the declaration as written, from the statement's start to the
	// variable's name (`_cleanup_free_ char *`; inside a macro's body,
	// where the body spells it), its macros expanded until a cleanup
	// names a function.
	clang_getSpellingLocation(clang_getCursorLocation(var), &f, NULL, NULL,
				  &o);
	t = f ? ol_cfg_file_text(b->tu, f, &n) : NULL;
	if (!t || o >= n)
		return NULL;
	size_t start = o;
	while (start > 0 && !strchr(";{}", t[start - 1]))
		start--;
	char *text = ol_xmalloc(o - start + 1);
	memcpy(text, t + start, o - start);
	text[o - start] = 0;
	name = NULL;
	for (int step = 0; step < 8 && !name; step++) {
		const char *cand = cleanup_named_in(b, text);
		if (cand && is_function(b, cand))
			name = cand;
		else if (!expand_first_macro(b, &text))
			break;
	}
	free(text);
	return name;
}
