/*
 * main.c — the command line (docs/contract.md): options (read by cli.c)
 * merged over the configuration file, then the pipeline (run.c), then one
 * emitter. The only file that may call exit().
 *
 * Exit status: 0 no finding, 1 findings (level warning or error, not
 * suppressed), 2 a usage, configuration or input error (a file missing,
 * binary or not analyzed at all, a bad compilation database, rules or
 * configuration file, an unwritable -o), 3 a file analyzed only in part
 * (some of its functions hold errors, frontend/partial.h). 2 wins over 3,
 * 3 over 1; --exit-zero turns 1 and 3 into 0. The findings are always
 * written.
 */
#include "cli.h"
#include "base/bytesize.h"
#include "base/clobber.h"
#include "base/limits.h"
#include "base/outfile.h"
#include "base/path.h"
#include "base/serial.h"
#include "base/strbuf.h"
#include "base/vec.h"
#include "diag/diag.h"
#include "emit/emit.h"
#include "emit/rulepage.h"
#include "config/config.h"
#include "emit/verify_output.h"
#include "engine/engine.h"
#include "frontend/compdb.h"
#include "frontend/crash.h"
#include "frontend/header_alone.h"
#include "frontend/headers.h"
#include "frontend/inputs.h"
#include "frontend/project.h"
#include "frontend/tu.h"
#include "kb/compiled.h"
#include "kb/kb.h"
#include "kb/pending.h"
#include "ol.h"
#include "ninja.h"
#include "run.h"
#include "shard.h"

#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void print_version(void)
{
	ol_strbuf v;
	ol_strbuf_init(&v);
	ol_tu_clang_version(&v);
	printf("mojo-ownlint %s (libclang %s)\n", OL_VERSION,
	       ol_strbuf_str(&v));
	ol_strbuf_free(&v);
}

static void list_checks(void)
{
	for (int i = 0; i < OL_CHECK__COUNT; i++) {
		const ol_check_info *ci = ol_check_info_get((ol_check_id)i);
		printf("%-13s  %-32s  %-7s  %s\n", ci->id, ci->name,
		       ol_level_name(ci->level), ci->help);
	}
}

// --explain ID: the check's page (rules/<ID>.md, emit/rulepage.h), else
// its row of checks.def.
static int explain(const char *id)
{
	ol_check_id c;
	const ol_check_info *ci;
	char *page;

	if (!ol_check_lookup(id, &c)) {
		char msg[256];
		snprintf(msg, sizeof msg, "unknown check '%s' (see "
			 "--list-checks)", id);
		return usage_error(msg);
	}
	ci = ol_check_info_get(c);
	if ((page = ol_rule_page_text(ci->id))) {
		// The title, then what the front matter held, then the page.
		const char *nl = strchr(page, '\n');
		if (page[0] == '#' && nl) {
			fwrite(page, 1, (size_t)(nl - page + 1), stdout);
			printf("\nLevel: %s. CWE-%d.\n", ol_level_name(ci->level),
			       ci->cwe);
			fputs(nl + 1, stdout);
		} else {
			fputs(page, stdout);
		}
		free(page);
		return 0;
	}
	printf("%s %s (%s, CWE-%d): %s\n", ci->id, ci->name,
	       ol_level_name(ci->level), ci->cwe, ci->help);
	return 0;
}

// Where the compiled knowledge base is kept (kb/compiled.h): in the cache
// directory, --no-cache or not (that option is about the files' facts;
// this file holds the tool's own rules). Owned, or NULL when no directory
// can be named.
static char *kb_compiled_path(const cli *c)
{
	char *dir = c->cache_dir ? ol_xstrdup(c->cache_dir)
				 : ol_cache_default_dir();
	if (!dir)
		return NULL;
	size_t n = strlen(dir) + sizeof "/kb.compiled";
	char *path = ol_xmalloc(n);
	snprintf(path, n, "%s/kb.compiled", dir);
	free(dir);
	return path;
}

// What load_kb() loads, named on the main thread (the environment and
// the options are read there only).
typedef struct kb_sources {
	char *dir;                 // the shipped rules' folder, or NULL
	const char *const *rules;  // --rules and the configuration's
	size_t nrules;
	char *compiled;            // where kb.compiled is kept, or NULL
} kb_sources;

static kb_sources *kb_sources_new(const cli *c)
{
	kb_sources *k = ol_xcalloc(1, sizeof *k);
	k->dir = ol_kb_default_dir();
	k->rules = (const char *const *)c->rules.items;
	k->nrules = c->rules.len;
	k->compiled = kb_compiled_path(c);
	return k;
}

static void kb_sources_free(kb_sources *k)
{
	if (!k)
		return;
	free(k->dir);
	free(k->compiled);
	free(k);
}

// The shipped knowledge base plus every --rules file (`arg`, a
// kb_sources). A file that does not load is reported and left out; the
// run goes on (docs/contract.md, "Bad input"). When the compiled knowledge
// base was written from these very files by this build, it is read
// instead; a load without errors writes it. Runs on a thread of its own
// while the run goes on (kb/pending.h): its messages go to `messages`.
static ol_kb *load_kb(void *arg, ol_strbuf *messages, size_t *nerrors)
{
	const kb_sources *k = arg;
	ol_kb *kb = NULL;
	const char *dir = k->dir;
	size_t ndir = 0;
	char **dir_files = dir ? ol_kb_dir_files(dir, &ndir) : NULL;
	const char *dir_error = dir && !dir_files
		? ol_xstrdup(ol_error_last()) : NULL;

	ol_kb_new(&kb);
	OL_VEC(const char *) paths = { 0 };
	for (size_t i = 0; i < ndir; i++)
		OL_VEC_PUSH(&paths, dir_files[i]);
	for (size_t i = 0; i < k->nrules; i++)
		OL_VEC_PUSH(&paths, k->rules[i]);
	char *compiled = dir_error || !k->compiled ? NULL
						   : ol_xstrdup(k->compiled);
	uint64_t key = 0;
	bool keyed = compiled &&
		     ol_kb_compiled_key(paths.items, paths.len, &key);
	if (keyed && ol_kb_compiled_read(kb, compiled, key))
		goto done;

	size_t before = *nerrors;
	if (dir_error) {
		ol_strbuf_printf(messages, "mojo-ownlint: error: %s\n",
				 dir_error);
		(*nerrors)++;
	}
	// (as ol_kb_load_dir(): the shipped files up to the first bad one)
	for (size_t i = 0; i < ndir; i++) {
		if (ol_kb_load_file(kb, dir_files[i]) < 0) {
			ol_strbuf_printf(messages, "mojo-ownlint: error: %s\n",
					 ol_error_last());
			(*nerrors)++;
			break;
		}
	}
	for (size_t i = 0; i < k->nrules; i++) {
		if (ol_kb_load_file(kb, k->rules[i]) < 0) {
			ol_strbuf_printf(messages, "mojo-ownlint: error: %s\n",
					 ol_error_last());
			(*nerrors)++;
		}
	}
	if (keyed && *nerrors == before) {
		// (a directory or a file that cannot be written costs the
		// next run the JSON load, nothing else)
		char *slash = strrchr(compiled, '/');
		*slash = 0;
		bool made = ol_cache_mkdirs(compiled);
		*slash = '/';
		if (made)
			ol_kb_compiled_write(kb, compiled, key);
	}
done:
	free(compiled);
	OL_VEC_FREE(&paths);
	ol_kb_free_files(dir_files, ndir);
	free((char *)dir_error);
	return kb;
}

