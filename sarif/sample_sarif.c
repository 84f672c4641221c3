/*
 * sample_sarif.c — writes a small but complete SARIF log for schema
 * validation (sarif/meson.build, test 'validate-sample').
 *
 * Usage: sarif-sample OUT.sarif
 * It writes OUT's directory/sample-src/bridge.c, fills a sink with findings
 * that exercise every part of the emitter (path events, a non-ASCII line, a
 * suppressed finding, notices with and without a location) and emits with
 * --include-suppressed and a category, relative to that directory. The CLI
 * is checked end to end by 'validate-cli' once the binary exists.
 */
#include "../analyzer/diag/diag.h"
#include "../analyzer/emit/emit.h"
#include "../analyzer/ol.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char source[] =
	"#include <Python.h>\n"
	"\n"
	"PyObject *pair(long a, long b)\n"
	"{\n"
	"\tPyObject *x = PyLong_FromLong(a);\n"
	"\tPyObject *y = PyLong_FromLong(b); /* caf\xC3\xA9 */\n"
	"\tif (y == NULL)\n"
	"\t\treturn NULL;\n"
	"\tPy_DECREF(y);\n"
	"\tPy_DECREF(y);\n"
	"\treturn x;\n"
	"}\n";

static ol_loc at(const char *file, unsigned line, unsigned col)
{
	ol_loc l = { .file = file, .line = line, .col = col };
	return l;
}

int main(int argc, char **argv)
{
	char dir[PATH_MAX], file[PATH_MAX + 32];
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: sarif-sample OUT.sarif\n");
		return 2;
	}
	snprintf(dir, sizeof dir, "%s", argv[1]);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(dir, sizeof dir, ".");
	snprintf(file, sizeof file, "%s/sample-src", dir);
	mkdir(file, 0755);
	snprintf(file, sizeof file, "%s/sample-src/bridge.c", dir);
	if (!(f = fopen(file, "w")) || fputs(source, f) == EOF || fclose(f)) {
		perror(file);
		return 1;
	}

	ol_diag_sink *s = ol_diag_sink_new();
	ol_event leak_ev[] = {
		{at(file, 5, 16), "'x' acquired here (new reference)"},
		{at(file, 7, 6), "taking the error branch"},
		{at(file, 8, 3), "returning NULL with 'x' still owned"},
	};
	ol_diag leak = {.check = OL_CHECK_OWN_LEAK_ON_ERROR,
		.level = OL_LEVEL_WARNING, .loc = at(file, 8, 3),
		.msg = "new reference 'x' from 'PyLong_FromLong' is leaked on the error exit",
		.func = "pair", .resource = "pyref", .subject = "x",
		.events = leak_ev, .nevents = 3};
	ol_event dbl_ev[] = {
		{at(file, 6, 16), "'y' acquired here (new reference)"},
		{at(file, 9, 2), "'y' released here"},
		{at(file, 10, 2), "'y' released again; released at (2)"},
	};
	ol_diag dbl = {.check = OL_CHECK_OWN_DOUBLE, .level = OL_LEVEL_ERROR,
		.loc = at(file, 10, 2), .msg = "'y' is released twice",
		.func = "pair", .resource = "pyref", .subject = "y",
		.events = dbl_ev, .nevents = 3};
	ol_diag sup = {.check = OL_CHECK_OWN_LEAK, .level = OL_LEVEL_WARNING,
		.loc = at(file, 11, 9), .msg = "'x' [sic] leaks",
		.func = "pair", .resource = "pyref", .subject = "x",
		.suppressed = true};
	ol_diag_sink_add(s, &leak);
	ol_diag_sink_add(s, &dbl);
	ol_diag_sink_add(s, &sup);
	ol_diag_sink_notice(s, OL_LEVEL_ERROR, at("missing.c", 0, 0),
			    "parse-error", "'missing.c' could not be parsed");
	ol_diag_sink_notice(s, OL_LEVEL_WARNING, at(file, 3, 11), "budget",
			    "analysis of 'pair' stopped after 10000 states");
	ol_diag_sink_notice(s, OL_LEVEL_NOTE, at(NULL, 0, 0), "io",
			    "a notice without a location");
	ol_diag_sink_finish(s);

	const char *const args[] = {"mojo-ownlint", "--format", "sarif",
				    "sample-src/bridge.c"};
	ol_emit_opts o = {.srcroot = dir, .tool_version = OL_VERSION,
		.include_suppressed = true, .execution_successful = true,
		.argv = args, .argc = 4, .category = "mojo-ownlint"};
	if (!(f = fopen(argv[1], "w"))) {
		perror(argv[1]);
		return 1;
	}
	int rc = ol_emit_sarif(f, s, &o);
	if (fclose(f) || rc < 0) {
		fprintf(stderr, "sarif-sample: %s\n", ol_error_last());
		return 1;
	}
	ol_diag_sink_free(s);
	return 0;
}
