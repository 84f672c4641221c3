/*
 * test_sarif.c — the SARIF and JSON emitters, from a hand-built sink.
 *
 * Each test writes a real source file into a fresh temporary directory (the
 * source root), fills a sink with findings that point into it, emits, and
 * reads the output back with json-c. Reading real files matters: columns,
 * snippets and fingerprints are computed from the source text.
 *
 * Set OL_SARIF_SAMPLE=path to keep one emitted log (used by hand, e.g. with
 * sarif/validate_sarif.py); sarif/meson.build validates its own sample.
 */
#include "../diag/diag.h"
#include "../emit/emit.h"
#include "../ol.h"
#include "tmpdir.h"

#include <criterion/criterion.h>
#include <json-c/json.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Line 13 has non-ASCII text before the 'x': 'ü' (2 bytes, 1 UTF-16 unit)
// and U+1D11E (4 bytes, 2 units).
static const char bridge_c[] =
	"#include <Python.h>\n"                  // 1
	"\n"                                     // 2
	"PyObject *pair(long a, long b)\n"       // 3
	"{\n"                                    // 4
	"\tPyObject *x = PyLong_FromLong(a);\n"  // 5
	"\tif (x == NULL)\n"                     // 6
	"\t\treturn NULL;\n"                     // 7
	"\tPyObject *y = PyLong_FromLong(b);\n"  // 8
	"\tif (y == NULL)\n"                     // 9
	"\t\treturn NULL;\n"                     // 10
	"\tPy_DECREF(y);\n"                      // 11
	"\tPy_DECREF(y);\n"                      // 12
	"\treturn /*\xC3\xBC\xF0\x9D\x84\x9E*/ x;\n" // 13
	"}\n"                                    // 14
	"\n"                                     // 15
	"void leaky(void)\n"                     // 16
	"{\n"                                    // 17
	"\tPyObject *z = PyLong_FromLong(1); // NOLINT(MOJO-OWN-101)\n" // 18
	"}\n";                                   // 19

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	cr_assert(p);
	return p;
}

// Creates a temporary source root with src/bridge.c, shifted down by
// `shift` inserted lines. Returns the root (owned).
static char *make_root(unsigned shift)
{
	char tmpl[PATH_MAX - 64]; // room for "/src/bridge.c" in `path`
	snprintf(tmpl, sizeof tmpl, "%s/ol-sarif-XXXXXX", test_tmpdir());
	char path[PATH_MAX];
	FILE *f;

	cr_assert(mkdtemp(tmpl));
	snprintf(path, sizeof path, "%s/src", tmpl);
	cr_assert_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/src/bridge.c", tmpl);
	cr_assert((f = fopen(path, "w")));
	for (unsigned i = 0; i < shift; i++)
		fputs("/* an unrelated line */\n", f);
	fputs(bridge_c, f);
	fclose(f);
	return xstrdup(tmpl);
}

static void remove_root(char *root)
{
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
	free(root);
}

static ol_loc at(const char *file, unsigned line, unsigned col)
{
	ol_loc l = { .file = file, .line = line, .col = col };
	return l;
}