// The facts cache (cache.h), unless turned off or useless (--verify and
// the dumps analyze nothing worth keeping). A directory that cannot be
// used is a warning: the run goes on without.
static uint64_t analysis_hash(const cli *c, const ol_engine_opts *eo,
			      ol_cache *cache);

static ol_cache *open_cache(const cli *c, const ol_engine_opts *eo)
{
	if (c->no_cache || c->verify || c->dumps.len || c->dump_graph ||
	    c->dump_contracts)
		return NULL;
	char *dir = c->cache_dir ? ol_xstrdup(c->cache_dir)
				 : ol_cache_default_dir();
	if (!dir)
		return NULL;
	char *warning = NULL;
	ol_cache *cache = ol_cache_open(dir, c->cache_max_size, &warning);
	// (the configuration's files hashed through the cache's stat index)
	if (cache)
		ol_cache_set_config(cache, analysis_hash(c, eo, cache));
	if (warning)
		fprintf(stderr, "mojo-ownlint: warning: %s\n", warning);
	free(warning);
	free(dir);
	return cache;
}

// What besides the inputs decides the findings: this build, the rules
// files loaded (the shipped ones and --rules) and the options (the cache's
// configuration, and part of a shard's stamp). `cache` (or NULL) gives
// the files' hashes when its stat index knows them.
static uint64_t analysis_hash(const cli *c, const ol_engine_opts *eo,
			      ol_cache *cache)
{
	OL_VEC(char *) rules = {0};
	char *kbdir = ol_kb_default_dir();
	glob_t g;
	if (kbdir) {
		char pat[4096];
		snprintf(pat, sizeof pat, "%s/*.json", kbdir);
		if (glob(pat, 0, NULL, &g) == 0) {
			for (size_t i = 0; i < g.gl_pathc; i++)
				OL_VEC_PUSH(&rules, ol_xstrdup(g.gl_pathv[i]));
			globfree(&g);
		}
	}
	free(kbdir);
	for (size_t i = 0; i < c->rules.len; i++)
		OL_VEC_PUSH(&rules, ol_xstrdup(c->rules.items[i]));
	char options[1024];
	snprintf(options, sizeof options,
		 "checks=%s cross=%d gen=%d steps=%u headers=%s cuda=%d "
		 "exceptions=%d crash-test=%s",
		 c->checks ? c->checks : "", !c->no_cross_file,
		 c->include_generated, eo->max_steps,
		 c->header_filter ? c->header_filter : "", !c->no_cuda_toolkit,
		 c->exceptions,
		 // (the crash tests' hook changes what an analysis does)
		 getenv("MOJO_OWNLINT_TEST_CRASH") ? getenv("MOJO_OWNLINT_TEST_CRASH")
						  : "");
	uint64_t config = ol_cache_config_hash(
		cache, (const char *const *)rules.items, rules.len, options);
	// --extra-arg-before: every file's arguments start with them (the
	// others are in each file's key)
	for (size_t i = 0; i < c->extra_before.len; i++)
		config = ol_hash_str(config, c->extra_before.items[i]);
	for (size_t i = 0; i < rules.len; i++)
		free(rules.items[i]);
	OL_VEC_FREE(&rules);
	return config;
}

// --verify: the case file may carry "// ARGS: <options>" (split on
// spaces), parsed as if given before the file.
static int read_case_args(cli *c, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int err = 0;

	if (!f)
		return 0; // reported when the file is analyzed
	while (getline(&line, &cap, f) > 0) {
		char *p = strstr(line, "// ARGS:");
		if (!p)
			continue;
		OL_VEC(char *) words = { 0 };
		OL_VEC_PUSH(&words, "mojo-ownlint");
		char *save = NULL;
		for (char *w = strtok_r(p + 8, " \t\r\n", &save); w;
		     w = strtok_r(NULL, " \t\r\n", &save)) {
			char *s = ol_xstrdup(w);
			OL_VEC_PUSH(&c->owned, s);
			OL_VEC_PUSH(&words, s);
		}
		size_t npaths = c->paths.len;
		err = parse_args(c, (int)words.len, words.items, 1);
		if (!err && c->paths.len != npaths)
			err = ol_error_set(OL_EUSAGE, "%s: '// ARGS:' names a "
					   "file; only options are allowed",
					   path);
		OL_VEC_FREE(&words);
		break;
	}
	free(line);
	fclose(f);
	return err;
}

// --verify: the stub headers of the test suite, never the host's. Adds
// -I for the first `include` folder found next to the case or above it
// (testdata/<kind>/case.c -> testdata/include).
static void add_case_includes(cli *c, const char *path)
{
	char dir[PATH_MAX], probe[PATH_MAX + 16];
	struct stat st;

	snprintf(dir, sizeof dir, "%s", path);
	for (int up = 0; up < 4; up++) {
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = 0;
		else
			snprintf(dir, sizeof dir, "%s", up ? ".." : ".");
		snprintf(probe, sizeof probe, "%s/include", dir);
		if (stat(probe, &st) == 0 && S_ISDIR(st.st_mode)) {
			char *arg = ol_xmalloc(strlen(probe) + 3);
			sprintf(arg, "-I%s", probe);
			OL_VEC_PUSH(&c->owned, arg);
			OL_VEC_PUSH(&c->extra, arg);
			return;
		}
		if (!slash)
			break;
	}
}

typedef int (*emit_fn)(FILE *, const ol_diag_sink *, const ol_emit_opts *);

// Writes the report (or `dump`) to the destination checked at the start.
static int write_report(ol_outfile *o, emit_fn emit, const ol_diag_sink *s,
			const ol_emit_opts *eo, const char *dump)
{
	FILE *f;
	int err = ol_outfile_open(o, &f);

	if (!err) {
		if (dump)
			fputs(dump, f);
		else if (emit(f, s, eo) < 0)
			err = -1;
		if (ol_outfile_commit(o) < 0)
			err = -1;
	}
	if (err)
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
	return err;
}

