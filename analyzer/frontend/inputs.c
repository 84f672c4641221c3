/*
 * inputs.c — command-line paths to a sorted, de-duplicated list of
 * translation units (see inputs.h for the rules).
 *
 * The walk uses opendir/readdir and sorts each directory's entries itself
 * (nftw's order is the file system's). It follows symlinks, remembering the
 * (device, inode) of every directory entered, so a link back up the tree is
 * entered once. It does not read .gitignore: hidden and build folders are
 * the only exclusions.
 */
#include "inputs.h"
#include "compdb.h"

#include "../base/path.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Bytes looked at to tell a binary file from a source file.
#define BINARY_PROBE_BYTES 8192

typedef struct dev_ino {
	dev_t dev;
	ino_t ino;
} dev_ino;

typedef OL_VEC(dev_ino) dev_ino_vec;

void ol_inputs_init(ol_inputs *in)
{
	memset(in, 0, sizeof *in);
}

static void input_clear(ol_input *x)
{
	free(x->path);
	free(x->workdir);
	for (size_t j = 0; j < x->nargs; j++)
		free(x->args[j]);
	free(x->args);
}

void ol_inputs_drop(ol_inputs *in, const bool *drop)
{
	size_t w = 0;
	for (size_t i = 0; i < in->v.len; i++) {
		if (drop[i])
			input_clear(&in->v.items[i]);
		else
			in->v.items[w++] = in->v.items[i];
	}
	in->v.len = w;
}

void ol_inputs_drop_unselected(ol_inputs *in)
{
	for (size_t i = 0; i < in->unselected.len; i++)
		input_clear(&in->unselected.items[i]);
	OL_VEC_FREE(&in->unselected);
}

static void stale_clear(ol_inputs *in)
{
	for (size_t i = 0; i < in->stale.len; i++) {
		free(in->stale.items[i].db);
		free(in->stale.items[i].path);
	}
	OL_VEC_FREE(&in->stale);
}

void ol_inputs_free(ol_inputs *in)
{
	for (size_t i = 0; i < in->v.len; i++)
		input_clear(&in->v.items[i]);
	OL_VEC_FREE(&in->v);
	ol_inputs_drop_unselected(in);
	stale_clear(in);
}

static const struct {
	const char *ext;
	ol_lang lang;
} exts[] = {
	{ ".c", OL_LANG_C },       { ".h", OL_LANG_C_HEADER },
	{ ".cc", OL_LANG_CXX },    { ".cpp", OL_LANG_CXX },
	{ ".cxx", OL_LANG_CXX },   { ".hh", OL_LANG_CXX_HEADER },
	{ ".hpp", OL_LANG_CXX_HEADER }, { ".hxx", OL_LANG_CXX_HEADER },
	{ ".cu", OL_LANG_CUDA },   { ".cuh", OL_LANG_CUDA_HEADER },
};

bool ol_inputs_lang_of(const char *path, ol_lang *out)
{
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');

	if (!dot || (slash && dot < slash))
		return false;
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		if (strcmp(dot, exts[i].ext) == 0) {
			*out = exts[i].lang;
			return true;
		}
	}
	return false;
}

const char *ol_lang_xarg(ol_lang l)
{
	switch (l) {
	case OL_LANG_C: return "c";
	case OL_LANG_C_HEADER: return "c-header";
	case OL_LANG_CXX: return "c++";
	case OL_LANG_CXX_HEADER: return "c++-header";
	case OL_LANG_CUDA: return "cuda";
	case OL_LANG_CUDA_HEADER: return "cuda";
	}
	return "c";
}

static void io_error(ol_inputs *in, ol_diag_sink *sink, const char *path,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

// Adds a notice of level error about `path` (kind "io").
static void io_error(ol_inputs *in, ol_diag_sink *sink, const char *path,
		     const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	ol_loc loc = { .file = path, .line = 0, .col = 0 };

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "io", "%s", msg);
	in->nerrors++;
}

static bool seen(const ol_inputs *in, dev_t dev, ino_t ino)
{
	for (size_t i = 0; i < in->v.len; i++)
		if (in->v.items[i].dev == dev && in->v.items[i].ino == ino)
			return true;
	return false;
}

// True when the first bytes of `path` contain a NUL. Sets *err on a read
// failure (errno value) and returns false.
static bool is_binary(const char *path, int *err)
{
	char buf[BINARY_PROBE_BYTES];
	FILE *f = fopen(path, "rb");
	size_t n;

	*err = 0;
	if (!f) {
		*err = errno;
		return false;
	}
	n = fread(buf, 1, sizeof buf, f);
	if (ferror(f))
		*err = errno ? errno : EIO;
	fclose(f);
	return memchr(buf, 0, n) != NULL;
}

