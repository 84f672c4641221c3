/*
 * compiled.c — the knowledge base in compiled form (compiled.h).
 *
 * Why: every run loads the same rules files, and json-c spends some 48
 * million instructions on them (cpython-generated.json alone is 170 KB)
 * before the first file is parsed: a third of what a one-file run costs
 * beyond clang's own parse (issue 29, docs/scale.md). The entries those
 * files make do not change from run to run, so the first run writes them
 * out as they lie in memory and later runs read them back: one read, a
 * checksum, and a pass that turns offsets back into pointers.
 *
 * What the file holds, in this order (native byte order and layout: the
 * key ties the file to the build that wrote it):
 *
 *   header      magic, key, the counts below, a checksum of the rest
 *   entries     every ol_kb_entry, in ol_kb_at() order, its pointers zeroed
 *   entry refs  per entry, one 64-bit reference per pointer field
 *   args        the ol_kb_arg arrays, their `resource` zeroed
 *   arg refs    one reference per ol_kb_arg (its `resource`)
 *   lists       the string lists (releases_with, nonnull_from): references
 *   strings     NUL-terminated bytes
 *
 * A reference is 0 for NULL, else 1 + an offset (strings) or an index
 * (args, lists). The writer gives one slot to each distinct pointer, not
 * to each distinct content, so what shared a pointer in the loaded
 * knowledge base shares one after a read, and nothing more: the read
 * copy is the loaded one field for field (test_kb.c proves it on the
 * shipped rules), down to the pointers' sameness.
 *
 * Trust. The key covers what decides the entries: the rules files' paths
 * and contents, in load order, the tool's version, the sizes of an entry
 * and an argument, and the identity of this executable (device, inode,
 * size and modification time of /proc/self/exe: a rebuild gets a new
 * file). A file under another key is stale; a short, long or damaged one
 * fails its counts or its checksum (ol_checksum_bytes: damage, not
 * malice, as the facts cache). Every reference is checked against its
 * table before any entry is published, so a file that passes nothing
 * else still cannot make a pointer out of bounds; the caller then loads
 * the JSON files and writes the file again.
 *
 * A new pointer field in ol_kb_entry or ol_kb_arg must get a reference
 * here: the size checks below stop the build until it has one.
 */
#include "compiled.h"

#include "kb_int.h"

#include "../base/arena.h"
#include "../base/serial.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__LP64__)
// Tripwires: a field added to ol_kb_entry or ol_kb_arg changes these.
// Give a new pointer field a reference (entry_refs(), the reads below),
// then update the size here.
_Static_assert(sizeof(ol_kb_entry) == 408, "ol_kb_entry changed: see compiled.c");
_Static_assert(sizeof(ol_kb_arg) == 24, "ol_kb_arg changed: see compiled.c");
#endif

#define MAGIC "mojo-ownlint-kb1"

// The pointer fields of an entry, one reference each.
enum {
	REF_NAME,
	REF_FAMILY,
	REF_RESOURCE,
	REF_FILE,
	REF_ARGS,
	REF_FAILS_TEXT,
	REF_ACQUIRED_TEXT,
	REF_RELEASES_WITH,
	REF_NONNULL_FROM,
	REF_DOC,
	REF_CALLS,
	REF__COUNT
};

typedef struct header {
	char magic[16];
	uint64_t key;
	uint64_t nentries, nargs, nlists, strings_len;
	uint64_t checksum; // ol_checksum_bytes() of everything after the header
} header;

/* --- the key ------------------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t v)
{
	return ol_hash_bytes(h, &v, sizeof v);
}

bool ol_kb_compiled_key(const char *const *paths, size_t n, uint64_t *key)
{
	uint64_t h = ol_hash_str(OL_HASH_INIT, MAGIC " " OL_VERSION);
	h = mix(h, sizeof(ol_kb_entry));
	h = mix(h, sizeof(ol_kb_arg));
	// (the link read, then its target's status: under valgrind, the
	// link is the program's, /proc/self/exe itself the tool's)
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	struct stat st;
	if (len <= 0)
		return false;
	exe[len] = 0;
	if (stat(exe, &st) != 0)
		return false;
	h = mix(h, (uint64_t)st.st_dev);
	h = mix(h, (uint64_t)st.st_ino);
	h = mix(h, (uint64_t)st.st_size);
	h = mix(h, (uint64_t)st.st_mtim.tv_sec);
	h = mix(h, (uint64_t)st.st_mtim.tv_nsec);
	h = mix(h, n);
	for (size_t i = 0; i < n; i++) {
		size_t len = 0;
		char *text = ol_read_file(paths[i], &len);
		if (!text)
			return false;
		h = ol_hash_str(h, paths[i]);
		h = mix(h, len);
		h = mix(h, ol_checksum_bytes(text, len));
		free(text);
	}
	*key = h;
	return true;
}

/* --- writing ------------------------------------------------------------- */