// Reads the configuration file (config/config.h): --config, else the
// nearest one above the first input (or the compilation database, or the
// current directory). Returns 0 and an owned config (empty when there is
// none or --no-config), or an error with ol_error_set().
static int find_config(const cli *c, ol_config **out)
{
	const char *from = c->paths.len ? c->paths.items[0]
			 : c->compdb ? c->compdb : ".";
	char *path;
	int err;

	*out = NULL;
	if (c->no_config || c->verify) {
		*out = ol_config_new();
		return 0;
	}
	if (c->config_file)
		return ol_config_load(out, c->config_file);
	if (!(path = ol_config_find(from))) {
		*out = ol_config_new();
		return 0;
	}
	err = ol_config_load(out, path);
	free(path);
	return err;
}

// The command line over the file's run-wide settings: a scalar option
// replaces the file's value; --rules and --exclude come after the file's.
// `cfg` must outlive `c` (its strings are borrowed). Exclude globs go to
// `ex` with their base folder (`cwd` for the command line's). The settings
// of each file (compiler-args, checks) come from the configuration that
// governs it (assign_configs).
typedef OL_VEC(ol_exclude) exclude_vec;

static void merge_config(cli *c, const ol_config *cfg, exclude_vec *ex,
			 const char *cwd)
{
	OL_VEC(const char *) v = { 0 };

	if (!c->compdb)
		c->compdb = cfg->compile_commands;
	if (!c->project_root)
		c->project_root = cfg->project_root;
	if (!c->baseline)
		c->baseline = cfg->baseline;
	if (!c->header_filter)
		c->header_filter = cfg->header_filter;
	if (!c->warnings_as_errors)
		c->warnings_as_errors = cfg->warnings_as_errors;
	if (!c->jobs)
		c->jobs = cfg->jobs;
	if (!c->cache_dir)
		c->cache_dir = cfg->cache_dir;
	if (!c->has_cache_max_size)
		c->cache_max_size = cfg->cache_max_size >= 0
			? (uint64_t)cfg->cache_max_size
			: OL_CACHE_DEFAULT_MAX_SIZE;
	if (!c->has_max_file_memory && cfg->max_file_memory >= 0) {
		c->has_max_file_memory = true;
		c->max_file_memory = (uint64_t)cfg->max_file_memory;
	}
	if (!c->max_file_time)
		c->max_file_time = cfg->max_file_time;
	if (cfg->cache == 0)
		c->no_cache = true;
	if (cfg->include_generated == 1)
		c->include_generated = true;
	if (cfg->default_includes == 0)
		c->no_default_includes = true;
	for (size_t i = 0; i < cfg->rules.len; i++)
		OL_VEC_PUSH(&v, cfg->rules.items[i]);
	for (size_t i = 0; i < c->rules.len; i++)
		OL_VEC_PUSH(&v, c->rules.items[i]);
	OL_VEC_FREE(&c->rules);
	c->rules.items = v.items, c->rules.len = v.len, c->rules.cap = v.cap;
	for (size_t i = 0; i < cfg->exclude.len; i++) {
		ol_exclude e = { cfg->dir, cfg->exclude.items[i] };
		OL_VEC_PUSH(ex, e);
	}
	for (size_t i = 0; i < c->excludes.len; i++) {
		ol_exclude e = { cwd, c->excludes.items[i] };
		OL_VEC_PUSH(ex, e);
	}
}

// The per-file limits: the option's, the configuration's, else the
// defaults (all already checked).
static ol_limits file_limits(const cli *c)
{
	ol_limits l = { 0 };
	l.file_bytes = c->max_file_memory;
	if (!c->has_max_file_memory)
		ol_bytesize_parse(OL_LIMITS_DEFAULT_MEMORY, &l.file_bytes);
	ol_limits_parse_seconds(c->max_file_time ? c->max_file_time
				: OL_LIMITS_DEFAULT_TIME, &l.file_cpu_seconds);
	return l;
}

// --dump-config: the merged configuration, as a file that would give it.
static void dump_config(const cli *c, const ol_config *cfg)
{
	ol_config *m = ol_config_new();
	char *abs;

	if (cfg->path)
		printf("# from %s, with the command line over it\n", cfg->path);
	else
		printf("# no configuration file: the defaults and the command "
		       "line\n");
	m->checks = ol_xstrdup(c->checks ? c->checks
			       : cfg->checks ? cfg->checks : "*");
	for (size_t i = 0; i < c->rules.len; i++)
		OL_VEC_PUSH(&m->rules, ol_path_absolute(c->rules.items[i]));
	for (size_t i = 0; i < cfg->exclude.len; i++)
		OL_VEC_PUSH(&m->exclude, ol_xstrdup(cfg->exclude.items[i]));
	for (size_t i = 0; i < c->excludes.len; i++)
		OL_VEC_PUSH(&m->exclude, ol_xstrdup(c->excludes.items[i]));
	if (c->header_filter)
		m->header_filter = ol_xstrdup(c->header_filter);
	if (c->warnings_as_errors)
		m->warnings_as_errors = ol_xstrdup(c->warnings_as_errors);
	for (size_t i = 0; i < cfg->compiler_args.len; i++)
		OL_VEC_PUSH(&m->compiler_args,
			    ol_xstrdup(cfg->compiler_args.items[i]));
	for (size_t i = 0; i < c->extra.len; i++)
		OL_VEC_PUSH(&m->compiler_args, ol_xstrdup(c->extra.items[i]));
	// (--extra-arg-before has no key: it is said as a comment)
	for (size_t i = 0; i < c->extra_before.len; i++)
		printf("# --extra-arg-before=%s\n", c->extra_before.items[i]);
	if (c->compdb)
		m->compile_commands = ol_path_absolute(c->compdb);
	abs = ol_project_root(c->project_root, c->paths.len
			      ? c->paths.items[0] : c->compdb);
	m->project_root = abs;
	if (c->baseline)
		m->baseline = ol_path_absolute(c->baseline);
	m->include_generated = c->include_generated;
	m->default_includes = !c->no_default_includes;
	m->jobs = c->jobs ? c->jobs : ol_run_default_jobs();
	m->cache = !c->no_cache;
	if (c->cache_dir && !c->no_cache)
		m->cache_dir = ol_path_absolute(c->cache_dir);
	if (!c->no_cache)
		m->cache_max_size = (int64_t)c->cache_max_size;
	m->max_file_memory = (int64_t)file_limits(c).file_bytes;
	m->max_file_time = ol_xstrdup(c->max_file_time
			? c->max_file_time : OL_LIMITS_DEFAULT_TIME);
	ol_config_dump(stdout, m);
	ol_config_free(m);
}