// Checks and appends one regular file. `st` is its stat (symlinks followed).
static void add_file(ol_inputs *in, const char *path, const struct stat *st,
		     ol_lang lang, bool explicit_file, ol_diag_sink *sink)
{
	int err;

	if (seen(in, st->st_dev, st->st_ino))
		return;
	if (is_binary(path, &err)) {
		io_error(in, sink, path, "'%s' is a binary file; skipped", path);
		return;
	}
	if (err) {
		io_error(in, sink, path, "cannot read '%s': %s", path,
			 strerror(err));
		return;
	}
	ol_input x = { 0 };
	x.path = ol_xstrdup(path);
	x.lang = lang;
	x.explicit_file = explicit_file;
	x.dev = st->st_dev;
	x.ino = st->st_ino;
	OL_VEC_PUSH(&in->v, x);
}

static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	bool slash = n > 0 && dir[n - 1] == '/';
	char *s = ol_xmalloc(n + strlen(name) + 2);

	sprintf(s, "%s%s%s", dir, slash ? "" : "/", name);
	return s;
}

static bool exists_in(const char *dir, const char *name)
{
	char *p = join(dir, name);
	struct stat st;
	bool ok = stat(p, &st) == 0;

	free(p);
	return ok;
}

// A meson or CMake build tree, or any `build*` folder with a database.
static bool is_build_dir(const char *path, const char *name)
{
	if (strncmp(name, "build", 5) != 0)
		return false;
	return exists_in(path, "meson-private") ||
	       exists_in(path, "CMakeFiles") ||
	       exists_in(path, "compile_commands.json");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct walk {
	ol_inputs *in;
	ol_diag_sink *sink;
	const ol_collect_opts *o;
	dev_ino_vec dirs; // every directory entered (loop and duplicate guard)
	struct stat skip; // the -p directory, when skip_set
	bool skip_set;
	size_t found;     // sources found under the root (before exclusions)
} walk;

// Whether an exclusion leaves `path` out (counted in in->nexcluded). The
// path is matched as the user spelled it, made absolute, and by its real
// path (symlinks resolved) when that differs: an absolute glob may have
// been written either way.
static bool excluded(ol_inputs *in, const ol_collect_opts *o,
		     const char *path)
{
	if (!o->nexclude)
		return false;
	char *abs = ol_path_absolute(path);
	bool x = ol_exclude_match(o->exclude, o->nexclude, abs);
	char real[PATH_MAX];
	if (!x && realpath(path, real) && strcmp(real, abs))
		x = ol_exclude_match(o->exclude, o->nexclude, real);
	free(abs);
	in->nexcluded += x;
	return x;
}

static bool is_header(ol_lang l)
{
	return l == OL_LANG_C_HEADER || l == OL_LANG_CXX_HEADER ||
	       l == OL_LANG_CUDA_HEADER;
}

static void walk_dir(walk *w, const char *path, const struct stat *st)
{
	DIR *d;
	struct dirent *e;
	OL_VEC(char *) names = { 0 };

	for (size_t i = 0; i < w->dirs.len; i++)
		if (w->dirs.items[i].dev == st->st_dev &&
		    w->dirs.items[i].ino == st->st_ino)
			return; // symlink loop, or reached twice
	if (w->skip_set && w->skip.st_dev == st->st_dev &&
	    w->skip.st_ino == st->st_ino)
		return;
	dev_ino di = { st->st_dev, st->st_ino };
	OL_VEC_PUSH(&w->dirs, di);

	if (!(d = opendir(path))) {
		io_error(w->in, w->sink, path, "cannot open directory '%s': %s",
			 path, strerror(errno));
		return;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') // also ".", ".."
			OL_VEC_PUSH(&names, ol_xstrdup(e->d_name));
	closedir(d);
	if (names.len)
		qsort(names.items, names.len, sizeof(char *), cmp_str);

	for (size_t i = 0; i < names.len; i++) {
		char *child = join(path, names.items[i]);
		struct stat cst;
		ol_lang lang;

		if (stat(child, &cst) != 0) {
			// A dangling symlink in a tree is not the user's
			// input: skip it quietly.
		} else if (S_ISDIR(cst.st_mode)) {
			if (!is_build_dir(child, names.items[i]) &&
			    !excluded(w->in, w->o, child))
				walk_dir(w, child, &cst);
		} else if (S_ISREG(cst.st_mode) &&
			   ol_inputs_lang_of(child, &lang)) {
			// Headers are analyzed through their includers.
			w->found++;
			if (!is_header(lang) && !excluded(w->in, w->o, child))
				add_file(w->in, child, &cst, lang, false,
					 w->sink);
		}
		free(child);
		free(names.items[i]);
	}
	OL_VEC_FREE(&names);
}

static void add_path(ol_inputs *in, const char *path, const char *skip_dir,
		     const ol_collect_opts *o, ol_diag_sink *sink)
{
	struct stat st;
	ol_lang lang;

	if (stat(path, &st) != 0) {
		io_error(in, sink, path, "cannot open '%s': %s", path,
			 strerror(errno));
		return;
	}
	if (S_ISREG(st.st_mode)) {
		if (!ol_inputs_lang_of(path, &lang))
			lang = OL_LANG_C; // named explicitly: the user knows
		if (!excluded(in, o, path))
			add_file(in, path, &st, lang, true, sink);
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		io_error(in, sink, path, "'%s' is not a regular file", path);
		return;
	}

	walk w = { .in = in, .sink = sink, .o = o };
	// The build directory is skipped below the walked folder, never when
	// it is that folder itself (bear and setuptools put the database in
	// the project root: `-p . .`).
	if (skip_dir && stat(skip_dir, &w.skip) == 0 &&
	    S_ISDIR(w.skip.st_mode) &&
	    !(w.skip.st_dev == st.st_dev && w.skip.st_ino == st.st_ino))
		w.skip_set = true;
	walk_dir(&w, path, &st);
	OL_VEC_FREE(&w.dirs);
	if (w.found == 0)
		io_error(in, sink, path,
			 "no C, C++ or CUDA source files found under '%s'",
			 path);
}

// The file `name` of an `#include "name"` in `includer`: next to the
// includer, else in one of the -I folders. Returns its stat in *st.
static bool find_include(const ol_collect_opts *o, const char *includer,
			 const char *name, struct stat *st)
{
	char *dir = ol_compdb_dir(includer);
	char *p = name[0] == '/' ? ol_xstrdup(name) : join(dir, name);
	bool ok = stat(p, st) == 0 && S_ISREG(st->st_mode);

	free(p);
	free(dir);
	for (size_t i = 0; !ok && name[0] != '/' && i < o->ninclude_dirs; i++) {
		p = join(o->include_dirs[i], name);
		ok = stat(p, st) == 0 && S_ISREG(st->st_mode);
		free(p);
	}
	return ok;
}

bool ol_inputs_find_include(const ol_collect_opts *o, const char *includer,
			    const char *name, struct stat *st)
{
	return find_include(o, includer, name, st);
}

const char *ol_quoted_include(const char *line, size_t *len)
{
	const char *q = line;
	while (*q == ' ' || *q == '\t')
		q++;
	if (*q++ != '#')
		return NULL;
	while (*q == ' ' || *q == '\t')
		q++;
	if (strncmp(q, "include", 7))
		return NULL;
	q += 7;
	while (*q == ' ' || *q == '\t')
		q++;
	const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
	const char *nl = strchr(q, '\n');
	if (!end || (nl && end > nl))
		return NULL;
	*len = (size_t)(end - q - 1);
	return q + 1;
}

// Marks the walked sources that another input includes with
// `#include "x.c"`: fragments of a single-TU build, analyzed with their
// includer (a textual scan: cheap, and good enough for quoted includes).
static void mark_fragments(ol_inputs *in, const ol_collect_opts *o)
{
	for (size_t i = 0; i < in->v.len; i++) {
		size_t len;
		char *text = ol_read_file(in->v.items[i].path, &len);
		if (!text)
			continue;
		for (char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
			size_t n;
			char *q = (char *)ol_quoted_include(p, &n);
			if (!q)
				continue;
			char *end = q + n;
			*end = 0;
			struct stat st;
			ol_lang lang;
			if (ol_inputs_lang_of(q, &lang) && !is_header(lang) &&
			    find_include(o, in->v.items[i].path, q, &st))
				for (size_t j = 0; j < in->v.len; j++)
					if (j != i && in->v.items[j].dev == st.st_dev &&
					    in->v.items[j].ino == st.st_ino &&
					    !in->v.items[j].explicit_file)
						in->v.items[j].fragment = true;
			*end = '"';
		}
		free(text);
	}
	size_t w = 0;
	for (size_t i = 0; i < in->v.len; i++) {
		if (in->v.items[i].fragment) {
			input_clear(&in->v.items[i]);
			continue;
		}
		in->v.items[w++] = in->v.items[i];
	}
	in->v.len = w;
}

// The database's entries, restricted to the files `named` holds when it
// is not empty. Named files that the database lacks are kept with no
// database flags when the user named them explicitly.
static void restrict_to(ol_inputs *out, ol_inputs *db, ol_inputs *named,
			ol_diag_sink *sink)
{
	for (size_t i = 0; i < named->v.len; i++) {
		ol_input *n = &named->v.items[i];
		bool found = false;

		for (size_t j = 0; j < db->v.len; j++) {
			ol_input *e = &db->v.items[j];

			if (!e->path || e->dev != n->dev || e->ino != n->ino)
				continue;
			// Keep the user's spelling of the path.
			free(e->path);
			e->path = n->path;
			n->path = NULL;
			OL_VEC_PUSH(&out->v, *e);
			memset(e, 0, sizeof *e);
			found = true;
			break;
		}
		if (found || !n->explicit_file)
			continue;
		if (is_header(n->lang)) {
			// (not analyzed alone: through an includer, else
			// skipped, header_alone.h)
			OL_VEC_PUSH(&out->v, *n);
			memset(n, 0, sizeof *n);
			continue;
		}
		ol_loc loc = { .file = n->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_WARNING, loc, "io",
				    "'%s' is not in the compilation database; "
				    "analyzed without its flags", n->path);
		OL_VEC_PUSH(&out->v, *n);
		memset(n, 0, sizeof *n);
	}
}

// Whether the run selects the file `abs` of a stale entry: it names no
// paths, or `abs` lies below a folder it names. (A missing file named
// itself is already an error of its own: "cannot open".)
static bool stale_selected(const char *abs, const char *const *paths,
			   size_t npaths)
{
	bool selected = npaths == 0;
	for (size_t i = 0; i < npaths && !selected; i++) {
		char *dir = ol_path_absolute(paths[i]);
		size_t n = strlen(dir);
		selected = (n == 1 && dir[0] == '/') ||
			   (!strncmp(abs, dir, n) && abs[n] == '/');
		free(dir);
	}
	return selected;
}

// Reports the stale entries of `db` that the run would analyze (notices of
// level warning, kind "missing-file"; counted in out->nstale), quietly
// drops the others, and empties db->stale.
static void report_stale(ol_inputs *out, ol_inputs *db,
			 const char *const *paths, size_t npaths,
			 const ol_collect_opts *o, ol_diag_sink *sink)
{
	for (size_t i = 0; i < db->stale.len; i++) {
		const ol_stale_entry *e = &db->stale.items[i];
		if (!stale_selected(e->path, paths, npaths))
			continue;
		if (o->nexclude &&
		    ol_exclude_match(o->exclude, o->nexclude, e->path))
			continue;
		ol_loc loc = { .file = e->db, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_WARNING, loc,
				    "missing-file", "%s: entry %zu: source "
				    "file not found: '%s'; skipped (a stale "
				    "entry: the database is older than the "
				    "tree)", e->db, e->idx, e->path);
		out->nstale++;
	}
	stale_clear(db);
}

void ol_inputs_collect(ol_inputs *out, const char *const *paths, size_t npaths,
		       const ol_collect_opts *o, ol_diag_sink *sink)
{
	ol_inputs named, db;

	if (!o->compdb) {
		for (size_t i = 0; i < npaths; i++)
			add_path(out, paths[i], NULL, o, sink);
		mark_fragments(out, o);
		return;
	}

	ol_inputs_init(&db);
	ol_compdb_load(&db, o->compdb, sink);
	out->nerrors += db.nerrors;
	report_stale(out, &db, paths, npaths, o, sink);
	if (npaths == 0) {
		for (size_t i = 0; i < db.v.len; i++) {
			if (excluded(out, o, db.v.items[i].path)) {
				input_clear(&db.v.items[i]);
				continue;
			}
			OL_VEC_PUSH(&out->v, db.v.items[i]);
		}
		db.v.len = 0;
		ol_inputs_free(&db);
		return;
	}

	// The build directory itself is never walked.
	char *skip = ol_compdb_dir(o->compdb);
	ol_inputs_init(&named);
	for (size_t i = 0; i < npaths; i++)
		add_path(&named, paths[i], skip, o, sink);
	free(skip);
	out->nerrors += named.nerrors;
	out->nexcluded += named.nexcluded;
	restrict_to(out, &db, &named, sink);
	// What the run did not select may include a header it names.
	for (size_t i = 0; i < db.v.len; i++)
		if (db.v.items[i].path && !is_header(db.v.items[i].lang) &&
		    !excluded(&db, o, db.v.items[i].path)) {
			OL_VEC_PUSH(&out->unselected, db.v.items[i]);
			memset(&db.v.items[i], 0, sizeof db.v.items[i]);
		}
	ol_inputs_free(&named);
	ol_inputs_free(&db);
}
