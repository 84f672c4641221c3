/*
 * compdb.c — compile_commands.json to ol_inputs.
 *
 * The JSON is read by base/jsonfile.h: a regular file only (a FIFO is
 * refused, not waited on), a syntax error with its line and column. Paths: a relative `directory` is relative to the
 * database's folder (CMake and meson always write absolute ones; hand-made
 * databases often do not), a relative `file` is relative to `directory`.
 * The compile's working directory is kept in ol_input.workdir; tu.c hands
 * it to clang as -working-directory, so relative -I flags keep working.
 */
#include "compdb.h"
#include "args.h"

#include "../base/jsonfile.h"
#include "../base/path.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DB_NAME "compile_commands.json"

size_t ol_compdb_split(char ***out, const char *cmd)
{
	OL_VEC(char *) words = { 0 };
	const char *p = cmd;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p)
			break;
		ol_strbuf w;
		ol_strbuf_init(&w);
		ol_strbuf_add(&w, ""); // an empty '' word is still a word
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' &&
		       *p != '\r') {
			if (*p == '\'') {
				for (p++; *p && *p != '\''; p++)
					ol_strbuf_addc(&w, *p);
				if (*p)
					p++;
			} else if (*p == '"') {
				for (p++; *p && *p != '"'; p++) {
					// In "…", a backslash escapes only these.
					if (*p == '\\' && p[1] &&
					    strchr("\"\\$`\n", p[1]))
						p++;
					ol_strbuf_addc(&w, *p);
				}
				if (*p)
					p++;
			} else if (*p == '\\' && p[1]) {
				ol_strbuf_addc(&w, p[1]);
				p += 2;
			} else {
				ol_strbuf_addc(&w, *p++);
			}
		}
		OL_VEC_PUSH(&words, ol_strbuf_detach(&w));
	}
	*out = words.items;
	return words.len;
}

char *ol_compdb_dir(const char *path)
{
	struct stat st;
	char *s, *slash;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return ol_xstrdup(path);
	s = ol_xstrdup(path);
	slash = strrchr(s, '/');
	if (!slash) {
		free(s);
		return ol_xstrdup(".");
	}
	if (slash == s)
		slash[1] = 0;
	else
		*slash = 0;
	return s;
}

static char *join(const char *dir, const char *name)
{
	if (name[0] == '/' || !dir || !*dir)
		return ol_xstrdup(name);
	size_t n = strlen(dir);
	char *s = ol_xmalloc(n + strlen(name) + 2);
	sprintf(s, "%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", name);
	return s;
}

// Returns an owned path for display: the real path, made relative to the
// current directory when it is under it.
static char *display_path(const char *real)
{
	char cwd[PATH_MAX];
	size_t n;

	if (getcwd(cwd, sizeof cwd)) {
		n = strlen(cwd);
		if (strncmp(real, cwd, n) == 0 && real[n] == '/')
			return ol_xstrdup(real + n + 1);
	}
	return ol_xstrdup(real);
}

static const char *basename_of(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

// nvcc's command line is mostly foreign to clang: keep what both share.
static int nvcc_keep(const char *a)
{
	if (!strcmp(a, "-isystem") || !strcmp(a, "-include") ||
	    !strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U"))
		return 2; // and its value
	if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) ||
	    !strncmp(a, "-U", 2) || !strncmp(a, "-std=", 5))
		return 1;
	return 0;
}

// Builds the clang arguments of an entry from its argv.
static void entry_args(ol_input *x, char **argv, size_t argc, const char *file,
		       const char *real)
{
	OL_VEC(char *) args = { 0 };
	const char *cc = argc ? basename_of(argv[0]) : "";
	bool nvcc = strncmp(cc, "nvcc", 4) == 0;

	if (strstr(cc, "++") && x->lang == OL_LANG_C)
		x->lang = OL_LANG_CXX;
	for (size_t i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, file)) // the source itself
			continue;
		if (a[0] != '-') {
			char *abs = join(x->workdir, a);
			char rp[PATH_MAX];
			bool same = realpath(abs, rp) && !strcmp(rp, real);
			free(abs);
			if (same)
				continue;
		}
		if (nvcc) {
			int k = nvcc_keep(a);
			for (int j = 0; j < k && i < argc; j++)
				OL_VEC_PUSH(&args, ol_xstrdup(argv[i++]));
			if (k)
				i--;
			continue;
		}
		size_t output = ol_args_output_words(
			(const char *const *)argv, argc, i);
		if (output) {
			i += output - 1;
			continue;
		}
		OL_VEC_PUSH(&args, ol_xstrdup(a));
	}
	x->args = args.items;
	x->nargs = args.len;
}

static void entry_error(ol_inputs *out, ol_diag_sink *sink, const char *db,
			size_t idx, const char *what, const char *name)
{
	ol_loc loc = { .file = db, .line = 0, .col = 0 };
	if (name)
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "compdb",
				    "%s: entry %zu: %s '%s'", db, idx, what,
				    name);
	else
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "compdb",
				    "%s: entry %zu: %s", db, idx, what);
	out->nerrors++;
}