// Gives each input the configuration that governs it (the nearest file
// above it, like .clang-tidy; `cfg` for all with --config, --no-config or
// --verify), and drops the inputs that configuration excludes. Returns 0,
// or an error with ol_error_set() (a file that does not load).
static int assign_configs(const cli *c, const ol_config *cfg,
			  ol_config_cache *cache, ol_inputs *inputs)
{
	bool per_input = !(c->config_file || c->no_config || c->verify);
	bool *drop = ol_xcalloc(inputs->v.len + 1, sizeof(bool));
	int err = 0;

	for (size_t i = 0; i < inputs->v.len && !err; i++) {
		ol_input *in = &inputs->v.items[i];
		const ol_config *ci = cfg;
		if (per_input && (err = ol_config_cache_get(cache, in->path,
							    &ci)) < 0)
			break;
		if (ci != cfg && ci->exclude.len) {
			// The walk applied the run's exclusions; this file's
			// own configuration may exclude more.
			OL_VEC(ol_exclude) ex = { 0 };
			for (size_t k = 0; k < ci->exclude.len; k++) {
				ol_exclude e = { ci->dir, ci->exclude.items[k] };
				OL_VEC_PUSH(&ex, e);
			}
			char *abs = ol_path_absolute(in->path);
			drop[i] = ol_exclude_match(ex.items, ex.len, abs);
			free(abs);
			OL_VEC_FREE(&ex);
		}
		if (ci->path &&
		    (err = ol_clobber_check(ci->path, "a configuration file")) < 0)
			break;
		in->cfg_args = (const char *const *)ci->compiler_args.items;
		in->ncfg_args = ci->compiler_args.len;
		in->cfg_checks = ci->checks;
	}
	for (size_t i = 0; i < inputs->v.len && !err; i++)
		inputs->nexcluded += drop[i];
	if (!err)
		ol_inputs_drop(inputs, drop);
	free(drop);
	return err;
}

// --color: always, never, or (auto) when the report goes to a terminal
// and $NO_COLOR is unset or empty (https://no-color.org).
static bool use_color(const cli *c)
{
	const char *no = getenv("NO_COLOR");
	if (c->color >= 0)
		return c->color;
	return (!c->output || !strcmp(c->output, "-")) &&
	       isatty(STDOUT_FILENO) && !(no && *no);
}

// The progress display (progress.h): --progress, --no-progress, else on
// when stderr is a terminal (and not -q). Never for --verify or dumps.
static ol_progress *new_progress(const cli *c)
{
	bool tty = isatty(STDERR_FILENO);
	if (c->verify || c->dumps.len || c->dump_graph || c->dump_contracts ||
	    c->progress == 0 || (c->progress < 0 && (!tty || c->quiet)))
		return NULL;
	return ol_progress_new(stderr, tty);
}

// --facts-out: the shard's stamp and facts (shard.h), and its summary.
// Findings are counted before the merge; problems with inputs are the
// merge's to report (every shard sees them), so a shard fails (2) only
// when its facts cannot be written.
static int write_shard(const cli *c, int argc, char **argv,
		       const ol_engine_opts *eo, const ol_inputs *in,
		       ol_shard_facts *f, const ol_run_stats *st, unsigned k,
		       unsigned n, const char *cwd)
{
	word_vec words = { 0 };
	split_args(argc, argv, 1, &words, NULL);
	uint64_t h = analysis_hash(c, eo, NULL);
	for (size_t i = 0; i < words.len; i++) {
		OL_VEC_PUSH(&f->stamp.args, ol_xstrdup(words.items[i]));
		h = ol_hash_str(h, words.items[i]);
	}
	OL_VEC_FREE(&words);
	f->stamp.version = ol_xstrdup(OL_VERSION);
	f->stamp.build = ol_cache_build_hash();
	f->stamp.options = h;
	f->stamp.cwd = ol_xstrdup(cwd);
	f->stamp.ninputs = in->v.len;
	f->stamp.inputs = ol_shard_inputs_digest(in);
	f->stamp.k = k;
	f->stamp.n = n;
	// a merge round adds one (run.h), up to the rounds a run does
	f->stamp.rounds = c->restore ? c->restore->stamp.rounds + 1 : 1;
	if (f->stamp.rounds > OL_RUN_ROUNDS)
		f->stamp.rounds = OL_RUN_ROUNDS;
	ol_shard_facts_sort(f);
	if (ol_shard_facts_write(f, c->facts_out, true) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		return EXIT_ERROR;
	}
	if (!c->quiet)
		fprintf(stderr, "mojo-ownlint: shard %u/%u: %zu of %zu files "
			"analyzed (%zu partially, %zu failed to parse), %zu "
			"finding%s before the merge; facts of round %u in "
			"'%s'\n", k, n, st->analyzed + st->partial, in->v.len,
			st->partial, st->failed, st->findings,
			st->findings == 1 ? "" : "s", f->stamp.rounds,
			c->facts_out);
	if (!c->quiet && c->restore)
		fprintf(stderr, "mojo-ownlint: shard %u/%u: %zu file%s "
			"analyzed again with the other shards' contracts\n",
			k, n, st->reanalyzed, st->reanalyzed == 1 ? "" : "s");
	return 0;
}

