/*
 * shard.c — shard selection and the shards' facts files (shard.h).
 *
 * A facts file:
 *
 *   mojo-ownlint-shard 1 <body checksum> <body length>\n
 *   <records (base/serial.h): the stamp, then each input's index, path
 *    and facts body>
 *
 * The checksum (FNV-1a 64) catches a truncated or damaged upload, not
 * malice. The stamp is read before anything else is trusted, so a shard
 * of another version is refused by name, not as damage.
 */
#include "shard.h"

#include "base/outfile.h"
#include "base/path.h"
#include "base/serial.h"
#include "ol.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FORMAT_VERSION 1
#define MAX_SHARDS 100000u
#define MAX_INPUTS ((size_t)1 << 24)

void ol_shard_facts_init(ol_shard_facts *f)
{
	memset(f, 0, sizeof *f);
}

static void free_words(void *items, size_t len)
{
	char **w = items;
	for (size_t i = 0; i < len; i++)
		free(w[i]);
}

void ol_shard_facts_free(ol_shard_facts *f)
{
	for (size_t i = 0; i < f->v.len; i++) {
		ol_shard_entry *e = &f->v.items[i];
		free(e->path);
		ol_strbuf_free(&e->body);
		free_words(e->deps.items, e->deps.len);
		OL_VEC_FREE(&e->deps);
	}
	OL_VEC_FREE(&f->v);
	free_words(f->stamp.args.items, f->stamp.args.len);
	OL_VEC_FREE(&f->stamp.args);
	free(f->stamp.version);
	free(f->stamp.cwd);
	free(f->from);
	memset(f, 0, sizeof *f);
}

void ol_shard_facts_add(ol_shard_facts *f, size_t index, const char *path,
			const ol_strbuf *body, const char *const *deps,
			size_t ndeps)
{
	ol_shard_entry e = { .index = index, .path = ol_xstrdup(path) };
	ol_strbuf_init(&e.body);
	ol_strbuf_addn(&e.body, ol_strbuf_str(body), body->len);
	for (size_t i = 0; i < ndeps; i++)
		OL_VEC_PUSH(&e.deps, ol_xstrdup(deps[i]));
	OL_VEC_PUSH(&f->v, e);
}

static int by_index(const void *a, const void *b)
{
	size_t x = ((const ol_shard_entry *)a)->index;
	size_t y = ((const ol_shard_entry *)b)->index;
	return x < y ? -1 : x > y;
}

void ol_shard_facts_sort(ol_shard_facts *f)
{
	if (f->v.len)
		qsort(f->v.items, f->v.len, sizeof *f->v.items, by_index);
}

const ol_strbuf *ol_shard_facts_body(const ol_shard_facts *f, size_t index)
{
	size_t lo = 0, hi = f->v.len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->v.items[mid].index == index)
			return &f->v.items[mid].body;
		if (f->v.items[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* --- selection -------------------------------------------------------- */

static bool parse_count(const char *s, const char *end, unsigned *out)
{
	unsigned long v = 0;
	if (s == end)
		return false;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > MAX_SHARDS)
			return false;
	}
	*out = (unsigned)v;
	return true;
}

int ol_shard_parse(const char *spec, unsigned *k, unsigned *n)
{
	const char *slash = strchr(spec, '/');
	if (!slash || !parse_count(spec, slash, k) ||
	    !parse_count(slash + 1, slash + strlen(slash), n) || *n == 0 ||
	    *k == 0 || *k > *n)
		return ol_error_set(OL_EUSAGE, "invalid value '%s' for "
				    "--shard: expected K/N with 1 <= K <= N "
				    "(e.g. 1/4)", spec);
	return 0;
}

static const ol_inputs *sort_inputs; // qsort has no context argument

static int by_name(const void *a, const void *b)
{
	const ol_input *x = &sort_inputs->v.items[*(const size_t *)a];
	const ol_input *y = &sort_inputs->v.items[*(const size_t *)b];
	int c = strcmp(x->path, y->path);
	if (!c)
		c = strcmp(x->workdir ? x->workdir : "",
			   y->workdir ? y->workdir : "");
	if (!c) // the same name twice: keep the run's order
		c = *(const size_t *)a < *(const size_t *)b ? -1 : 1;
	return c;
}

size_t *ol_shard_positions(const ol_inputs *in)
{
	size_t len = in->v.len;
	size_t *order = ol_xcalloc(len ? len : 1, sizeof *order);
	size_t *pos = ol_xcalloc(len ? len : 1, sizeof *pos);
	for (size_t i = 0; i < len; i++)
		order[i] = i;
	sort_inputs = in; // main thread only, before any worker starts
	if (len)
		qsort(order, len, sizeof *order, by_name);
	sort_inputs = NULL;
	for (size_t j = 0; j < len; j++)
		pos[order[j]] = j;
	free(order);
	return pos;
}

