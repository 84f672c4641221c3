/*
 * config.c — reading and writing `.mojo-ownlint.yaml` (see config.h).
 *
 * libyaml's event parser builds a small tree (scalars, sequences,
 * mappings, each with its line and column); the tree is then read against
 * one table of keys, so the key names, their types and --dump-config cannot
 * drift apart. Only this file includes <yaml.h>.
 *
 * What it deliberately does not support: anchors and aliases, tags,
 * several documents in one file, and keys of other tools (the file is ours
 * alone; an unknown key is a typo until proven otherwise).
 */
#include "config.h"

#include "../base/arena.h"
#include "../base/bytesize.h"
#include "../base/limits.h"
#include "../base/path.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

// Deeper nesting than any configuration needs is refused (and keeps the
// recursive reader's stack bounded on hostile input).
#define OL_CONFIG_MAX_DEPTH 16

typedef enum node_kind { N_SCALAR, N_SEQ, N_MAP } node_kind;

typedef struct node node;
struct node {
	node_kind kind;
	char *value;          // N_SCALAR
	bool plain;           // an unquoted scalar (true/false are booleans)
	unsigned line, col;   // 1-based
	OL_VEC(node *) kids;  // N_SEQ items; N_MAP key, value, key, value...
};

static void node_free(node *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->kids.len; i++)
		node_free(n->kids.items[i]);
	OL_VEC_FREE(&n->kids);
	free(n->value);
	free(n);
}

typedef struct reader {
	yaml_parser_t parser;
	const char *path;
	int error;
} reader;

static int fail_at(reader *r, unsigned line, unsigned col, const char *fmt,
		   ...) __attribute__((format(printf, 4, 5)));

static int fail_at(reader *r, unsigned line, unsigned col, const char *fmt,
		   ...)
{
	ol_strbuf b;
	va_list ap;

	if (r->error)
		return r->error;
	ol_strbuf_init(&b);
	va_start(ap, fmt);
	ol_strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	r->error = ol_error_set(OL_ECONFIG, "%s:%u:%u: %s", r->path, line,
				col, ol_strbuf_str(&b));
	ol_strbuf_free(&b);
	return r->error;
}

// Reads one node whose first event is `ev` (consumed); NULL on error.
static node *read_node(reader *r, yaml_event_t *ev, int depth)
{
	node *n = ol_xcalloc(1, sizeof *n);
	n->line = (unsigned)ev->start_mark.line + 1;
	n->col = (unsigned)ev->start_mark.column + 1;

	if (depth > OL_CONFIG_MAX_DEPTH) {
		fail_at(r, n->line, n->col, "nested too deeply");
		goto bad;
	}
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		n->kind = N_SCALAR;
		n->value = ol_xstrdup((const char *)ev->data.scalar.value);
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		return n;
	case YAML_ALIAS_EVENT:
		fail_at(r, n->line, n->col, "aliases are not supported");
		goto bad;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: {
		yaml_event_type_t end = ev->type == YAML_SEQUENCE_START_EVENT
			? YAML_SEQUENCE_END_EVENT : YAML_MAPPING_END_EVENT;
		n->kind = ev->type == YAML_SEQUENCE_START_EVENT ? N_SEQ : N_MAP;
		for (;;) {
			yaml_event_t e;
			if (!yaml_parser_parse(&r->parser, &e)) {
				fail_at(r, (unsigned)r->parser.problem_mark.line
					+ 1, (unsigned)r->parser.problem_mark.column
					+ 1, "%s", r->parser.problem
					? r->parser.problem : "invalid YAML");
				goto bad;
			}
			if (e.type == end) {
				yaml_event_delete(&e);
				return n;
			}
			node *k = read_node(r, &e, depth + 1);
			yaml_event_delete(&e);
			if (!k)
				goto bad;
			OL_VEC_PUSH(&n->kids, k);
		}
	}
	default:
		fail_at(r, n->line, n->col, "unexpected YAML event");
		goto bad;
	}