// --emit-ninja DIR (ninja.h): the build file for these inputs; the
// shards get the options that decide findings, the merge the others.
static int emit_ninja(const cli *c, int argc, char **argv,
		      const ol_inputs *in, const char *cwd)
{
	word_vec analysis = { 0 }, local = { 0 }, merge = { 0 };
	split_args(argc, argv, 1, &analysis, &local);
	// The merge takes the output options, not the build's own.
	for (size_t i = 0; i < local.len; i++) {
		int words = 1;
		const run_opt *o = find_run_opt(local.items[i], &words);
		for (int w = 0; w < words && i < local.len; w++, i++)
			if (o && o->merge && strcmp(o->name, "--exit-zero") &&
			    strcmp(o->name, "-o") && strcmp(o->name, "--output"))
				OL_VEC_PUSH(&merge, local.items[i]);
		i--;
	}
	char tool[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", tool, sizeof tool - 1);
	tool[len > 0 ? len : 0] = 0;
	const char **paths = ol_xcalloc(in->v.len + 1, sizeof *paths);
	for (size_t i = 0; i < in->v.len; i++)
		paths[i] = in->v.items[i].path;
	size_t *pos = ol_shard_positions(in);
	char report[32];
	snprintf(report, sizeof report, "%s", c->fmt == FMT_SARIF
		 ? "report.sarif" : c->fmt == FMT_JSON ? "report.json"
		 : c->fmt == FMT_HTML ? "html-report" : "report.txt");
	ol_ninja_opts no = {
		.dir = c->emit_ninja, .tool = tool, .cwd = cwd,
		.args = analysis.items, .nargs = analysis.len,
		.merge_args = merge.items, .nmerge_args = merge.len,
		.report = report, .inputs = paths, .positions = pos,
		.ninputs = in->v.len,
	};
	int status = 0;
	if (!in->v.len) {
		status = usage_error("--emit-ninja: no input to analyze");
	} else if (ol_ninja_write(&no) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_ERROR;
	} else if (!c->quiet) {
		fprintf(stderr, "mojo-ownlint: wrote %s/build.ninja: %zu "
			"files, then the merge into %s/%s (run: ninja -C %s)\n",
			c->emit_ninja, in->v.len, c->emit_ninja, report,
			c->emit_ninja);
	}
	free(pos);
	free(paths);
	OL_VEC_FREE(&analysis);
	OL_VEC_FREE(&local);
	OL_VEC_FREE(&merge);
	return status;
}


// An HTML report's index (the pages are checked as they are written:
// emit/html.c replaces only pages of an earlier report).
static void clobber_html_output(const char *dir)
{
	ol_strbuf p;

	ol_strbuf_init(&p);
	ol_strbuf_printf(&p, "%s/index.html", dir);
	ol_clobber_output(ol_strbuf_str(&p), "-o");
	ol_strbuf_free(&p);
}

// Checks that no output of the run (clobber.h) is one of its inputs:
// the database, the configuration, the rules, the baseline, the sources.
// Returns 0, or OL_EUSAGE with ol_error_set().
static int check_outputs(const cli *c, const ol_config *cfg,
			 const ol_inputs *inputs)
{
	int err = 0;
	if (c->compdb) {
		struct stat st;
		ol_strbuf db;
		ol_strbuf_init(&db);
		ol_strbuf_add(&db, c->compdb);
		if (stat(c->compdb, &st) == 0 && S_ISDIR(st.st_mode))
			ol_strbuf_add(&db, "/compile_commands.json");
		err = ol_clobber_check(ol_strbuf_str(&db),
				       "the compilation database");
		ol_strbuf_free(&db);
	}
	if (!err && cfg->path)
		err = ol_clobber_check(cfg->path, "a configuration file");
	for (size_t i = 0; !err && i < c->rules.len; i++)
		err = ol_clobber_check(c->rules.items[i], "a rules file");
	if (!err && c->baseline)
		err = ol_clobber_check(c->baseline, "the baseline");
	for (size_t i = 0; !err && i < inputs->v.len; i++)
		err = ol_clobber_check(inputs->v.items[i].path,
				       "a source file");
	for (size_t i = 0; !err && c->facts_files && i < c->nshards; i++)
		err = ol_clobber_check(c->facts_files[i], "a shard's facts");
	return err;
}

static int run_main(cli *c, int argc, char **argv)
{
	ol_diag_sink *sink = NULL;
	ol_tu_env *env = NULL;
	ol_kb *kb = NULL;
	kb_sources *kbsrc = NULL;
	ol_kb_pending *kbp = NULL;
	ol_inputs inputs;
	ol_strbuf dump;
	ol_run_stats st;
	ol_engine_opts eopts;
	ol_baseline *baseline = NULL;
	ol_outfile *outfile = NULL;
	ol_config *cfg = NULL;
	ol_config_cache *configs = NULL;
	ol_header_filter *headers = NULL;
	exclude_vec excludes = { 0 };
	char cwd[PATH_MAX];
	char *root = NULL;
	size_t nerrors = 0, nbaselined = 0;
	int status = 0;
	const char *verify_path = NULL;
	ol_shard_facts facts;
	ol_progress *progress = NULL;
	bool *take = NULL;
	unsigned shard_k = 1, shard_n = 1;
	bool as_errors[OL_CHECK__COUNT] = { false }; // --warnings-as-errors
	size_t npromoted = 0;

	ol_shard_facts_init(&facts);
	ol_crash_init(c->exec_argv ? c->exec_argv : argv);
	// --extra-arg: after every other compiler argument (clang-tidy's).
	for (size_t i = 0; i < c->extra_after.len; i++)
		OL_VEC_PUSH(&c->extra, c->extra_after.items[i]);
	c->extra_after.len = 0;
	ol_inputs_init(&inputs);
	ol_strbuf_init(&dump);

	if (c->verify) {
		if (c->paths.len != 1 || c->compdb)
			return usage_error("--verify takes exactly one file");
		verify_path = c->paths.items[0];
		if (read_case_args(c, verify_path) < 0)
			return usage_error(ol_error_last());
		c->no_default_includes = true;
		add_case_includes(c, verify_path);
	}
	if (c->shard && !c->facts_out)
		return usage_error("--shard needs --facts-out <file>: a shard "
				   "writes facts for 'mojo-ownlint merge', "
				   "not a report");
	if ((c->facts_out || c->emit_ninja) &&
	    (c->verify || c->dumps.len || c->dump_graph || c->dump_contracts))
		return usage_error("--facts-out and --emit-ninja analyze the "
				   "inputs: no --verify nor --dump-*");
	if (c->facts_out && (c->output || c->fmt != FMT_TEXT ||
			     c->emit_rules || c->baseline || c->category ||
			     c->emit_ninja))
		return usage_error("--facts-out writes a shard's facts, not a "
				   "report: give --format, -o, --baseline, "
				   "--sarif-category and --emit-rules to "
				   "'mojo-ownlint merge'");
	// The HTML report is a folder of pages: it needs -o DIR.
	bool html = c->fmt == FMT_HTML && !c->verify && !c->emit_ninja &&
		    !c->dumps.len && !c->dump_graph && !c->dump_contracts &&
		    !c->dump_config;
	if (html && (!c->output || !strcmp(c->output, "-")))
		return usage_error("--format html writes a folder of pages "
				   "(index.html and one page per finding): "
				   "name it with -o DIR");
	if (find_config(c, &cfg) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		return EXIT_ERROR;
	}
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, "/");
	merge_config(c, cfg, &excludes, cwd);
	if (c->warnings_as_errors &&
	    !ol_check_globs_apply(c->warnings_as_errors, as_errors)) {
		char msg[512];
		snprintf(msg, sizeof msg, "invalid --warnings-as-errors '%s': "
			 "%s", c->warnings_as_errors, ol_error_last());
		status = usage_error(msg);
		goto cleanup;
	}
	if (c->dump_config) {
		dump_config(c, cfg);
		goto cleanup;
	}
	if (c->paths.len == 0 && !c->compdb) {
		status = usage_error("no input files (see --help)");
		goto cleanup;
	}
	if (!(root = ol_project_root(c->project_root, c->paths.len
					 ? c->paths.items[0] : c->compdb))) {
		status = usage_error(ol_error_last());
		goto cleanup;
	}
	// A bad -o, baseline or --checks is a configuration error: stop
	// before the work.
	if (c->facts_out && !outfile &&
	    ol_outfile_new(&outfile, c->facts_out) < 0) {
		// (checked only: the facts are written by shard.c)
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_ERROR;
		goto cleanup;
	}
	if (c->output && !c->verify &&
	    (html ? ol_emit_html_check_dir(c->output)
		  : ol_outfile_new(&outfile, c->output)) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_ERROR;
		goto cleanup;
	}
	// What the run writes: none of it may be what it reads (clobber.h).
	if (!c->verify && html)
		clobber_html_output(c->output);
	else if (!c->verify)
		ol_clobber_output(c->output, "-o");
	ol_clobber_output(c->facts_out, "--facts-out");
	ol_clobber_output(c->emit_rules, "--emit-rules");
	if (c->baseline && ol_baseline_load(&baseline, c->baseline) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_ERROR;
		goto cleanup;
	}
	if (c->header_filter &&
	    ol_header_filter_new(&headers, c->header_filter) < 0) {
		status = usage_error(ol_error_last());
		goto cleanup;
	}
	sink = ol_diag_sink_new();
	if (c->checks && !ol_diag_sink_set_checks(sink, c->checks)) {
		char msg[512];
		snprintf(msg, sizeof msg, "invalid --checks '%s': %s",
			 c->checks, ol_error_last());
		status = usage_error(msg);
		goto cleanup;
	}
	// The configuration's checks, unless --checks: whole-run checks
	// (108, 110) follow the first input's configuration.
	if (!c->checks && cfg->checks &&
	    !ol_diag_sink_set_checks(sink, cfg->checks)) {
		fprintf(stderr, "mojo-ownlint: error: %s: invalid checks "
			"'%s': %s\n", cfg->path, cfg->checks, ol_error_last());
		status = EXIT_ERROR;
		goto cleanup;
	}

	// (loaded while the first parse runs: the lowering waits for it;
	// its thread's heap, which a worker may reuse, grows as theirs do)
	ol_run_grow_heaps_in_large_steps();
	kbsrc = kb_sources_new(c);
	kbp = ol_kb_pending_start(load_kb, kbsrc);
	env = ol_tu_env_new_cuda(!c->no_default_includes, !c->no_cuda_toolkit);
	OL_VEC(const char *) incdirs = { 0 };
	for (size_t k = 0; k < 2; k++) {
		// -I of the configuration and of the command line.
		const char *const *v = k ? c->extra.items
			: (const char *const *)cfg->compiler_args.items;
		size_t n = k ? c->extra.len : cfg->compiler_args.len;
		for (size_t i = 0; i < n; i++) {
			if (!strcmp(v[i], "-I") && i + 1 < n)
				OL_VEC_PUSH(&incdirs, v[++i]);
			else if (!strncmp(v[i], "-I", 2))
				OL_VEC_PUSH(&incdirs, v[i] + 2);
		}
	}
	ol_collect_opts co = {
		.compdb = c->compdb,
		.exclude = excludes.items,
		.nexclude = excludes.len,
		.include_dirs = incdirs.items,
		.ninclude_dirs = incdirs.len,
	};
	ol_inputs_collect(&inputs, c->paths.items, c->paths.len, &co, sink);
	// Headers named alone go through a source that includes them
	// (frontend/header_alone.h): claimed by the header filter, which is
	// also what the facts cache's configuration hashes.
	ol_tu_paths claimed = { 0 };
	if (!c->verify) // (a --verify case is the file itself)
		ol_inputs_resolve_headers(&inputs, &co, sink, &claimed);
	OL_VEC_FREE(&incdirs);
	if (claimed.len) {
		char *f = ol_header_filter_with(c->header_filter, &claimed);
		OL_VEC_PUSH(&c->owned, f);
		c->header_filter = f;
		ol_header_filter_free(headers);
		headers = NULL;
		if (ol_header_filter_new(&headers, f) < 0)
			headers = NULL;
	}
	for (size_t i = 0; i < claimed.len; i++)
		free(claimed.items[i]);
	OL_VEC_FREE(&claimed);
	configs = ol_config_cache_new(cfg);
	if (assign_configs(c, cfg, configs, &inputs) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_ERROR;
		goto cleanup;
	}
	nerrors += inputs.nerrors;
	if (!inputs.v.len && inputs.nexcluded && !inputs.nstale) {
		// Said, not failed: pre-commit names the changed files, and
		// a commit may touch only excluded ones (ruff does the same).
		fprintf(stderr, "mojo-ownlint: warning: every input was "
			"excluded (--exclude, or exclude: in a configuration "
			"file): nothing to analyze\n");
	} else if (!inputs.v.len && inputs.nstale) {
		// A database whose every selected entry is gone describes
		// another tree: nothing could be analyzed.
		fprintf(stderr, "mojo-ownlint: error: every file of the "
			"compilation database that this run selects is "
			"missing%s: nothing to analyze\n", inputs.nexcluded
			? " or excluded" : "");
		nerrors++;
	}
	if (check_outputs(c, cfg, &inputs) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_ERROR;
		goto cleanup;
	}
	if (c->restore &&
	    (c->restore->stamp.ninputs != inputs.v.len ||
	     c->restore->stamp.inputs != ol_shard_inputs_digest(&inputs))) {
		fprintf(stderr, "mojo-ownlint: error: the inputs are not those "
			"the shards analyzed (%zu files now, %zu then): a file "
			"was added, removed or its flags or configuration "
			"changed; run the shards again\n", inputs.v.len,
			c->restore->stamp.ninputs);
		status = EXIT_MISMATCH;
		goto cleanup;
	}
	if (c->emit_ninja) {
		status = emit_ninja(c, argc, argv, &inputs, cwd);
		goto cleanup;
	}
	if (c->shard && ol_shard_parse(c->shard, &shard_k, &shard_n) == 0)
		take = ol_shard_select(&inputs, shard_k, shard_n);

	ol_engine_opts_init(&eopts);
	eopts.probes = c->verify;
	ol_strbuf rules_out;
	ol_strbuf_init(&rules_out);
	ol_cache *cache = open_cache(c, &eopts);
	ol_run_opts ro = {
		.jobs = c->jobs ? c->jobs : ol_run_default_jobs(),
		.checks = c->checks,
		.dump_graph = c->dump_graph,
		.graph_format = c->graph_format,
		.cross_file = !c->no_cross_file,
		.dump_contracts = c->dump_contracts,
		.rules_out = c->emit_rules ? &rules_out : NULL,
		.cache = cache,
		.group = !c->no_group,
		.take = take,
		.facts_out = c->facts_out ? &facts : NULL,
		.restore = c->restore,
		.rounds_done = c->restore ? c->restore->stamp.rounds : 0,
		.progress = progress = new_progress(c),
		.tu = {
			.env = env,
			.extra_args = c->extra.items,
			.nextra = c->extra.len,
			.extra_before = c->extra_before.items,
			.nbefore = c->extra_before.len,
			.dump_funcs = c->dumps.items,
			.ndump = c->dumps.len,
			.kb_pending = kbp,
			.engine = &eopts,
			.include_generated = c->include_generated,
			.headers = headers,
			.exceptions = c->exceptions,
			.no_pch = c->no_pch,
			.pch_dir = cache ? ol_cache_pch_dir(cache) : NULL,
			.limits = file_limits(c),
			.project_root = root,
		},
	};
	ol_run(&st, &inputs, &ro, sink, &dump);
	kb = ol_kb_pending_finish(kbp, &nerrors);
	kbp = NULL;
	ol_progress_free(progress);
	progress = NULL;
	if (ol_clobber_found()) {
		// A header the parse read is an output: write nothing.
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_clobber_found());
		ol_cache_close(cache);
		ol_strbuf_free(&rules_out);
		status = EXIT_ERROR;
		goto cleanup;
	}
	if (c->facts_out) {
		if (cache && ol_cache_warning(cache))
			fprintf(stderr, "mojo-ownlint: warning: %s\n",
				ol_cache_warning(cache));
		ol_cache_close(cache);
		// Notices of its files and of the inputs (every shard prints
		// the latter; the merge reports them all once).
		ol_run_print_notices(stderr, sink);
		status = write_shard(c, argc, argv, &eopts, &inputs, &facts,
				     &st, shard_k, shard_n, cwd);
		ol_strbuf_free(&rules_out);
		goto cleanup;
	}
	nerrors += st.failed;
	if (c->emit_rules) {
		FILE *f = fopen(c->emit_rules, "w");
		if (!f || fputs(ol_strbuf_str(&rules_out), f) < 0 ||
		    fclose(f) != 0) {
			fprintf(stderr, "mojo-ownlint: error: cannot write the "
				"rules file '%s': %s\n", c->emit_rules,
				strerror(errno));
			nerrors++;
		}
	}
	ol_strbuf_free(&rules_out);
	if (cache && ol_cache_warning(cache))
		fprintf(stderr, "mojo-ownlint: warning: %s\n",
			ol_cache_warning(cache));
	ol_cache_close(cache);
	ol_run_print_notices(stderr, sink);

	// --baseline: hide what the earlier report already had; the exit
	// status then counts only new findings.
	if (baseline && !c->verify) {
		nbaselined = ol_baseline_apply(baseline, sink, root);
		st.findings = 0;
		for (size_t i = 0; i < ol_diag_sink_count(sink); i++) {
			const ol_diag *d = ol_diag_sink_get(sink, i);
			if (!d->suppressed && d->level >= OL_LEVEL_WARNING)
				st.findings++;
		}
	}

	// --warnings-as-errors: the warnings it names are errors, and make
	// the status 1 even under --exit-zero (docs/contract.md).
	for (size_t i = 0; c->warnings_as_errors &&
			   i < ol_diag_sink_count(sink); i++) {
		ol_diag *d = ol_diag_sink_get_mut(sink, i);
		if (as_errors[d->check] && d->level == OL_LEVEL_WARNING) {
			d->level = OL_LEVEL_ERROR;
			npromoted += !d->suppressed;
		}
	}

	if (c->dumps.len && st.funcs == 0 && st.failed == 0) {
		fprintf(stderr, "mojo-ownlint: error: no function named '%s' "
			"is defined in the inputs\n", c->dumps.items[0]);
		nerrors++;
	}

	ol_emit_opts eo = {
		.srcroot = root,
		.tool_version = OL_VERSION,
		.include_suppressed = c->include_suppressed,
		.execution_successful = nerrors == 0,
		.argv = (const char *const *)argv,
		.argc = argc,
		.category = c->category,
		.color = use_color(c),
	};

	if (c->verify) {
		int r;
		if (c->dumps.len || c->dump_graph)
			r = ol_verify_output(stdout, verify_path,
					     ol_strbuf_str(&dump));
		else
			r = ol_emit_verify(stdout, sink, verify_path);
		if (r < 0) {
			fprintf(stderr, "mojo-ownlint: error: %s\n",
				ol_error_last());
			status = EXIT_ERROR;
		} else {
			status = nerrors ? EXIT_ERROR : r;
		}
		goto cleanup;
	}

	emit_fn emit = c->fmt == FMT_SARIF ? ol_emit_sarif
		     : c->fmt == FMT_JSON ? ol_emit_json
					   : ol_emit_text;
	const char *dump_text = c->dumps.len || c->dump_graph ||
					c->dump_contracts
					? ol_strbuf_str(&dump) : NULL;
	if (html) {
		if (ol_emit_html(c->output, sink, &eo) < 0) {
			fprintf(stderr, "mojo-ownlint: error: %s\n",
				ol_error_last());
			nerrors++;
		}
	} else if (outfile) {
		if (write_report(outfile, emit, sink, &eo, dump_text) < 0)
			nerrors++;
	} else if (dump_text) {
		fputs(dump_text, stdout);
	} else if (emit(stdout, sink, &eo) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		nerrors++;
	}
	if (fflush(stdout) != 0) {
		fprintf(stderr, "mojo-ownlint: error: cannot write the "
			"report: %s\n", strerror(errno));
		nerrors++;
	}

	if (!c->quiet && !c->dumps.len && !c->dump_graph && !c->dump_contracts) {
		// Counted like clang-tidy's "Suppressed N warnings (N NOLINT)".
		if (st.suppressed)
			fprintf(stderr, "mojo-ownlint: %zu finding%s suppressed "
				"(NOLINT)%s\n", st.suppressed,
				st.suppressed == 1 ? "" : "s",
				c->include_suppressed ? ", listed" : "");
		if (baseline)
			fprintf(stderr, "mojo-ownlint: %zu finding%s hidden by "
				"the baseline '%s' (%zu fingerprint%s)%s\n",
				nbaselined, nbaselined == 1 ? "" : "s",
				c->baseline, ol_baseline_size(baseline),
				ol_baseline_size(baseline) == 1 ? "" : "s",
				c->include_suppressed && nbaselined
					? ", listed" : "");
		fprintf(stderr, "mojo-ownlint: %zu file%s analyzed, ",
			st.analyzed, st.analyzed == 1 ? "" : "s");
		if (st.partial)
			fprintf(stderr, "%zu partially analyzed, ", st.partial);
		fprintf(stderr, "%zu failed to parse, %zu finding%s", st.failed,
			st.findings, st.findings == 1 ? "" : "s");
		if (st.generated)
			fprintf(stderr, ", %zu generated file%s skipped",
				st.generated, st.generated == 1 ? "" : "s");
		if (st.from_cache)
			fprintf(stderr, ", %zu unchanged (from the cache)",
				st.from_cache);
		if (c->restore)
			fprintf(stderr, ", merged from %zu shard%s (%zu file%s "
				"analyzed again with the other shards' "
				"contracts)", c->nshards,
				c->nshards == 1 ? "" : "s", st.reanalyzed,
				st.reanalyzed == 1 ? "" : "s");
		if (npromoted)
			fprintf(stderr, ", %zu treated as error%s "
				"(--warnings-as-errors)", npromoted,
				npromoted == 1 ? "" : "s");
		if (nerrors > st.failed)
			fprintf(stderr, ", %zu input error%s",
				nerrors - st.failed,
				nerrors - st.failed == 1 ? "" : "s");
		fputc('\n', stderr);
	}

	if (nerrors)
		status = EXIT_ERROR;
	else if (npromoted && !c->dump_graph && !c->dump_contracts &&
		 (c->exit_zero || !st.partial))
		status = EXIT_FINDINGS;
	else if (c->exit_zero || c->dump_graph || c->dump_contracts)
		status = 0;
	else if (st.partial)
		status = EXIT_PARTIAL;
	else if (st.findings)
		status = EXIT_FINDINGS;