bool *ol_shard_select(const ol_inputs *in, unsigned k, unsigned n)
{
	size_t *pos = ol_shard_positions(in);
	bool *take = ol_xcalloc(in->v.len ? in->v.len : 1, sizeof *take);
	for (size_t i = 0; i < in->v.len; i++)
		take[i] = pos[i] % n == (size_t)(k - 1);
	free(pos);
	return take;
}

uint64_t ol_shard_inputs_digest(const ol_inputs *in)
{
	uint64_t h = OL_HASH_INIT;
	for (size_t i = 0; i < in->v.len; i++) {
		const ol_input *x = &in->v.items[i];
		h = ol_hash_str(h, x->path);
		h = ol_hash_str(h, x->workdir);
		h = ol_hash_bytes(h, &x->lang, sizeof x->lang);
		if (x->carrier)
			h = ol_hash_str(h, "--carrier");
		for (size_t a = 0; a < x->nargs; a++)
			h = ol_hash_str(h, x->args[a]);
		// and what its configuration file adds
		h = ol_hash_str(h, "--config");
		for (size_t a = 0; a < x->ncfg_args; a++)
			h = ol_hash_str(h, x->cfg_args[a]);
		h = ol_hash_str(h, x->cfg_checks);
		h = ol_hash_str(h, "\n");
	}
	return h;
}

/* --- files ------------------------------------------------------------ */

static void write_stamp(ol_strbuf *b, const ol_shard_stamp *s)
{
	ol_ser_str(b, s->version);
	ol_ser_int(b, (long long)s->build);
	ol_ser_int(b, (long long)s->options);
	ol_ser_int(b, (long long)s->args.len);
	for (size_t i = 0; i < s->args.len; i++)
		ol_ser_str(b, s->args.items[i]);
	ol_ser_str(b, s->cwd);
	ol_ser_int(b, (long long)s->ninputs);
	ol_ser_int(b, (long long)s->inputs);
	ol_ser_int(b, s->k);
	ol_ser_int(b, s->n);
	ol_ser_int(b, s->rounds);
}

static void read_stamp(ol_deser *r, ol_shard_stamp *s)
{
	s->version = ol_deser_str(r);
	s->build = (uint64_t)ol_deser_int(r);
	s->options = (uint64_t)ol_deser_int(r);
	size_t nargs = ol_deser_count(r, MAX_INPUTS);
	for (size_t i = 0; i < nargs && !r->bad; i++) {
		char *w = ol_deser_str(r);
		if (w)
			OL_VEC_PUSH(&s->args, w);
		else
			r->bad = true;
	}
	s->cwd = ol_deser_str(r);
	s->ninputs = ol_deser_count(r, MAX_INPUTS);
	s->inputs = (uint64_t)ol_deser_int(r);
	s->k = (unsigned)ol_deser_count(r, MAX_SHARDS);
	s->n = (unsigned)ol_deser_count(r, MAX_SHARDS);
	s->rounds = (unsigned)ol_deser_count(r, 1000);
	if (s->rounds == 0 || !s->version || !s->cwd || s->n == 0 || s->k == 0 || s->k > s->n)
		r->bad = true;
}

// A depfile for ninja (`deps = gcc`): the facts depend on every file its
// inputs read. Spaces in names are escaped as Make wants.
static void add_dep(ol_strbuf *b, const char *name)
{
	char *path = ol_path_absolute(name); // ninja runs elsewhere
	ol_strbuf_add(b, " \\\n  ");
	for (const char *p = path; *p; p++) {
		if (*p == ' ' || *p == '#')
			ol_strbuf_addn(b, "\\", 1);
		else if (*p == '$')
			ol_strbuf_addn(b, "$", 1);
		ol_strbuf_addn(b, p, 1);
	}
	free(path);
}

static int write_text(const char *path, const ol_strbuf *text)
{
	ol_outfile *o = NULL;
	FILE *f;
	int err = ol_outfile_new(&o, path);
	if (!err && !(err = ol_outfile_open(o, &f))) {
		if (fwrite(ol_strbuf_str(text), 1, text->len, f) != text->len)
			err = ol_error_set(OL_EIO, "cannot write '%s': %s",
					   path, strerror(errno));
		if (!err)
			err = ol_outfile_commit(o);
	}
	ol_outfile_free(o);
	return err;
}