// Fills a sink with the findings of bridge.c as the engine would report
// them, lines moved down by `shift`; `file` is the path as analyzed.
static ol_diag_sink *make_sink(const char *file, unsigned shift)
{
	ol_diag_sink *s = ol_diag_sink_new();
	unsigned k = shift;

	ol_event leak_ev[] = {
		{at(file, 5 + k, 16), "'x' acquired here (new reference)"},
		{at(file, 9 + k, 6), "taking the error branch: 'PyLong_FromLong' returned NULL"},
		{at(file, 10 + k, 3), "returning NULL with 'x' still owned"},
	};
	ol_diag leak = {
		.check = OL_CHECK_OWN_LEAK_ON_ERROR, .level = OL_LEVEL_WARNING,
		.loc = at(file, 10 + k, 3),
		.msg = "new reference 'x' from 'PyLong_FromLong' is leaked on the error exit",
		.func = "pair", .resource = "pyref", .subject = "x",
		.events = leak_ev, .nevents = 3,
	};
	ol_event dbl_ev[] = {
		{at(file, 8 + k, 16), "'y' acquired here (new reference)"},
		{at(file, 11 + k, 2), "'y' released here"},
		{at(file, 12 + k, 2), "'y' released again; released at (2)"},
	};
	ol_diag dbl = {
		.check = OL_CHECK_OWN_DOUBLE, .level = OL_LEVEL_ERROR,
		.loc = at(file, 12 + k, 2),
		.msg = "'y' is released twice [first at line (2)]",
		.func = "pair", .resource = "pyref", .subject = "y",
		.events = dbl_ev, .nevents = 3,
	};
	ol_diag borrowed = {
		.check = OL_CHECK_OWN_BORROW_AS_NEW, .level = OL_LEVEL_ERROR,
		.loc = at(file, 13 + k, 20),
		.msg = "'x' is returned as a new reference",
		.func = "pair", .resource = "pyref", .subject = "x",
	};
	ol_event sup_ev[] = {
		{at(file, 18 + k, 16), "'z' acquired here (new reference)"},
	};
	ol_diag sup = {
		.check = OL_CHECK_OWN_LEAK, .level = OL_LEVEL_WARNING,
		.loc = at(file, 19 + k, 1),
		.msg = "new reference 'z' is leaked",
		.func = "leaky", .resource = "pyref", .subject = "z",
		.events = sup_ev, .nevents = 1, .suppressed = true,
	};

	ol_diag_sink_add(s, &sup);
	ol_diag_sink_add(s, &borrowed);
	ol_diag_sink_add(s, &dbl);
	ol_diag_sink_add(s, &leak);
	ol_diag_sink_notice(s, OL_LEVEL_ERROR, at("broken.c", 0, 0),
			    "parse-error", "'%s' could not be parsed", "broken.c");
	ol_diag_sink_notice(s, OL_LEVEL_WARNING, at(file, 3 + k, 11), "budget",
			    "analysis of '%s' stopped after %d states", "pair",
			    10000);
	ol_diag_sink_finish(s);
	return s;
}

static const char *const test_argv[] = {
	"mojo-ownlint", "--format", "sarif", "src/bridge.c", "-o", "x y.sarif",
};

static ol_emit_opts default_opts(const char *root)
{
	ol_emit_opts o = {
		.srcroot = root, .tool_version = OL_VERSION,
		.execution_successful = true,
		.argv = test_argv, .argc = 6,
	};
	return o;
}

// Emits with `emit` and returns the text (owned), NUL-terminated.
static char *emit_text(int (*emit)(FILE *, const ol_diag_sink *,
				   const ol_emit_opts *),
		       const ol_diag_sink *s, const ol_emit_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	cr_assert_eq(emit(f, s, o), 0);
	fclose(f);
	return buf;
}

static json_object *parse(const char *text)
{
	json_object *j = json_tokener_parse(text);
	cr_assert(j, "output is not JSON");
	return j;
}

// Path lookup: get(j, "runs", "0", "results", NULL). Array indexes are
// decimal strings. Fails the test when something is missing.
static json_object *get(json_object *j, ...)
{
	va_list ap;
	const char *k;

	va_start(ap, j);
	while ((k = va_arg(ap, const char *))) {
		json_object *next = NULL;
		if (json_object_is_type(j, json_type_array)) {
			size_t i = strtoul(k, NULL, 10);
			cr_assert_lt(i, json_object_array_length(j), "no [%s]", k);
			next = json_object_array_get_idx(j, i);
		} else {
			cr_assert(json_object_object_get_ex(j, k, &next),
				  "no key '%s'", k);
		}
		j = next;
	}
	va_end(ap);
	return j;
}

static bool has(json_object *j, const char *key)
{
	return json_object_object_get_ex(j, key, NULL);
}

static const char *str(json_object *j)
{
	cr_assert(json_object_is_type(j, json_type_string));
	return json_object_get_string(j);
}

static int num(json_object *j)
{
	cr_assert(json_object_is_type(j, json_type_int));
	return json_object_get_int(j);
}