// Pointer -> slot, by identity (open addressing; 0 is never a key).
typedef struct ptr_map {
	struct {
		const void *p;
		uint64_t ref;
	} *slots;
	size_t cap, len;
} ptr_map;

static size_t ptr_hash(const void *p, size_t cap)
{
	uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
	return (size_t)(x >> 17) & (cap - 1);
}

static bool ptr_get(const ptr_map *m, const void *p, uint64_t *ref)
{
	if (!m->cap)
		return false;
	for (size_t i = ptr_hash(p, m->cap); m->slots[i].p;
	     i = (i + 1) & (m->cap - 1))
		if (m->slots[i].p == p) {
			*ref = m->slots[i].ref;
			return true;
		}
	return false;
}

static void ptr_put(ptr_map *m, const void *p, uint64_t ref)
{
	if ((m->len + 1) * 2 > m->cap) {
		ptr_map g = { .cap = m->cap ? m->cap * 2 : 1024 };
		g.slots = ol_xcalloc(g.cap, sizeof *g.slots);
		for (size_t i = 0; i < m->cap; i++)
			if (m->slots[i].p)
				ptr_put(&g, m->slots[i].p, m->slots[i].ref);
		free(m->slots);
		*m = g;
	}
	size_t i = ptr_hash(p, m->cap);
	while (m->slots[i].p)
		i = (i + 1) & (m->cap - 1);
	m->slots[i].p = p;
	m->slots[i].ref = ref;
	m->len++;
}

typedef struct writer {
	ol_strbuf entries, entry_refs, args, arg_refs, lists, strings;
	uint64_t nargs, nlists;
	ptr_map str_map, args_map, list_map;
} writer;

static void put_u64(ol_strbuf *b, uint64_t v)
{
	ol_strbuf_addn(b, (const char *)&v, sizeof v);
}

static uint64_t str_ref(writer *w, const char *s)
{
	uint64_t ref;
	if (!s)
		return 0;
	if (ptr_get(&w->str_map, s, &ref))
		return ref;
	ref = 1 + (uint64_t)w->strings.len;
	ol_strbuf_addn(&w->strings, s, strlen(s) + 1);
	ptr_put(&w->str_map, s, ref);
	return ref;
}

static uint64_t args_ref(writer *w, const ol_kb_arg *args, size_t n)
{
	uint64_t ref;
	if (!args)
		return 0;
	if (ptr_get(&w->args_map, args, &ref))
		return ref;
	ref = 1 + w->nargs;
	for (size_t i = 0; i < n; i++) {
		ol_kb_arg a = args[i];
		put_u64(&w->arg_refs, str_ref(w, a.resource));
		a.resource = NULL;
		ol_strbuf_addn(&w->args, (const char *)&a, sizeof a);
	}
	w->nargs += n;
	ptr_put(&w->args_map, args, ref);
	return ref;
}

static uint64_t list_ref(writer *w, const char *const *list, size_t n)
{
	uint64_t ref;
	if (!list)
		return 0;
	if (ptr_get(&w->list_map, list, &ref))
		return ref;
	ref = 1 + w->nlists;
	for (size_t i = 0; i < n; i++)
		put_u64(&w->lists, str_ref(w, list[i]));
	w->nlists += n;
	ptr_put(&w->list_map, list, ref);
	return ref;
}