bad:
	node_free(n);
	return NULL;
}

// The document's root node, or NULL for an empty file (r->error on error).
static node *read_document(reader *r)
{
	yaml_event_t e;
	node *root = NULL;

	for (;;) {
		if (!yaml_parser_parse(&r->parser, &e)) {
			fail_at(r, (unsigned)r->parser.problem_mark.line + 1,
				(unsigned)r->parser.problem_mark.column + 1, "%s",
				r->parser.problem ? r->parser.problem
						  : "invalid YAML");
			node_free(root);
			return NULL;
		}
		yaml_event_type_t t = e.type;
		if (t == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&e);
			return root;
		}
		if (t == YAML_DOCUMENT_START_EVENT && root) {
			fail_at(r, (unsigned)e.start_mark.line + 1,
				(unsigned)e.start_mark.column + 1,
				"only one YAML document is allowed");
			yaml_event_delete(&e);
			node_free(root);
			return NULL;
		}
		if (t == YAML_SCALAR_EVENT || t == YAML_SEQUENCE_START_EVENT ||
		    t == YAML_MAPPING_START_EVENT || t == YAML_ALIAS_EVENT) {
			root = read_node(r, &e, 0);
			yaml_event_delete(&e);
			if (!root)
				return NULL;
			continue;
		}
		yaml_event_delete(&e);
	}
}

/* ---- the keys ---------------------------------------------------------- */

typedef enum key_type {
	T_STR, T_STRS, T_PATH, T_PATHS, T_BOOL, T_UINT,
	T_SIZE,    // bytes, base/bytesize.h (an int64_t, -1 unset)
	T_SECONDS, // a string checked as base/limits.h reads it
} key_type;

static const struct key {
	const char *name;
	key_type type;
	size_t offset;
} keys[] = {
	{ "checks", T_STR, offsetof(ol_config, checks) },
	{ "rules", T_PATHS, offsetof(ol_config, rules) },
	{ "exclude", T_STRS, offsetof(ol_config, exclude) },
	{ "header-filter", T_STR, offsetof(ol_config, header_filter) },
	{ "warnings-as-errors", T_STR,
	  offsetof(ol_config, warnings_as_errors) },
	{ "compiler-args", T_STRS, offsetof(ol_config, compiler_args) },
	{ "compile-commands", T_PATH, offsetof(ol_config, compile_commands) },
	{ "project-root", T_PATH, offsetof(ol_config, project_root) },
	{ "baseline", T_PATH, offsetof(ol_config, baseline) },
	{ "include-generated", T_BOOL, offsetof(ol_config, include_generated) },
	{ "default-includes", T_BOOL, offsetof(ol_config, default_includes) },
	{ "jobs", T_UINT, offsetof(ol_config, jobs) },
	{ "cache", T_BOOL, offsetof(ol_config, cache) },
	{ "cache-dir", T_PATH, offsetof(ol_config, cache_dir) },
	{ "cache-max-size", T_SIZE, offsetof(ol_config, cache_max_size) },
	{ "max-file-memory", T_SIZE, offsetof(ol_config, max_file_memory) },
	{ "max-file-time", T_SECONDS, offsetof(ol_config, max_file_time) },
};
#define NKEYS (sizeof keys / sizeof keys[0])

static char *path_in(const ol_config *c, const char *p)
{
	if (p[0] == '/' || !c->dir)
		return ol_xstrdup(p);
	ol_strbuf b;
	ol_strbuf_init(&b);
	ol_strbuf_printf(&b, "%s/%s", c->dir, p);
	return ol_strbuf_detach(&b);
}

// Compiler flags whose value is a path: in the configuration it is
// relative to the file's folder, so the tool can run from anywhere.
static const char *const path_flags[] = { "-I", "-isystem", "-iquote",
					  "-idirafter", "-include", NULL };