// A whole log for the default sink: the root, the log, parsed.
typedef struct fixture {
	char *root;
	char *file;
	ol_diag_sink *sink;
	char *text;
	json_object *log;
} fixture;

static void fixture_open(fixture *fx, unsigned shift, bool include_sup)
{
	char path[PATH_MAX];

	fx->root = make_root(shift);
	snprintf(path, sizeof path, "%s/src/bridge.c", fx->root);
	fx->file = xstrdup(path);
	fx->sink = make_sink(fx->file, shift);
	ol_emit_opts o = default_opts(fx->root);
	o.include_suppressed = include_sup;
	fx->text = emit_text(ol_emit_sarif, fx->sink, &o);
	fx->log = parse(fx->text);
	const char *keep = getenv("OL_SARIF_SAMPLE");
	if (keep && *keep) {
		FILE *f = fopen(keep, "w");
		cr_assert(f);
		fputs(fx->text, f);
		fclose(f);
	}
}

static void fixture_close(fixture *fx)
{
	json_object_put(fx->log);
	free(fx->text);
	ol_diag_sink_free(fx->sink);
	free(fx->file);
	remove_root(fx->root);
}

static json_object *results(fixture *fx)
{
	return get(fx->log, "runs", "0", "results", NULL);
}

// The result for check `id`, or fails.
static json_object *result_for(fixture *fx, const char *id)
{
	json_object *rs = results(fx);
	for (size_t i = 0; i < json_object_array_length(rs); i++) {
		json_object *r = json_object_array_get_idx(rs, i);
		if (strcmp(str(get(r, "ruleId", NULL)), id) == 0)
			return r;
	}
	cr_assert_fail("no result for %s", id);
	return NULL;
}

static const char *fingerprint(json_object *r)
{
	return str(get(r, "partialFingerprints", "mojoOwnlint/v2", NULL));
}

Test(sarif, log_and_driver_keys)
{
	fixture fx;
	fixture_open(&fx, 0, false);

	cr_assert_str_eq(str(get(fx.log, "$schema", NULL)),
			 "https://json.schemastore.org/sarif-2.1.0.json");
	cr_assert_str_eq(str(get(fx.log, "version", NULL)), "2.1.0");
	cr_assert_eq(json_object_array_length(get(fx.log, "runs", NULL)), 1);
	json_object *drv = get(fx.log, "runs", "0", "tool", "driver", NULL);
	cr_assert_str_eq(str(get(drv, "name", NULL)), "mojo-ownlint");
	cr_assert_str_eq(str(get(drv, "version", NULL)), OL_VERSION);
	cr_assert_str_eq(str(get(drv, "semanticVersion", NULL)), OL_VERSION);
	cr_assert(strncmp(str(get(drv, "informationUri", NULL)), "https://", 8) == 0);

	json_object *rules = get(drv, "rules", NULL);
	cr_assert_eq(json_object_array_length(rules), OL_CHECK__COUNT);
	for (int c = 0; c < OL_CHECK__COUNT; c++) {
		json_object *r = json_object_array_get_idx(rules, c);
		const ol_check_info *ci = ol_check_info_get((ol_check_id)c);
		cr_assert_str_eq(str(get(r, "id", NULL)), ci->id);
		cr_assert_str_neq(str(get(r, "name", NULL)), ci->id);
		cr_assert_gt(strlen(str(get(r, "shortDescription", "text", NULL))), 0);
		cr_assert_gt(strlen(str(get(r, "fullDescription", "text", NULL))), 0);
		cr_assert_leq(strlen(str(get(r, "fullDescription", "text", NULL))), 1024);
		cr_assert_gt(strlen(str(get(r, "help", "text", NULL))), 0);
		cr_assert_gt(strlen(str(get(r, "help", "markdown", NULL))), 0);
		cr_assert(strstr(str(get(r, "helpUri", NULL)), ci->id));
		cr_assert_str_eq(str(get(r, "defaultConfiguration", "level", NULL)),
				 ol_level_name(ci->level));
		json_object *tags = get(r, "properties", "tags", NULL);
		cr_assert_leq(json_object_array_length(tags), 10);
		char cwe[64];
		snprintf(cwe, sizeof cwe, "external/cwe/cwe-%d", ci->cwe);
		bool found = false;
		for (size_t t = 0; t < json_object_array_length(tags); t++)
			found |= !strcmp(str(json_object_array_get_idx(tags, t)), cwe);
		cr_assert(found, "%s lacks tag %s", ci->id, cwe);
		cr_assert(has(get(r, "properties", NULL), "precision"));
		cr_assert(has(get(r, "properties", NULL), "problem.severity"));
		bool security = has(get(r, "properties", NULL), "security-severity");
		cr_assert_eq(security, !strcmp(ci->name, "use-after-release") ||
			     !strcmp(ci->name, "double-release") ||
			     !strcmp(ci->name, "use-after-move"), "%s", ci->id);
	}
	json_object *rule0 = json_object_array_get_idx(rules, 0);
	cr_assert_str_eq(str(get(rule0, "name", NULL)), "ResourceLeak");

	json_object *run = get(fx.log, "runs", "0", NULL);
	cr_assert_str_eq(str(get(run, "columnKind", NULL)), "utf16CodeUnits");
	cr_assert(!has(run, "automationDetails"));
	char *real = realpath(fx.root, NULL), want[PATH_MAX + 16];
	snprintf(want, sizeof want, "file://%s/", real);
	free(real);
	cr_assert_str_eq(str(get(run, "originalUriBaseIds", "%SRCROOT%", "uri",
				 NULL)), want);
	fixture_close(&fx);
}