int ol_shard_facts_write(const ol_shard_facts *f, const char *path,
			 bool depfile)
{
	ol_strbuf body, all;
	ol_strbuf_init(&body);
	ol_strbuf_init(&all);
	write_stamp(&body, &f->stamp);
	ol_ser_int(&body, (long long)f->v.len);
	for (size_t i = 0; i < f->v.len; i++) {
		const ol_shard_entry *e = &f->v.items[i];
		ol_ser_int(&body, (long long)e->index);
		ol_ser_str(&body, e->path);
		ol_ser_str(&body, ol_strbuf_str(&e->body));
	}
	ol_strbuf_printf(&all, "mojo-ownlint-shard %d %016llx %zu\n",
			 FORMAT_VERSION,
			 (unsigned long long)ol_hash_bytes(
				 OL_HASH_INIT, ol_strbuf_str(&body), body.len),
			 body.len);
	ol_strbuf_addn(&all, ol_strbuf_str(&body), body.len);
	int err = write_text(path, &all);
	if (!err && depfile) {
		ol_strbuf d, name;
		ol_strbuf_init(&d);
		ol_strbuf_init(&name);
		ol_strbuf_add(&d, path);
		ol_strbuf_add(&d, ":");
		for (size_t i = 0; i < f->v.len; i++) {
			const ol_shard_entry *e = &f->v.items[i];
			add_dep(&d, e->path);
			for (size_t k = 0; k < e->deps.len; k++)
				add_dep(&d, e->deps.items[k]);
		}
		ol_strbuf_add(&d, "\n");
		ol_strbuf_printf(&name, "%s.d", path);
		err = write_text(ol_strbuf_str(&name), &d);
		ol_strbuf_free(&d);
		ol_strbuf_free(&name);
	}
	ol_strbuf_free(&body);
	ol_strbuf_free(&all);
	return err;
}

int ol_shard_facts_read(ol_shard_facts *f, const char *path)
{
	size_t n = 0;
	char *text = ol_read_file(path, &n);
	if (!text)
		return ol_error_set(OL_EIO, "cannot read the shard '%s': %s",
				    path, strerror(errno));
	unsigned version = 0;
	unsigned long long sum = 0, len = 0;
	int off = 0, err = 0;
	if (sscanf(text, "mojo-ownlint-shard %u %llx %llu\n%n", &version, &sum,
		   &len, &off) != 3 || off <= 0) {
		err = ol_error_set(OL_ECONFIG, "'%s' is not a shard's facts "
				   "file (written by --facts-out)", path);
	} else if (version != FORMAT_VERSION) {
		err = ol_error_set(OL_ECONFIG, "the shard '%s' has facts format "
				   "%u; this mojo-ownlint reads format %d",
				   path, version, FORMAT_VERSION);
	} else if (len != n - (size_t)off ||
		   ol_hash_bytes(OL_HASH_INIT, text + off, len) != sum) {
		err = ol_error_set(OL_ECONFIG, "the shard '%s' is damaged or "
				   "truncated (its checksum does not match)",
				   path);
	}
	if (err) {
		free(text);
		return err;
	}
	ol_deser r;
	ol_deser_init(&r, text + off, len);
	read_stamp(&r, &f->stamp);
	size_t count = ol_deser_count(&r, MAX_INPUTS);
	for (size_t i = 0; i < count && !r.bad; i++) {
		ol_shard_entry e = { 0 };
		e.index = ol_deser_count(&r, MAX_INPUTS);
		e.path = ol_deser_str(&r);
		char *body = ol_deser_str(&r);
		ol_strbuf_init(&e.body);
		if (body)
			ol_strbuf_add(&e.body, body);
		free(body);
		OL_VEC_PUSH(&f->v, e);
		if (!e.path || !body || e.index >= f->stamp.ninputs)
			r.bad = true;
	}
	free(text);
	f->from = ol_xstrdup(path);
	ol_shard_facts_sort(f);
	if (r.bad || r.p != r.end)
		return ol_error_set(OL_ECONFIG, "the shard '%s' is damaged (its "
				    "records do not read back)", path);
	return 0;
}

/* --- joining ---------------------------------------------------------- */

// "a b 'c d'": the options as a shell would take them back, for messages.
static void quote_args(ol_strbuf *b, const ol_shard_stamp *s)
{
	for (size_t i = 0; i < s->args.len; i++) {
		const char *w = s->args.items[i];
		if (i)
			ol_strbuf_add(b, " ");
		if (*w && !w[strcspn(w, " \t\n'\"\\$*?")])
			ol_strbuf_add(b, w);
		else
			ol_strbuf_printf(b, "'%s'", w);
	}
}

static bool same_args(const ol_shard_stamp *a, const ol_shard_stamp *b)
{
	if (a->args.len != b->args.len)
		return false;
	for (size_t i = 0; i < a->args.len; i++)
		if (strcmp(a->args.items[i], b->args.items[i]))
			return false;
	return true;
}

