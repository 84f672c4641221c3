/*
 * main.c — the command line (SPEC.md §2): options, then the pipeline
 * (run.c), then one emitter. The only file that may call exit().
 *
 * Exit status: 0 no finding, 1 findings (level warning or error, not
 * suppressed; --exit-zero turns this into 0), 2 a usage, configuration or
 * input error (a file missing, unparseable or binary, a bad compilation
 * database or rules file). 2 wins over 1: the findings are still written.
 *
 * Options take their value as `--opt VALUE` or `--opt=VALUE`; the short
 * ones as `-j 4` or `-j4`. Everything after `--` is compiler arguments.
 */
#include "base/strbuf.h"
#include "base/vec.h"
#include "diag/diag.h"
#include "emit/emit.h"
#include "emit/rulepage.h"
#include "emit/verify_output.h"
#include "engine/engine.h"
#include "frontend/compdb.h"
#include "frontend/inputs.h"
#include "frontend/tu.h"
#include "kb/kb.h"
#include "ol.h"
#include "run.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXIT_FINDINGS 1
#define EXIT_ERROR 2

typedef enum format { FMT_TEXT, FMT_SARIF, FMT_JSON } format;

typedef struct cli {
	OL_VEC(const char *) paths;
	OL_VEC(const char *) extra;  // after `--`
	OL_VEC(const char *) rules;  // --rules, in order
	OL_VEC(const char *) dumps;  // --dump-cfg names
	OL_VEC(char *) owned;        // strings this file allocated
	const char *compdb, *output, *checks, *explain, *category, *baseline;
	format fmt;
	unsigned jobs;
	bool list_checks, version, help, verify, no_default_includes;
	bool exit_zero, quiet, include_suppressed;
	bool dump_graph;             // --dump-graph[=dot|json]
	ol_graph_format graph_format;
} cli;

static const char usage_text[] =
	"usage: mojo-ownlint [options] <file-or-dir>... [-- <compiler args>]\n"
	"       mojo-ownlint -p <build-dir-or-compile_commands.json> [options] "
	"[<file-or-dir>...]\n"
	"\n"
	"Finds ownership bugs (leaked references, use after release, borrows\n"
	"that outlive their owner, ...) in CPython/CUDA bridge code.\n"
	"\n"
	"Inputs:\n"
	"  <file-or-dir>          C (*.c, *.h), C++ (*.cc, *.cpp, *.cxx) and "
	"CUDA (*.cu)\n"
	"                         files; directories are walked recursively\n"
	"  -- <args>              compiler arguments for every file (-I, -D, "
	"-std=...)\n"
	"  -p <dir-or-file>       read compile_commands.json; named files "
	"restrict it\n"
	"  --no-default-includes  do not add the Python and CUDA include "
	"directories\n"
	"\n"
	"Output:\n"
	"  --format <fmt>         text (default), sarif or json\n"
	"  -o, --output <file>    write the report to <file> (atomically)\n"
	"  --sarif-category <id>  SARIF automationDetails.id\n"
	"  --include-suppressed   also emit findings silenced by NOLINT or the\n"
	"                         baseline, marked as suppressed\n"
	"  --baseline <sarif>     hide findings whose fingerprint is in this "
	"earlier\n"
	"                         SARIF report (report only new ones)\n"
	"  -q, --quiet            no summary line on stderr\n"
	"  --exit-zero            exit 0 even when there are findings\n"
	"\n"
	"Checks:\n"
	"  --checks <globs>       comma-separated globs applied left to right "
	"to the\n"
	"                         default set (all checks on), as clang-tidy "
	"does:\n"
	"                         '-MOJO-BOR-206' turns one off; to run only "
	"some,\n"
	"                         start with '-*': '-*,MOJO-OWN-101,MOJO-OWN-105'\n"
	"  --rules <file>         extra knowledge-base file (repeatable)\n"
	"  --list-checks          list every check: ID, name, level, help\n"
	"  --explain <ID>         print the documentation page of a check\n"
	"\n"
	"Suppressions (in the analyzed source):\n"
	"  // NOLINT(MOJO-OWN-101)         on the reported line\n"
	"  // NOLINTNEXTLINE(MOJO-OWN-101) on the line before it\n"
	"  // NOLINTBEGIN(MOJO-OWN-*) ... // NOLINTEND(MOJO-OWN-*)  a block\n"
	"  IDs are comma-separated and may be globs; a bare NOLINT does not "
	"count.\n"
	"\n"
	"Other:\n"
	"  -j, --jobs <N>         parallel workers (default: number of CPUs)\n"
	"  --dump-cfg <func>      print the CFG of <func> instead of analyzing "
	"(repeatable)\n"
	"  --dump-graph[=dot|json]\n"
	"                         print the ownership graph (owners, owned "
	"fields,\n"
	"                         object-level edges) instead of the findings\n"
	"  --verify               test mode: check the expect-* comments of "
	"one file\n"
	"  --version, --help\n"
	"\n"
	"Exit status: 0 no findings, 1 findings, 2 usage, configuration or "
	"input error.\n";