Test(sarif, rule_index_matches_rule_id)
{
	fixture fx;
	fixture_open(&fx, 0, true);
	json_object *rules = get(fx.log, "runs", "0", "tool", "driver", "rules", NULL);
	json_object *rs = results(&fx);

	cr_assert_eq(json_object_array_length(rs), 4);
	for (size_t i = 0; i < json_object_array_length(rs); i++) {
		json_object *r = json_object_array_get_idx(rs, i);
		int idx = num(get(r, "ruleIndex", NULL));
		cr_assert_lt((size_t)idx, json_object_array_length(rules));
		cr_assert_str_eq(str(get(json_object_array_get_idx(rules, idx),
					 "id", NULL)),
				 str(get(r, "ruleId", NULL)));
	}
	fixture_close(&fx);
}

Test(sarif, primary_location_is_relative_with_region)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	json_object *r = result_for(&fx, "MOJO-OWN-104");

	cr_assert_eq(json_object_array_length(get(r, "locations", NULL)), 1);
	json_object *pl = get(r, "locations", "0", "physicalLocation", NULL);
	cr_assert_str_eq(str(get(pl, "artifactLocation", "uri", NULL)), "src/bridge.c");
	cr_assert_str_eq(str(get(pl, "artifactLocation", "uriBaseId", NULL)), "%SRCROOT%");
	cr_assert_eq(num(get(pl, "region", "startLine", NULL)), 12);
	cr_assert_eq(num(get(pl, "region", "startColumn", NULL)), 2);
	cr_assert_eq(num(get(pl, "region", "endLine", NULL)), 12);
	cr_assert_eq(num(get(pl, "region", "endColumn", NULL)), 11); // Py_DECREF
	cr_assert_str_eq(str(get(pl, "region", "snippet", "text", NULL)), "Py_DECREF");
	cr_assert_str_eq(str(get(pl, "contextRegion", "snippet", "text", NULL)),
			 "\tPy_DECREF(y);");
	cr_assert_str_eq(str(get(r, "level", NULL)), "error");
	cr_assert_str_eq(str(get(r, "properties", "resourceKind", NULL)), "pyref");
	cr_assert_str_eq(str(get(r, "locations", "0", "logicalLocations", "0",
				 "name", NULL)), "pair");
	fixture_close(&fx);
}