cleanup:
	ol_clobber_reset();
	ol_progress_free(progress);
	free(take);
	ol_shard_facts_free(&facts);
	ol_inputs_free(&inputs);
	ol_strbuf_free(&dump);
	ol_tu_env_free(env);
	if (kbp)
		kb = ol_kb_pending_finish(kbp, &nerrors);
	kb_sources_free(kbsrc);
	ol_kb_free(kb);
	ol_diag_sink_free(sink);
	ol_baseline_free(baseline);
	ol_outfile_free(outfile);
	OL_VEC_FREE(&excludes);
	ol_header_filter_free(headers);
	ol_config_cache_free(configs);
	ol_config_free(cfg);
	free(root);
	return status;
}

static const char merge_usage[] =
	"usage: mojo-ownlint merge [options] <facts>...\n"
	"\n"
	"Joins the facts of shards (mojo-ownlint --shard K/N --facts-out "
	"<facts>),\n"
	"runs what needs every file (other files' contracts, the ownership "
	"graph,\n"
	"one finding per bug, NOLINT) and writes the report. Run it in the "
	"folder\n"
	"the shards ran in, on the same sources: a file that other shards' "
	"contracts\n"
	"concern is parsed again. The options that decide findings are the "
	"shards';\n"
	"merge takes only: --format, -o, --sarif-category, --baseline,\n"
	"--include-suppressed, --project-root, --emit-rules, -q, --exit-zero, "
	"-j,\n"
	"--progress, --no-progress.\n"
	"\n"
	"A merge round: with --shard K/N --facts-out <file>, run the next "
	"round of\n"
	"shard K's files with every shard's facts and write their facts; the "
	"final\n"
	"merge goes on from the rounds its facts hold.\n"
	"\n"
	"Exit status: as a run's (0, 1, 2, 3), or 4 when the shards do not fit "
	"together\n"
	"(another version or build of the tool, other options, other inputs, "
	"a shard\n"
	"missing or given twice, a damaged facts file).\n";