// Makes the relative paths of the compiler-args list absolute.
static void anchor_compiler_args(ol_config *c)
{
	ol_str_vec *v = &c->compiler_args;

	for (size_t i = 0; i < v->len; i++) {
		for (size_t k = 0; path_flags[k]; k++) {
			size_t n = strlen(path_flags[k]);
			char *a = v->items[i];
			if (strncmp(a, path_flags[k], n))
				continue;
			if (!a[n] && i + 1 < v->len) { // "-I" "dir"
				char *p = path_in(c, v->items[i + 1]);
				free(v->items[i + 1]);
				v->items[++i] = p;
			} else if (a[n] && (k == 0 || a[n] != '-')) {
				// "-Idir" (not "-isystem-foo" style typos)
				char *p = path_in(c, a + n);
				ol_strbuf b;
				ol_strbuf_init(&b);
				ol_strbuf_printf(&b, "%s%s", path_flags[k], p);
				free(p);
				free(a);
				v->items[i] = ol_strbuf_detach(&b);
			}
			break;
		}
	}
}

static const char *type_words(key_type t)
{
	switch (t) {
	case T_STR: return "a string";
	case T_PATH: return "a path";
	case T_STRS: return "a list of strings";
	case T_PATHS: return "a list of paths";
	case T_BOOL: return "true or false";
	case T_UINT: return "a number from 1 to 1024";
	case T_SIZE: return "a size in bytes, with an optional suffix K, M, G "
			    "or T (512M, 2G; 0: none)";
	case T_SECONDS: return "a number of seconds (300, 5m; 0: none)";
	}
	return "?";
}

static int set_key(reader *r, ol_config *c, const struct key *k, node *v)
{
	char *field = (char *)c + k->offset;

	switch (k->type) {
	case T_STR:
	case T_PATH:
		if (v->kind != N_SCALAR)
			break;
		free(*(char **)field);
		*(char **)field = k->type == T_PATH ? path_in(c, v->value)
						    : ol_xstrdup(v->value);
		return 0;
	case T_STRS:
	case T_PATHS: {
		ol_str_vec *vec = (ol_str_vec *)field;
		// One scalar is a list of one.
		node *const *items = v->kind == N_SEQ ? v->kids.items : &v;
		size_t n = v->kind == N_SEQ ? v->kids.len : 1;
		if (v->kind == N_MAP)
			break;
		for (size_t i = 0; i < n; i++)
			if (items[i]->kind != N_SCALAR)
				return fail_at(r, items[i]->line, items[i]->col,
					       "'%s' must be %s", k->name,
					       type_words(k->type));
		for (size_t i = 0; i < n; i++)
			OL_VEC_PUSH(vec, k->type == T_PATHS
				    ? path_in(c, items[i]->value)
				    : ol_xstrdup(items[i]->value));
		return 0;
	}
	case T_BOOL:
		if (v->kind != N_SCALAR || !v->plain)
			break;
		if (!strcmp(v->value, "true") || !strcmp(v->value, "yes"))
			*(int *)field = 1;
		else if (!strcmp(v->value, "false") || !strcmp(v->value, "no"))
			*(int *)field = 0;
		else
			break;
		return 0;
	case T_SECONDS: {
		uint64_t n;
		if (v->kind != N_SCALAR || !ol_limits_parse_seconds(v->value, &n))
			break;
		free(*(char **)field);
		*(char **)field = ol_xstrdup(v->value);
		return 0;
	}
	case T_UINT: {
		char *end;
		long n;
		if (v->kind != N_SCALAR)
			break;
		errno = 0;
		n = strtol(v->value, &end, 10);
		if (!*v->value || *end || errno || n < 1 || n > 1024)
			break;
		*(unsigned *)field = (unsigned)n;
		return 0;
	}
	case T_SIZE: {
		uint64_t bytes;
		// (a plain number is an int to YAML; "512M" a string: both)
		if (v->kind != N_SCALAR || !ol_bytesize_parse(v->value, &bytes))
			break;
		*(int64_t *)field = (int64_t)bytes;
		return 0;
	}
	}
	return fail_at(r, v->line, v->col, "'%s' must be %s", k->name,
		       type_words(k->type));
}