Test(sarif, columns_are_utf16_code_units)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	json_object *reg = get(result_for(&fx, "MOJO-OWN-107"), "locations", "0",
			       "physicalLocation", "region", NULL);

	// byte column 20; before it: tab, "return ", "/*", ü (1 unit),
	// U+1D11E (2 units), "*/", " " = 16 units.
	cr_assert_eq(num(get(reg, "startColumn", NULL)), 17);
	cr_assert_eq(num(get(reg, "endColumn", NULL)), 18);
	fixture_close(&fx);
}

Test(sarif, message_links_the_first_event)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	json_object *r = result_for(&fx, "MOJO-OWN-105");
	const char *m = str(get(r, "message", "text", NULL));

	cr_assert(strstr(m, "[acquired here](1)"), "%s", m);
	cr_assert_eq(m[strlen(m) - 1], '.');
	cr_assert_eq(num(get(r, "relatedLocations", "0", "id", NULL)), 1);
	cr_assert_eq(num(get(r, "relatedLocations", "0", "physicalLocation",
			     "region", "startLine", NULL)), 5);
	// Brackets of the finding's own text are escaped (SARIF §3.11.6).
	m = str(get(result_for(&fx, "MOJO-OWN-104"), "message", "text", NULL));
	cr_assert(strstr(m, "\\[first at line (2)\\]"), "%s", m);
	// No events, no link.
	m = str(get(result_for(&fx, "MOJO-OWN-107"), "message", "text", NULL));
	cr_assert_str_eq(m, "'x' is returned as a new reference.");
	cr_assert(!has(result_for(&fx, "MOJO-OWN-107"), "relatedLocations"));
	fixture_close(&fx);
}

Test(sarif, code_flow_holds_every_event)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	json_object *steps = get(result_for(&fx, "MOJO-OWN-105"), "codeFlows", "0",
				 "threadFlows", "0", "locations", NULL);

	cr_assert_eq(json_object_array_length(steps), 3);
	for (int i = 0; i < 3; i++) {
		json_object *s = json_object_array_get_idx(steps, i);
		cr_assert_eq(num(get(s, "executionOrder", NULL)), i + 1);
		cr_assert_eq(num(get(s, "nestingLevel", NULL)), 0);
		cr_assert_gt(strlen(str(get(s, "location", "message", "text", NULL))), 0);
	}
	cr_assert_eq(num(get(steps, "1", "location", "physicalLocation", "region",
			     "startLine", NULL)), 9);
	fixture_close(&fx);
}

Test(sarif, fingerprints_survive_inserted_lines)
{
	fixture a, b;
	fixture_open(&a, 0, false);
	fixture_open(&b, 3, false);
	const char *ids[] = {"MOJO-OWN-104", "MOJO-OWN-105", "MOJO-OWN-107"};

	for (size_t i = 0; i < 3; i++) {
		json_object *ra = result_for(&a, ids[i]), *rb = result_for(&b, ids[i]);
		cr_assert_neq(num(get(ra, "locations", "0", "physicalLocation",
				      "region", "startLine", NULL)),
			      num(get(rb, "locations", "0", "physicalLocation",
				      "region", "startLine", NULL)));
		cr_assert_str_eq(fingerprint(ra), fingerprint(rb), "%s", ids[i]);
		cr_assert_eq(strlen(fingerprint(ra)), 16);
	}
	cr_assert_str_neq(fingerprint(result_for(&a, ids[0])),
			  fingerprint(result_for(&a, ids[1])));
	fixture_close(&a);
	fixture_close(&b);
}

Test(sarif, identical_findings_get_distinct_fingerprints)
{
	char *root = make_root(0), path[PATH_MAX];
	snprintf(path, sizeof path, "%s/src/bridge.c", root);
	ol_diag_sink *s = ol_diag_sink_new();
	// The same statement text twice (lines 11 and 12 read the same).
	for (unsigned line = 11; line <= 12; line++) {
		ol_diag d = {.check = OL_CHECK_OWN_USE_AFTER_FREE,
			     .level = OL_LEVEL_ERROR, .loc = at(path, line, 2),
			     .msg = "'y' used after release", .func = "pair",
			     .subject = "y"};
		ol_diag_sink_add(s, &d);
	}
	ol_diag_sink_finish(s);
	ol_emit_opts o = default_opts(root);
	char *text = emit_text(ol_emit_sarif, s, &o);
	json_object *log = parse(text);
	json_object *rs = get(log, "runs", "0", "results", NULL);

	cr_assert_eq(json_object_array_length(rs), 2);
	cr_assert_str_neq(fingerprint(get(rs, "0", NULL)), fingerprint(get(rs, "1", NULL)));
	json_object_put(log);
	free(text);
	ol_diag_sink_free(s);
	remove_root(root);
}