static void cli_free(cli *c)
{
	for (size_t i = 0; i < c->owned.len; i++)
		free(c->owned.items[i]);
	OL_VEC_FREE(&c->owned);
	OL_VEC_FREE(&c->paths);
	OL_VEC_FREE(&c->extra);
	OL_VEC_FREE(&c->rules);
	OL_VEC_FREE(&c->dumps);
}

// Matches `arg` against option `name` ("--format", "-j"). On a match
// stores its value (joined `--name=v` or `-jN`, else the next word) and
// returns true; a missing value is a usage error in *err.
static bool opt_value(const char *name, int argc, char **argv, int *i,
		      const char **val, int *err)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return false;
	if (a[n] == '=' && name[1] == '-') {
		*val = a + n + 1;
		return true;
	}
	if (a[n] && name[1] != '-') { // -j4, -ofile
		*val = a + n;
		return true;
	}
	if (a[n])
		return false; // --format-x is another option
	if (*i + 1 >= argc) {
		*err = ol_error_set(OL_EUSAGE, "option '%s' needs a value",
				    name);
		*val = NULL;
		return true;
	}
	*val = argv[++*i];
	return true;
}

static int parse_jobs(const char *v, unsigned *out)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (!*v || *end || errno || n < 1 || n > 1024)
		return ol_error_set(OL_EUSAGE, "invalid value '%s' for -j: "
				    "expected a number from 1 to 1024", v);
	*out = (unsigned)n;
	return 0;
}

static int parse_format(const char *v, format *out)
{
	if (!strcmp(v, "text"))
		*out = FMT_TEXT;
	else if (!strcmp(v, "sarif"))
		*out = FMT_SARIF;
	else if (!strcmp(v, "json"))
		*out = FMT_JSON;
	else
		return ol_error_set(OL_EUSAGE, "invalid value '%s' for "
				    "--format: expected text, sarif or json",
				    v);
	return 0;
}

static bool is_flag(const char *a, const char *name)
{
	return strcmp(a, name) == 0;
}

// Parses argv[first..argc). Returns 0 or OL_EUSAGE with a message.
static int parse_args(cli *c, int argc, char **argv, int first)
{
	int err = 0;
	const char *v;

	for (int i = first; i < argc && !err; i++) {
		const char *a = argv[i];

		if (is_flag(a, "--")) {
			for (i++; i < argc; i++)
				OL_VEC_PUSH(&c->extra, argv[i]);
			break;
		}
		if (a[0] != '-' || !a[1]) { // "-" alone is a (bad) path
			OL_VEC_PUSH(&c->paths, a);
			continue;
		}
		if (is_flag(a, "--help") || is_flag(a, "-h"))
			c->help = true;
		else if (is_flag(a, "--version"))
			c->version = true;
		else if (is_flag(a, "--list-checks"))
			c->list_checks = true;
		else if (is_flag(a, "--verify"))
			c->verify = true;
		else if (is_flag(a, "--no-default-includes"))
			c->no_default_includes = true;
		else if (is_flag(a, "--exit-zero"))
			c->exit_zero = true;
		else if (is_flag(a, "--include-suppressed"))
			c->include_suppressed = true;
		else if (is_flag(a, "-q") || is_flag(a, "--quiet"))
			c->quiet = true;
		else if (is_flag(a, "--dump-graph") ||
			 is_flag(a, "--dump-graph=dot"))
			c->dump_graph = true, c->graph_format = OL_GRAPH_DOT;
		else if (is_flag(a, "--dump-graph=json"))
			c->dump_graph = true, c->graph_format = OL_GRAPH_JSON;
		else if (!strncmp(a, "--dump-graph=", 13))
			err = ol_error_set(OL_EUSAGE, "invalid value '%s' for "
					   "--dump-graph: expected dot or json",
					   a + 13);
		else if (opt_value("--format", argc, argv, &i, &v, &err)) {
			if (v)
				err = parse_format(v, &c->fmt);
		} else if (opt_value("--output", argc, argv, &i, &v, &err) ||
			   opt_value("-o", argc, argv, &i, &v, &err)) {
			c->output = v;
		} else if (opt_value("--jobs", argc, argv, &i, &v, &err) ||
			   opt_value("-j", argc, argv, &i, &v, &err)) {
			if (v)
				err = parse_jobs(v, &c->jobs);
		} else if (opt_value("--compile-commands", argc, argv, &i, &v,
				     &err) ||
			   opt_value("-p", argc, argv, &i, &v, &err)) {
			c->compdb = v;
		} else if (opt_value("--checks", argc, argv, &i, &v, &err)) {
			c->checks = v;
		} else if (opt_value("--rules", argc, argv, &i, &v, &err)) {
			if (v)
				OL_VEC_PUSH(&c->rules, v);
		} else if (opt_value("--explain", argc, argv, &i, &v, &err)) {
			c->explain = v;
		} else if (opt_value("--dump-cfg", argc, argv, &i, &v, &err)) {
			if (v)
				OL_VEC_PUSH(&c->dumps, v);
		} else if (opt_value("--sarif-category", argc, argv, &i, &v,
				     &err)) {
			c->category = v;
		} else if (opt_value("--baseline", argc, argv, &i, &v, &err)) {
			c->baseline = v;
		} else {
			err = ol_error_set(OL_EUSAGE, "unknown option '%s'", a);
		}
	}
	return err;
}