// Why shard `b` does not fit with shard `a`; 0 when it does.
static int mismatch(const ol_shard_facts *a, const ol_shard_facts *b)
{
	const ol_shard_stamp *x = &a->stamp, *y = &b->stamp;
	if (strcmp(x->version, y->version))
		return ol_error_set(OL_ECONFIG, "the shards come from different "
				    "versions of mojo-ownlint: '%s' from %s, "
				    "'%s' from %s", a->from, x->version,
				    b->from, y->version);
	if (x->build != y->build)
		return ol_error_set(OL_ECONFIG, "the shards come from different "
				    "builds of mojo-ownlint %s: '%s' (build "
				    "%016llx) and '%s' (build %016llx); run "
				    "every shard and the merge with one binary",
				    x->version, a->from,
				    (unsigned long long)x->build, b->from,
				    (unsigned long long)y->build);
	if (x->options != y->options || !same_args(x, y)) {
		ol_strbuf qa, qb;
		ol_strbuf_init(&qa);
		ol_strbuf_init(&qb);
		quote_args(&qa, x);
		quote_args(&qb, y);
		int err = ol_error_set(
			OL_ECONFIG, "the shards were run with different %s: "
			"'%s' with [%s], '%s' with [%s]",
			same_args(x, y) ? "rules or configuration files"
					: "options",
			a->from, ol_strbuf_str(&qa), b->from,
			ol_strbuf_str(&qb));
		ol_strbuf_free(&qa);
		ol_strbuf_free(&qb);
		return err;
	}
	if (strcmp(x->cwd, y->cwd))
		return ol_error_set(OL_ECONFIG, "the shards ran in different "
				    "folders: '%s' in '%s', '%s' in '%s'",
				    a->from, x->cwd, b->from, y->cwd);
	if (x->ninputs != y->ninputs || x->inputs != y->inputs)
		return ol_error_set(OL_ECONFIG, "the shards saw different "
				    "inputs: '%s' %zu files, '%s' %zu files "
				    "(a file added, removed or its flags "
				    "changed in between)", a->from, x->ninputs,
				    b->from, y->ninputs);
	if (x->n != y->n)
		return ol_error_set(OL_ECONFIG, "the shards split the run "
				    "differently: '%s' is shard %u/%u, '%s' "
				    "shard %u/%u", a->from, x->k, x->n,
				    b->from, y->k, y->n);
	if (x->rounds != y->rounds)
		return ol_error_set(OL_ECONFIG, "the shards hold different "
				    "rounds of the analysis: '%s' %u, '%s' %u "
				    "(merge the facts of one step)", a->from,
				    x->rounds, b->from, y->rounds);
	if (x->k == y->k)
		return ol_error_set(OL_ECONFIG, "shard %u/%u is given twice: "
				    "'%s' and '%s'", x->k, x->n, a->from,
				    b->from);
	return 0;
}

int ol_shard_join(ol_shard_facts *out, ol_shard_facts *s, size_t ns)
{
	if (!ns)
		return ol_error_set(OL_ECONFIG, "no shard to merge");
	for (size_t i = 0; i < ns; i++)
		for (size_t j = 0; j < i; j++) {
			int err = mismatch(&s[j], &s[i]);
			if (err)
				return err;
		}
	unsigned n = s[0].stamp.n;
	if (ns != n) {
		ol_strbuf missing;
		ol_strbuf_init(&missing);
		for (unsigned k = 1; k <= n; k++) {
			bool have = false;
			for (size_t i = 0; i < ns && !have; i++)
				have = s[i].stamp.k == k;
			if (!have)
				ol_strbuf_printf(&missing, "%s%u/%u",
						 missing.len ? ", " : "", k, n);
		}
		bool one = !strchr(ol_strbuf_str(&missing), ',');
		int err = ol_error_set(OL_ECONFIG, "shard%s %s %s missing: "
				       "merge needs all %u shards",
				       one ? "" : "s", ol_strbuf_str(&missing),
				       one ? "is" : "are", n);
		ol_strbuf_free(&missing);
		return err;
	}
	// The stamp is the first shard's (moved); the entries are everyone's.
	out->stamp = s[0].stamp;
	memset(&s[0].stamp, 0, sizeof s[0].stamp);
	out->stamp.k = 1;
	out->stamp.n = 1;
	for (size_t i = 0; i < ns; i++) {
		for (size_t e = 0; e < s[i].v.len; e++)
			OL_VEC_PUSH(&out->v, s[i].v.items[e]);
		OL_VEC_FREE(&s[i].v);
	}
	ol_shard_facts_sort(out);
	for (size_t e = 1; e < out->v.len; e++)
		if (out->v.items[e].index == out->v.items[e - 1].index)
			return ol_error_set(OL_ECONFIG, "input '%s' is in two "
					    "shards", out->v.items[e].path);
	return 0;
}