static void write_entry(writer *w, const ol_kb_entry *src)
{
	uint64_t refs[REF__COUNT];
	refs[REF_NAME] = str_ref(w, src->name);
	refs[REF_FAMILY] = str_ref(w, src->family);
	refs[REF_RESOURCE] = str_ref(w, src->resource);
	refs[REF_FILE] = str_ref(w, src->file);
	refs[REF_ARGS] = args_ref(w, src->args, src->nargs);
	refs[REF_FAILS_TEXT] = str_ref(w, src->fails_when.text);
	refs[REF_ACQUIRED_TEXT] = str_ref(w, src->acquired_when.text);
	refs[REF_RELEASES_WITH] =
		list_ref(w, src->releases_with, src->nreleases_with);
	refs[REF_NONNULL_FROM] =
		list_ref(w, src->nonnull_from, src->nnonnull_from);
	refs[REF_DOC] = str_ref(w, src->doc);
	refs[REF_CALLS] = str_ref(w, src->calls);
	for (size_t i = 0; i < REF__COUNT; i++)
		put_u64(&w->entry_refs, refs[i]);

	ol_kb_entry e = *src;
	e.name = e.family = e.resource = e.file = NULL;
	e.args = NULL;
	e.fails_when.text = e.acquired_when.text = NULL;
	e.releases_with = e.nonnull_from = NULL;
	e.doc = e.calls = NULL;
	ol_strbuf_addn(&w->entries, (const char *)&e, sizeof e);
}

static void free_writer(writer *w)
{
	ol_strbuf *bufs[] = { &w->entries, &w->entry_refs, &w->args,
			      &w->arg_refs, &w->lists, &w->strings };
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
		ol_strbuf_free(bufs[i]);
	free(w->str_map.slots);
	free(w->args_map.slots);
	free(w->list_map.slots);
}

bool ol_kb_compiled_write(const ol_kb *kb, const char *path, uint64_t key)
{
	writer w;
	memset(&w, 0, sizeof w);
	ol_strbuf *bufs[] = { &w.entries, &w.entry_refs, &w.args,
			      &w.arg_refs, &w.lists, &w.strings };
	size_t nbufs = sizeof bufs / sizeof *bufs;
	for (size_t i = 0; i < nbufs; i++)
		ol_strbuf_init(bufs[i]);
	size_t n = ol_kb_count(kb);
	for (size_t i = 0; i < n; i++)
		write_entry(&w, ol_kb_at(kb, i));

	// The body, then its checksum into the header.
	ol_strbuf body;
	ol_strbuf_init(&body);
	for (size_t i = 0; i < nbufs; i++)
		ol_strbuf_addn(&body, ol_strbuf_str(bufs[i]), bufs[i]->len);
	header h;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, MAGIC, sizeof h.magic);
	h.key = key;
	h.nentries = n;
	h.nargs = w.nargs;
	h.nlists = w.nlists;
	h.strings_len = w.strings.len;
	h.checksum = ol_checksum_bytes(ol_strbuf_str(&body), body.len);

	size_t tlen = strlen(path) + 64;
	char *tmp = ol_xmalloc(tlen);
	snprintf(tmp, tlen, "%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	bool ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
		  fwrite(ol_strbuf_str(&body), 1, body.len, f) == body.len;
	if (f && fclose(f) != 0)
		ok = false;
	if (ok && rename(tmp, path) != 0)
		ok = false;
	if (!ok)
		unlink(tmp);
	free(tmp);
	ol_strbuf_free(&body);
	free_writer(&w);
	return ok;
}

/* --- reading ------------------------------------------------------------- */

// The whole file at `path` in `a` (8-byte aligned), or NULL.
static char *read_into(ol_arena *a, const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct stat st;
	char *buf = NULL;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size >= (off_t)sizeof(header)) {
		*len = (size_t)st.st_size;
		buf = ol_arena_alloc(a, *len);
		if (fread(buf, 1, *len, f) != *len || fgetc(f) != EOF)
			buf = NULL;
	}
	fclose(f);
	return buf;
}

typedef struct tables {
	const char *strings;
	uint64_t strings_len;
	ol_kb_arg *args;
	uint64_t nargs;
	const char **list_strs; // the list table's references, resolved
	uint64_t nlists;
} tables;

// The string a reference names; false when it points outside the table.
static bool get_str(const tables *t, uint64_t ref, const char **out)
{
	if (!ref) {
		*out = NULL;
		return true;
	}
	if (ref > t->strings_len)
		return false;
	*out = t->strings + (ref - 1);
	return true;
}

// `n` items starting at `ref` (an index + 1), within `total`.
static bool in_table(uint64_t ref, uint64_t n, uint64_t total)
{
	return ref && ref - 1 <= total && n <= total - (ref - 1);
}