Test(sarif, suppressed_left_out_by_default)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	json_object *rs = results(&fx);

	cr_assert_eq(json_object_array_length(rs), 3);
	for (size_t i = 0; i < 3; i++) {
		json_object *r = json_object_array_get_idx(rs, i);
		cr_assert_str_neq(str(get(r, "ruleId", NULL)), "MOJO-OWN-101");
		cr_assert(!has(r, "suppressions"));
	}
	fixture_close(&fx);
}

Test(sarif, suppressed_included_on_request)
{
	fixture with, without;
	fixture_open(&with, 0, true);
	fixture_open(&without, 0, false);
	json_object *r = result_for(&with, "MOJO-OWN-101");

	cr_assert_eq(json_object_array_length(results(&with)), 4);
	cr_assert_str_eq(str(get(r, "suppressions", "0", "kind", NULL)), "inSource");
	r = result_for(&with, "MOJO-OWN-104");
	cr_assert_eq(json_object_array_length(get(r, "suppressions", NULL)), 0);
	// Including suppressed findings does not renumber the others.
	cr_assert_str_eq(fingerprint(r),
			 fingerprint(result_for(&without, "MOJO-OWN-104")));
	fixture_close(&with);
	fixture_close(&without);
}

Test(sarif, output_is_deterministic)
{
	fixture fx;
	fixture_open(&fx, 0, true);
	ol_emit_opts o = default_opts(fx.root);
	o.include_suppressed = true;
	char *again = emit_text(ol_emit_sarif, fx.sink, &o);

	cr_assert_str_eq(again, fx.text);
	cr_assert_eq(fx.text[strlen(fx.text) - 1], '\n');
	cr_assert(strstr(fx.text, "\n  \"version\": \"2.1.0\""), "2-space indent");
	free(again);
	fixture_close(&fx);
}

// The log is streamed (results written one at a time): its bytes must be
// what json-c writes for the whole document at once, with the same flags.
static void assert_whole_document_bytes(const char *text)
{
	json_object *log = parse(text);
	const char *whole = json_object_to_json_string_ext(log,
		JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		JSON_C_TO_STRING_NOSLASHESCAPE);
	size_t n = strlen(whole);
	cr_assert_eq(strlen(text), n + 1, "streamed %zu bytes, whole %zu",
		     strlen(text), n + 1);
	cr_assert(!strncmp(text, whole, n) && text[n] == '\n');
	json_object_put(log);
}

Test(sarif, streamed_log_is_the_whole_document)
{
	fixture fx;
	fixture_open(&fx, 0, true);
	assert_whole_document_bytes(fx.text);
	fixture_close(&fx);

	// no results at all: the empty array as json-c writes it
	char *root = make_root(0);
	ol_diag_sink *s = ol_diag_sink_new();
	ol_diag_sink_finish(s);
	ol_emit_opts o = default_opts(root);
	char *text = emit_text(ol_emit_sarif, s, &o);
	cr_assert(strstr(text, "\"results\": [\n      ]\n"), "%s", text);
	assert_whole_document_bytes(text);
	free(text);
	ol_diag_sink_free(s);
	remove_root(root);
}