static int usage_error(const char *msg)
{
	fprintf(stderr, "mojo-ownlint: error: %s\n", msg);
	fprintf(stderr, "Try 'mojo-ownlint --help' for more information.\n");
	return EXIT_ERROR;
}

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
	if ((page = ol_rule_page_read(ci->id))) {
		fputs(page, stdout);
		free(page);
		return 0;
	}
	printf("%s %s (%s, CWE-%d): %s\n", ci->id, ci->name,
	       ol_level_name(ci->level), ci->cwe, ci->help);
	return 0;
}

// The shipped knowledge base plus every --rules file. A file that does
// not load is reported and left out; the run goes on (SPEC.md §7).
static ol_kb *load_kb(const cli *c, size_t *nerrors)
{
	ol_kb *kb = NULL;
	char *dir = ol_kb_default_dir();

	ol_kb_new(&kb);
	if (dir && ol_kb_load_dir(kb, dir) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		(*nerrors)++;
	}
	free(dir);
	for (size_t i = 0; i < c->rules.len; i++) {
		if (ol_kb_load_file(kb, c->rules.items[i]) < 0) {
			fprintf(stderr, "mojo-ownlint: error: %s\n",
				ol_error_last());
			(*nerrors)++;
		}
	}
	return kb;
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

// Writes the report to `path` through a temporary file in the same
// directory and rename(): readers never see a truncated file.
static int write_atomically(const char *path, emit_fn emit,
			    const ol_diag_sink *s, const ol_emit_opts *eo,
			    const char *dump)
{
	size_t n = strlen(path);
	char *tmp = ol_xmalloc(n + 16);
	int fd, err = 0;
	FILE *f;

	sprintf(tmp, "%s.tmp.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0) {
		fprintf(stderr, "mojo-ownlint: error: cannot write '%s': %s\n",
			path, strerror(errno));
		free(tmp);
		return -1;
	}
	fchmod(fd, 0644);
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		err = -1;
	} else {
		if (dump)
			fputs(dump, f);
		else if (emit(f, s, eo) < 0)
			err = -1;
		if (fflush(f) != 0 || ferror(f))
			err = -1;
		if (fclose(f) != 0)
			err = -1;
	}
	if (!err && rename(tmp, path) != 0)
		err = -1;
	if (err) {
		fprintf(stderr, "mojo-ownlint: error: cannot write '%s': %s\n",
			path, errno ? strerror(errno) : "write failed");
		unlink(tmp);
	}
	free(tmp);
	return err;
}