// `n` strings of the list table from `ref` (an index + 1), or NULL.
static bool get_list(const tables *t, uint64_t ref, size_t n,
		     const char *const **out)
{
	if (!ref) {
		*out = NULL;
		return true;
	}
	if (!in_table(ref, n, t->nlists))
		return false;
	*out = t->list_strs + (ref - 1);
	return true;
}

bool ol_kb_compiled_read(ol_kb *kb, const char *path, uint64_t key)
{
	OL_ASSERT(kb && path && ol_kb_count(kb) == 0);
	ol_arena *a = ol_kb_arena(kb);
	size_t len = 0;
	char *buf = read_into(a, path, &len);
	if (!buf)
		return false;
	header h;
	memcpy(&h, buf, sizeof h);
	if (memcmp(h.magic, MAGIC, sizeof h.magic) || h.key != key)
		return false;
	// The sizes, each bounded by the file's before they are multiplied.
	uint64_t body = len - sizeof h;
	if (h.nentries > body / sizeof(ol_kb_entry) ||
	    h.nargs > body / sizeof(ol_kb_arg) || h.nlists > body / 8 ||
	    h.strings_len > body)
		return false;
	uint64_t need = h.nentries * (sizeof(ol_kb_entry) + 8 * REF__COUNT) +
			h.nargs * (sizeof(ol_kb_arg) + 8) + h.nlists * 8 +
			h.strings_len;
	if (need != body ||
	    ol_checksum_bytes(buf + sizeof h, body) != h.checksum)
		return false;

	char *p = buf + sizeof h;
	ol_kb_entry *entries = (ol_kb_entry *)(void *)p;
	p += h.nentries * sizeof(ol_kb_entry);
	const uint64_t *entry_refs = (const uint64_t *)(void *)p;
	p += h.nentries * 8 * REF__COUNT;
	tables t = { .args = (ol_kb_arg *)(void *)p, .nargs = h.nargs };
	p += h.nargs * sizeof(ol_kb_arg);
	const uint64_t *arg_refs = (const uint64_t *)(void *)p;
	p += h.nargs * 8;
	const uint64_t *list_refs = (const uint64_t *)(void *)p;
	t.nlists = h.nlists;
	p += h.nlists * 8;
	t.strings = p;
	t.strings_len = h.strings_len;
	if (t.strings_len && t.strings[t.strings_len - 1] != 0)
		return false; // (then every string ends inside the table)

	for (uint64_t i = 0; i < h.nargs; i++)
		if (!get_str(&t, arg_refs[i], &t.args[i].resource))
			return false;
	t.list_strs = OL_NEW_ARRAY(a, const char *, h.nlists ? h.nlists : 1);
	for (uint64_t i = 0; i < h.nlists; i++)
		if (!get_str(&t, list_refs[i], &t.list_strs[i]))
			return false;
	for (uint64_t i = 0; i < h.nentries; i++) {
		ol_kb_entry *e = &entries[i];
		const uint64_t *r = entry_refs + i * REF__COUNT;
		bool ok = get_str(&t, r[REF_NAME], &e->name) && e->name &&
			  get_str(&t, r[REF_FAMILY], &e->family) &&
			  get_str(&t, r[REF_RESOURCE], &e->resource) &&
			  get_str(&t, r[REF_FILE], &e->file) &&
			  get_str(&t, r[REF_FAILS_TEXT], &e->fails_when.text) &&
			  get_str(&t, r[REF_ACQUIRED_TEXT],
				  &e->acquired_when.text) &&
			  get_str(&t, r[REF_DOC], &e->doc) &&
			  get_str(&t, r[REF_CALLS], &e->calls) &&
			  get_list(&t, r[REF_RELEASES_WITH], e->nreleases_with,
				   &e->releases_with) &&
			  get_list(&t, r[REF_NONNULL_FROM], e->nnonnull_from,
				   &e->nonnull_from);
		if (!ok)
			return false;
		if (!r[REF_ARGS]) {
			e->args = NULL;
		} else if (in_table(r[REF_ARGS], e->nargs, t.nargs)) {
			e->args = t.args + (r[REF_ARGS] - 1);
		} else {
			return false;
		}
	}
	for (uint64_t i = 0; i < h.nentries; i++)
		ol_kb_add_entry(kb, &entries[i]);
	return true;
}