Test(sarif, notices_become_tool_execution_notifications)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	json_object *inv = get(fx.log, "runs", "0", "invocations", "0", NULL);
	json_object *ns = get(inv, "toolExecutionNotifications", NULL);

	cr_assert(json_object_get_boolean(get(inv, "executionSuccessful", NULL)));
	cr_assert_str_eq(str(get(inv, "commandLine", NULL)),
			 "mojo-ownlint --format sarif src/bridge.c -o 'x y.sarif'");
	cr_assert_eq(json_object_array_length(get(inv, "arguments", NULL)), 5);
	cr_assert_eq(json_object_array_length(ns), 2);
	bool parse_err = false, budget = false;
	for (size_t i = 0; i < 2; i++) {
		json_object *n = json_object_array_get_idx(ns, i);
		const char *id = str(get(n, "descriptor", "id", NULL));
		if (!strcmp(id, "parse-error")) {
			parse_err = true;
			cr_assert_str_eq(str(get(n, "level", NULL)), "error");
			cr_assert(strstr(str(get(n, "message", "text", NULL)), "broken.c"));
		} else if (!strcmp(id, "budget")) {
			budget = true;
			cr_assert_str_eq(str(get(n, "level", NULL)), "warning");
			cr_assert_str_eq(str(get(n, "locations", "0", "physicalLocation",
						 "artifactLocation", "uri", NULL)),
					 "src/bridge.c");
		}
	}
	cr_assert(parse_err && budget);
	fixture_close(&fx);
}

Test(sarif, category_sets_automation_details)
{
	char *root = make_root(0);
	ol_diag_sink *s = ol_diag_sink_new();
	ol_emit_opts o = default_opts(root);
	o.category = "mojo-ownlint";
	char *text = emit_text(ol_emit_sarif, s, &o);
	json_object *log = parse(text);

	cr_assert_str_eq(str(get(log, "runs", "0", "automationDetails", "id", NULL)),
			 "mojo-ownlint/");
	cr_assert_eq(json_object_array_length(get(log, "runs", "0", "results", NULL)), 0);
	json_object_put(log);
	free(text);
	ol_diag_sink_free(s);
	remove_root(root);
}

Test(sarif, results_capped_at_github_limit, .timeout = 1200)
{
	char *root = make_root(0), path[PATH_MAX];
	snprintf(path, sizeof path, "%s/src/bridge.c", root);
	ol_diag_sink *s = ol_diag_sink_new();
	for (unsigned i = 0; i < 25005; i++) {
		ol_diag d = {.check = OL_CHECK_OWN_LEAK, .level = OL_LEVEL_WARNING,
			     .loc = at(path, 1000 + i, 1), .msg = "leak",
			     .func = "f", .subject = "v"};
		ol_diag_sink_add(s, &d);
	}
	ol_diag_sink_finish(s);
	ol_emit_opts o = default_opts(root);
	char *text = emit_text(ol_emit_sarif, s, &o);
	json_object *log = parse(text);
	json_object *rs = get(log, "runs", "0", "results", NULL);

	cr_assert_eq(json_object_array_length(rs), 25000);
	cr_assert_eq(num(get(rs, "0", "locations", "0", "physicalLocation",
			     "region", "startLine", NULL)), 1000);
	json_object *ns = get(log, "runs", "0", "invocations", "0",
			      "toolExecutionNotifications", NULL);
	json_object *last = json_object_array_get_idx(ns, json_object_array_length(ns) - 1);
	cr_assert_str_eq(str(get(last, "descriptor", "id", NULL)), "result-limit");
	cr_assert(strstr(str(get(last, "message", "text", NULL)), "5 results"));
	assert_whole_document_bytes(text);
	json_object_put(log);
	free(text);
	ol_diag_sink_free(s);
	remove_root(root);
}