static int read_config(reader *r, ol_config *c, node *root)
{
	if (!root)
		return 0; // an empty file: nothing set
	if (root->kind == N_SCALAR && root->plain &&
	    (!*root->value || !strcmp(root->value, "~") ||
	     !strcmp(root->value, "null")))
		return 0;
	if (root->kind != N_MAP)
		return fail_at(r, root->line, root->col, "the configuration "
			       "must be a mapping of keys to values");
	for (size_t i = 0; i + 1 < root->kids.len; i += 2) {
		node *k = root->kids.items[i], *v = root->kids.items[i + 1];
		const struct key *key = NULL;
		if (k->kind != N_SCALAR)
			return fail_at(r, k->line, k->col, "a key must be a "
				       "plain name");
		for (size_t j = 0; j < NKEYS; j++)
			if (!strcmp(keys[j].name, k->value))
				key = &keys[j];
		if (!key) {
			ol_strbuf known;
			ol_strbuf_init(&known);
			for (size_t j = 0; j < NKEYS; j++)
				ol_strbuf_printf(&known, "%s%s", j ? ", " : "",
						 keys[j].name);
			fail_at(r, k->line, k->col, "unknown key '%s' (known "
				"keys: %s)", k->value, ol_strbuf_str(&known));
			ol_strbuf_free(&known);
			return r->error;
		}
		for (size_t j = 0; j < i; j += 2)
			if (!strcmp(root->kids.items[j]->value, k->value))
				return fail_at(r, k->line, k->col, "key '%s' "
					       "given twice", k->value);
		if (set_key(r, c, key, v))
			return r->error;
	}
	return 0;
}

ol_config *ol_config_new(void)
{
	ol_config *c = ol_xcalloc(1, sizeof *c);
	c->include_generated = -1;
	c->default_includes = -1;
	c->cache = -1;
	c->cache_max_size = -1;
	c->max_file_memory = -1;
	return c;
}

static void strs_free(ol_str_vec *v)
{
	for (size_t i = 0; i < v->len; i++)
		free(v->items[i]);
	OL_VEC_FREE(v);
}

void ol_config_free(ol_config *c)
{
	if (!c)
		return;
	free(c->path);
	free(c->dir);
	free(c->checks);
	strs_free(&c->rules);
	strs_free(&c->exclude);
	free(c->header_filter);
	free(c->warnings_as_errors);
	strs_free(&c->compiler_args);
	free(c->compile_commands);
	free(c->project_root);
	free(c->baseline);
	free(c->cache_dir);
	free(c->max_file_time);
	free(c);
}

int ol_config_load(ol_config **out, const char *path)
{
	ol_config *c;
	reader r = { .path = path };
	struct stat st;
	FILE *f;
	node *root;

	*out = NULL;
	// Only a regular file: a FIFO would block the reader.
	if (stat(path, &st) != 0)
		return ol_error_set(OL_EIO, "cannot read configuration '%s': "
				    "%s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return ol_error_set(OL_EIO, "cannot read configuration '%s': "
				    "not a regular file", path);
	if (!(f = fopen(path, "rb")))
		return ol_error_set(OL_EIO, "cannot read configuration '%s': "
				    "%s", path, strerror(errno));
	c = ol_config_new();
	c->path = realpath(path, NULL);
	if (!c->path)
		c->path = ol_xstrdup(path);
	c->dir = ol_xstrdup(c->path);
	char *slash = strrchr(c->dir, '/');
	if (slash)
		slash[slash == c->dir] = 0;
	yaml_parser_initialize(&r.parser);
	yaml_parser_set_input_file(&r.parser, f);
	root = read_document(&r);
	if (!r.error && !read_config(&r, c, root))
		anchor_compiler_args(c);
	node_free(root);
	yaml_parser_delete(&r.parser);
	fclose(f);
	if (r.error) {
		ol_config_free(c);
		return r.error;
	}
	*out = c;
	return 0;
}