// `mojo-ownlint merge [options] FACTS...` (shard.h): the run the shards'
// options describe, with each file's first round taken from its shard.
static int merge_main(int argc, char **argv)
{
	word_vec files = { 0 }, local = { 0 };
	int status = 0;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		int words = 1;
		const run_opt *o;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(merge_usage, stdout);
			OL_VEC_FREE(&files);
			OL_VEC_FREE(&local);
			return 0;
		}
		if (a[0] != '-' || !a[1]) {
			OL_VEC_PUSH(&files, a);
			continue;
		}
		if (!(o = find_run_opt(a, &words)) || !o->merge) {
			char msg[512];
			snprintf(msg, sizeof msg, "merge does not take '%s': "
				 "the options that decide findings are given to "
				 "the shards (see 'mojo-ownlint merge --help')",
				 a);
			status = usage_error(msg);
			break;
		}
		int w = 0;
		for (; w < words && i < argc; w++, i++)
			OL_VEC_PUSH(&local, argv[i]);
		if (w < words) {
			char msg[128];
			snprintf(msg, sizeof msg, "option '%s' needs a value", a);
			status = usage_error(msg);
			break;
		}
		i--;
	}
	if (!status && !files.len)
		status = usage_error("merge: no facts files (see 'mojo-ownlint "
				     "merge --help')");
	ol_shard_facts *shards = ol_xcalloc(files.len + 1, sizeof *shards);
	ol_shard_facts joined;
	ol_shard_facts_init(&joined);
	for (size_t i = 0; i < files.len && !status; i++) {
		int err = ol_shard_facts_read(&shards[i], files.items[i]);
		if (err < 0) {
			fprintf(stderr, "mojo-ownlint: error: %s\n",
				ol_error_last());
			status = err == OL_EIO ? EXIT_ERROR : EXIT_MISMATCH;
		}
	}
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, "/");
	if (!status && ol_shard_join(&joined, shards, files.len) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		status = EXIT_MISMATCH;
	} else if (!status && strcmp(joined.stamp.cwd, cwd)) {
		fprintf(stderr, "mojo-ownlint: error: the shards ran in '%s': "
			"run the merge there (paths are as the shards named "
			"them)\n", joined.stamp.cwd);
		status = EXIT_MISMATCH;
	}
	if (!status) {
		// The run as if unsharded: its options, then the merge's.
		word_vec words = { 0 };
		OL_VEC_PUSH(&words, argv[0]);
		size_t nargs = joined.stamp.args.len, dashdash = nargs;
		for (size_t i = 0; i < nargs; i++)
			if (!strcmp(joined.stamp.args.items[i], "--")) {
				dashdash = i;
				break;
			}
		for (size_t i = 0; i < dashdash; i++)
			OL_VEC_PUSH(&words, joined.stamp.args.items[i]);
		for (size_t i = 0; i < local.len; i++)
			OL_VEC_PUSH(&words, local.items[i]);
		for (size_t i = dashdash; i < nargs; i++)
			OL_VEC_PUSH(&words, joined.stamp.args.items[i]);
		cli c = { .progress = -1, .color = -1 };
		if (parse_args(&c, (int)words.len, (char **)words.items, 1) < 0) {
			status = usage_error(ol_error_last());
		} else {
			c.restore = &joined;
			c.nshards = files.len;
			c.facts_files = files.items;
			c.exec_argv = argv;
			c.no_cache = true;
			status = run_main(&c, (int)words.len,
					  (char **)words.items);
		}
		cli_free(&c);
		OL_VEC_FREE(&words);
	}
	for (size_t i = 0; i < files.len; i++)
		ol_shard_facts_free(&shards[i]);
	free(shards);
	ol_shard_facts_free(&joined);
	OL_VEC_FREE(&files);
	OL_VEC_FREE(&local);
	return status;
}

int main(int argc, char **argv)
{
	cli c = { .progress = -1, .color = -1 };
	int status;

	if (argc > 1 && !strcmp(argv[1], "merge"))
		exit(merge_main(argc, argv));
	if (parse_args(&c, argc, argv, 1) < 0) {
		status = usage_error(ol_error_last());
	} else if (c.help) {
		fputs(usage_text, stdout);
		fputs(usage_text2, stdout);
		status = 0;
	} else if (c.version) {
		print_version();
		status = 0;
	} else if (c.list_checks) {
		list_checks();
		status = 0;
	} else if (c.explain) {
		status = explain(c.explain);
	} else {
		status = run_main(&c, argc, argv);
	}
	cli_free(&c);
	exit(status);
}