static int run_main(cli *c, int argc, char **argv)
{
	ol_diag_sink *sink = NULL;
	ol_tu_env *env = NULL;
	ol_kb *kb = NULL;
	ol_inputs inputs;
	ol_strbuf dump;
	ol_run_stats st;
	ol_engine_opts eopts;
	ol_baseline *baseline = NULL;
	size_t nerrors = 0, nbaselined = 0;
	int status = 0;
	const char *verify_path = NULL;

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
	if (c->paths.len == 0 && !c->compdb)
		return usage_error("no input files (see --help)");

	// A bad baseline is a configuration error: stop before the work.
	if (c->baseline && ol_baseline_load(&baseline, c->baseline) < 0) {
		fprintf(stderr, "mojo-ownlint: error: %s\n", ol_error_last());
		return EXIT_ERROR;
	}

	sink = ol_diag_sink_new();
	if (c->checks && !ol_diag_sink_set_checks(sink, c->checks)) {
		char msg[512];
		snprintf(msg, sizeof msg, "invalid --checks '%s': %s",
			 c->checks, ol_error_last());
		ol_diag_sink_free(sink);
		ol_baseline_free(baseline);
		return usage_error(msg);
	}

	kb = load_kb(c, &nerrors);
	env = ol_tu_env_new(!c->no_default_includes);
	ol_inputs_collect(&inputs, c->paths.items, c->paths.len, c->compdb,
			  sink);
	nerrors += inputs.nerrors;

	ol_engine_opts_init(&eopts);
	eopts.probes = c->verify;
	ol_run_opts ro = {
		.jobs = c->jobs ? c->jobs : ol_run_default_jobs(),
		.checks = c->checks,
		.dump_graph = c->dump_graph,
		.graph_format = c->graph_format,
		.tu = {
			.env = env,
			.extra_args = c->extra.items,
			.nextra = c->extra.len,
			.dump_funcs = c->dumps.items,
			.ndump = c->dumps.len,
			.kb = kb,
			.engine = &eopts,
		},
	};
	ol_run(&st, &inputs, &ro, sink, &dump);
	nerrors += st.failed;
	ol_run_print_notices(stderr, sink);

	// --baseline: hide what the earlier report already had; the exit
	// status then counts only new findings.
	if (baseline && !c->verify) {
		nbaselined = ol_baseline_apply(baseline, sink, NULL);
		st.findings = 0;
		for (size_t i = 0; i < ol_diag_sink_count(sink); i++) {
			const ol_diag *d = ol_diag_sink_get(sink, i);
			if (!d->suppressed && d->level >= OL_LEVEL_WARNING)
				st.findings++;
		}
	}

	if (c->dumps.len && st.funcs == 0 && st.failed == 0) {
		fprintf(stderr, "mojo-ownlint: error: no function named '%s' "
			"is defined in the inputs\n", c->dumps.items[0]);
		nerrors++;
	}

	ol_emit_opts eo = {
		.srcroot = NULL,
		.tool_version = OL_VERSION,
		.include_suppressed = c->include_suppressed,
		.execution_successful = nerrors == 0,
		.argv = (const char *const *)argv,
		.argc = argc,
		.category = c->category,
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
	const char *dump_text = c->dumps.len || c->dump_graph
					? ol_strbuf_str(&dump) : NULL;
	if (c->output) {
		if (write_atomically(c->output, emit, sink, &eo, dump_text) < 0)
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

	if (!c->quiet && !c->dumps.len && !c->dump_graph) {
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
		fprintf(stderr, "mojo-ownlint: %zu file%s analyzed, %zu failed "
			"to parse, %zu finding%s", st.analyzed,
			st.analyzed == 1 ? "" : "s", st.failed, st.findings,
			st.findings == 1 ? "" : "s");
		if (nerrors > st.failed)
			fprintf(stderr, ", %zu input error%s",
				nerrors - st.failed,
				nerrors - st.failed == 1 ? "" : "s");
		fputc('\n', stderr);
	}

	if (nerrors)
		status = EXIT_ERROR;
	else if (st.findings && !c->exit_zero && !c->dump_graph)
		status = EXIT_FINDINGS;

cleanup:
	ol_inputs_free(&inputs);
	ol_strbuf_free(&dump);
	ol_tu_env_free(env);
	ol_kb_free(kb);
	ol_diag_sink_free(sink);
	ol_baseline_free(baseline);
	return status;
}

int main(int argc, char **argv)
{
	cli c = { 0 };
	int status;

	if (parse_args(&c, argc, argv, 1) < 0) {
		status = usage_error(ol_error_last());
	} else if (c.help) {
		fputs(usage_text, stdout);
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