char *ol_config_find(const char *path)
{
	static const char *const names[] = { OL_CONFIG_NAME,
					     OL_CONFIG_NAME_ALT, NULL };
	size_t which = 0;
	char *dir = ol_path_find_up(path, names, &which);
	ol_strbuf b;

	if (!dir)
		return NULL;
	ol_strbuf_init(&b);
	ol_strbuf_printf(&b, "%s/%s", strcmp(dir, "/") ? dir : "",
			 names[which]);
	free(dir);
	return ol_strbuf_detach(&b);
}

/* ---- one configuration per input ---------------------------------------- */

struct ol_config_cache {
	const ol_config *first; // borrowed
	ol_config *none;        // owned: for inputs no file governs
	OL_VEC(ol_config *) read; // owned
};

ol_config_cache *ol_config_cache_new(const ol_config *first)
{
	ol_config_cache *c = ol_xcalloc(1, sizeof *c);
	c->first = first;
	c->none = ol_config_new();
	return c;
}

void ol_config_cache_free(ol_config_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->read.len; i++)
		ol_config_free(c->read.items[i]);
	OL_VEC_FREE(&c->read);
	ol_config_free(c->none);
	free(c);
}

int ol_config_cache_get(ol_config_cache *c, const char *path,
			const ol_config **out)
{
	char *file = ol_config_find(path);
	char *real = file ? realpath(file, NULL) : NULL;
	ol_config *cfg = NULL;
	int err = 0;

	*out = c->none;
	if (!file)
		return 0;
	const char *key = real ? real : file;
	if (c->first && c->first->path && !strcmp(c->first->path, key)) {
		*out = c->first;
		goto done;
	}
	for (size_t i = 0; i < c->read.len; i++)
		if (!strcmp(c->read.items[i]->path, key)) {
			*out = c->read.items[i];
			goto done;
		}
	if ((err = ol_config_load(&cfg, file)) == 0) {
		OL_VEC_PUSH(&c->read, cfg);
		*out = cfg;
	}
done:
	free(real);
	free(file);
	return err;
}

/* ---- --dump-config ------------------------------------------------------ */

static void put_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s < 0x20)
			fprintf(f, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

void ol_config_dump(FILE *f, const ol_config *c)
{
	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = &keys[i];
		const char *field = (const char *)c + k->offset;
		switch (k->type) {
		case T_STR:
		case T_PATH:
		case T_SECONDS: {
			const char *s = *(char *const *)field;
			if (!s)
				continue;
			fprintf(f, "%s: ", k->name);
			put_str(f, s);
			fputc('\n', f);
			break;
		}
		case T_STRS:
		case T_PATHS: {
			const ol_str_vec *v = (const ol_str_vec *)field;
			fprintf(f, "%s: [", k->name);
			for (size_t j = 0; j < v->len; j++) {
				if (j)
					fputs(", ", f);
				put_str(f, v->items[j]);
			}
			fputs("]\n", f);
			break;
		}
		case T_BOOL:
			if (*(const int *)field >= 0)
				fprintf(f, "%s: %s\n", k->name,
					*(const int *)field ? "true" : "false");
			break;
		case T_UINT:
			if (*(const unsigned *)field)
				fprintf(f, "%s: %u\n", k->name,
					*(const unsigned *)field);
			break;
		case T_SIZE:
			if (*(const int64_t *)field >= 0) {
				char size[32];
				ol_bytesize_format(
					(uint64_t)*(const int64_t *)field,
					size, sizeof size);
				fprintf(f, "%s: %s\n", k->name, size);
			}
			break;
		}
	}
}