Test(sarif, long_paths_are_shortened)
{
	char *root = make_root(0), path[PATH_MAX];
	snprintf(path, sizeof path, "%s/src/bridge.c", root);
	ol_diag_sink *s = ol_diag_sink_new();
	ol_event *ev = calloc(1500, sizeof *ev);
	for (unsigned i = 0; i < 1500; i++) {
		ev[i].loc = at(path, 1 + i % 19, 1);
		ev[i].msg = "step";
	}
	ol_diag d = {.check = OL_CHECK_OWN_LEAK, .level = OL_LEVEL_WARNING,
		     .loc = at(path, 14, 1), .msg = "leak", .func = "pair",
		     .events = ev, .nevents = 1500};
	ol_diag_sink_add(s, &d);
	ol_diag_sink_finish(s);
	ol_emit_opts o = default_opts(root);
	char *text = emit_text(ol_emit_sarif, s, &o);
	json_object *log = parse(text);
	json_object *cf = get(log, "runs", "0", "results", "0", "codeFlows", "0", NULL);
	json_object *steps = get(cf, "threadFlows", "0", "locations", NULL);

	cr_assert_eq(json_object_array_length(steps), 1000);
	cr_assert_eq(num(get(steps, "999", "executionOrder", NULL)), 1500);
	cr_assert(strstr(str(get(cf, "message", "text", NULL)), "1500"));
	json_object_put(log);
	free(text);
	free(ev);
	ol_diag_sink_free(s);
	remove_root(root);
}

Test(sarif, json_format_summary)
{
	fixture fx;
	fixture_open(&fx, 0, false);
	ol_emit_opts o = default_opts(fx.root);
	char *text = emit_text(ol_emit_json, fx.sink, &o);
	json_object *j = parse(text);

	cr_assert_eq(num(get(j, "version", NULL)), 1);
	cr_assert_str_eq(str(get(j, "tool", "name", NULL)), "mojo-ownlint");
	json_object *fs = get(j, "findings", NULL);
	cr_assert_eq(json_object_array_length(fs), 3);
	json_object *f0 = get(fs, "0", NULL);
	cr_assert_str_eq(str(get(f0, "file", NULL)), "src/bridge.c");
	cr_assert_str_eq(str(get(f0, "id", NULL)), "MOJO-OWN-105");
	cr_assert_str_eq(str(get(f0, "name", NULL)), "leak-on-error-exit");
	cr_assert_eq(num(get(f0, "line", NULL)), 10);
	cr_assert_eq(num(get(f0, "column", NULL)), 3);
	cr_assert_eq(json_object_array_length(get(f0, "events", NULL)), 3);
	cr_assert_eq(num(get(j, "summary", "findings", NULL)), 3);
	cr_assert_eq(num(get(j, "summary", "suppressed", NULL)), 1);
	cr_assert_eq(num(get(j, "summary", "by_check", "MOJO-OWN-104", NULL)), 1);
	cr_assert_eq(json_object_array_length(get(j, "notices", NULL)), 2);
	json_object *ns = get(j, "notices", NULL);
	for (size_t i = 0; i < json_object_array_length(ns); i++) {
		json_object *n = json_object_array_get_idx(ns, i);
		if (!strcmp(str(get(n, "kind", NULL)), "parse-error"))
			cr_assert(json_object_is_type(get(n, "line", NULL),
						      json_type_null));
	}
	cr_assert_eq(text[strlen(text) - 1], '\n');
	json_object_put(j);
	free(text);
	fixture_close(&fx);
}

// A finding the engine could not place (a leak found as a path entered a
// block with no place of its own once came out as "<unknown>:0:0" and
// `"file": null`) is placed at its path's last step that has a place.
Test(sarif, finding_without_a_place_takes_its_last_placed_step)
{
	ol_diag_sink *s = ol_diag_sink_new();
	ol_event ev[] = {
		{at("t.c", 11, 39), "new reference returned by 'PyObject_GetAttrString'"},
		{at("t.c", 18, 4), "assuming 'type' is not 1"},
		{{0}, "the result is discarded here"},
	};
	ol_diag d = {
		.check = OL_CHECK_OWN_LEAK, .level = OL_LEVEL_WARNING,
		.msg = "new reference from 'PyObject_GetAttrString' is leaked",
		.func = "f", .resource = "pyref", .events = ev, .nevents = 3,
	};
	ol_diag_sink_add(s, &d);
	const ol_diag *got = ol_diag_sink_get(s, 0);
	cr_assert_str_eq(got->loc.file, "t.c");
	cr_assert_eq(got->loc.line, 18);
	cr_assert_eq(got->loc.col, 4);
	ol_diag_sink_free(s);
}