static const char *get_str(json_object *o, const char *key)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static void load_entry(ol_inputs *out, ol_diag_sink *sink, const char *db,
		       const char *dbdir, size_t idx, json_object *e)
{
	json_object *jargs;
	const char *dir, *file, *cmd;
	char **argv = NULL;
	size_t argc = 0;
	char *workdir = NULL, *abs = NULL;
	char real[PATH_MAX];
	struct stat st;
	ol_input x = { 0 };

	if (!json_object_is_type(e, json_type_object)) {
		entry_error(out, sink, db, idx, "not an object", NULL);
		return;
	}
	dir = get_str(e, "directory");
	file = get_str(e, "file");
	cmd = get_str(e, "command");
	if (!file) {
		entry_error(out, sink, db, idx, "no \"file\" string", NULL);
		return;
	}
	workdir = join(dbdir, dir ? dir : ".");
	abs = join(workdir, file);
	if (!realpath(abs, real) || stat(real, &st) != 0 ||
	    !S_ISREG(st.st_mode)) {
		// Stale, most likely: the collection reports it when the run
		// would have analyzed it (inputs.h).
		ol_stale_entry e = { ol_xstrdup(db), idx,
				     ol_path_absolute(abs) };
		OL_VEC_PUSH(&out->stale, e);
		goto cleanup;
	}
	for (size_t i = 0; i < out->v.len; i++)
		if (out->v.items[i].dev == st.st_dev &&
		    out->v.items[i].ino == st.st_ino)
			goto cleanup; // a second configuration of the same file

	if (json_object_object_get_ex(e, "arguments", &jargs)) {
		// An array of strings (clang's JSONCompilationDatabase);
		// anything else is the database's error, not a parse error.
		size_t n = json_object_is_type(jargs, json_type_array)
				   ? json_object_array_length(jargs) : 0;
		for (size_t i = 0; i < n; i++)
			if (!json_object_is_type(json_object_array_get_idx(
					jargs, i), json_type_string)) {
				char what[96];
				snprintf(what, sizeof what, "\"arguments\"[%zu] "
					 "is not a string in the entry of", i);
				entry_error(out, sink, db, idx, what, file);
				goto cleanup;
			}
		if (!json_object_is_type(jargs, json_type_array) || n == 0) {
			entry_error(out, sink, db, idx, "\"arguments\" is not "
				    "a non-empty array of strings for", file);
			goto cleanup;
		}
		argc = n;
		argv = ol_xcalloc(argc + 1, sizeof(char *));
		for (size_t i = 0; i < argc; i++)
			argv[i] = ol_xstrdup(json_object_get_string(
				json_object_array_get_idx(jargs, i)));
	} else if (cmd) {
		argc = ol_compdb_split(&argv, cmd);
	} else {
		entry_error(out, sink, db, idx,
			    "neither \"arguments\" nor \"command\" for", file);
		goto cleanup;
	}

	x.path = display_path(real);
	if (!ol_inputs_lang_of(real, &x.lang))
		x.lang = OL_LANG_C;
	{
		char wreal[PATH_MAX];
		x.workdir = ol_xstrdup(realpath(workdir, wreal) ? wreal
								: workdir);
	}
	x.from_compdb = true;
	x.dev = st.st_dev;
	x.ino = st.st_ino;
	entry_args(&x, argv, argc, file, real);
	OL_VEC_PUSH(&out->v, x);

cleanup:
	for (size_t i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	free(workdir);
	free(abs);
}

void ol_compdb_load(ol_inputs *out, const char *path, ol_diag_sink *sink)
{
	struct stat st;
	char *db = NULL, *dbdir = NULL;
	json_object *root = NULL;
	ol_loc loc = { .file = path, .line = 0, .col = 0 };

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		db = join(path, DB_NAME);
	else
		db = ol_xstrdup(path);
	loc.file = db;
	dbdir = ol_compdb_dir(db);

	ol_json_pos pos;
	int err = ol_jsonfile_read(&root, db, &pos);
	if (err == OL_EIO) {
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "compdb",
				    "cannot read compilation database '%s': %s",
				    db, ol_error_last());
		out->nerrors++;
		goto cleanup;
	}
	if (err) {
		loc.line = pos.line;
		loc.col = pos.col;
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "compdb",
				    "malformed compilation database: %s",
				    ol_error_last());
		out->nerrors++;
		goto cleanup;
	}
	if (!json_object_is_type(root, json_type_array)) {
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "compdb",
				    "malformed compilation database '%s': the "
				    "top level is not an array", db);
		out->nerrors++;
		goto cleanup;
	}
	size_t n = json_object_array_length(root);
	for (size_t i = 0; i < n; i++)
		load_entry(out, sink, db, dbdir, i,
			   json_object_array_get_idx(root, i));
	if (n == 0) {
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "compdb",
				    "the compilation database '%s' is empty",
				    db);
		out->nerrors++;
	}

cleanup:
	json_object_put(root);
	free(dbdir);
	free(db);
}
