/*
 * args.c — which compiler arguments never reach libclang (see args.h).
 *
 * The output and dependency-file arguments are a fixed list: those of
 * clang's driver that make a compile write something besides the object
 * (or instead of parsing), in their separate (`-MF x`) and joined
 * (`-MFx`, `-ox`) spellings, and `-Wp,` when it hands the preprocessor a
 * `-M` flag (`-Wp,-MD,.deps/x.d`, the Linux kernel's and autotools'
 * spelling).
 *
 * Rejected arguments are read from the text of the driver's
 * diagnostics: libclang gives them no ID nor category, only their
 * spelling and no location. The four spellings below are clang's
 * err_drv_unknown_argument (with and without a suggestion),
 * err_drv_unsupported_opt(_for_target) and
 * err_drv_unsupported_option_argument, which all make the driver leave
 * the argument out and go on; any other driver error is left to
 * partial.c as before.
 */
#include "args.h"

#include "../base/strbuf.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// Alone: no value, exact spelling.
static const char *const output_alone[] = {
	"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-MV",
	"-###", "-v", "-H", "--analyze", "-save-temps", "-ftime-trace",
	"-emit-llvm", "-emit-ast", "--help", "-help", "--version", NULL,
};

// Followed by their value as the next word (or joined to it).
static const char *const output_valued[] = {
	"-o", "-MF", "-MT", "-MQ", "-MJ", "--output", "-dependency-file",
	"-dependency-dot", NULL,
};

// Whose spellings start so (with any value joined).
static const char *const output_prefixes[] = {
	"-save-temps=", "-ftime-trace=", "-print-", "--print-", "-dump",
	"--output=", NULL,
};

static bool in_list(const char *const *list, const char *a)
{
	for (size_t i = 0; list[i]; i++)
		if (!strcmp(a, list[i]))
			return true;
	return false;
}

// -Wp,A,B,...: whether one of A, B, ... is a -M flag.
static bool wp_has_dependency_flag(const char *a)
{
	if (strncmp(a, "-Wp,", 4))
		return false;
	for (const char *p = a + 3; p; p = strchr(p + 1, ','))
		if (p[1] == '-' && p[2] == 'M')
			return true;
	return false;
}

size_t ol_args_output_words(const char *const *argv, size_t argc, size_t i)
{
	const char *a = argv[i];

	if (a[0] != '-')
		return 0;
	if (in_list(output_alone, a))
		return 1;
	if (in_list(output_valued, a))
		return i + 1 < argc ? 2 : 1;
	for (size_t k = 0; output_prefixes[k]; k++)
		if (!strncmp(a, output_prefixes[k], strlen(output_prefixes[k])))
			return 1;
	// Joined values: -ofoo.o (not -objc...), -MFfoo.d, -MTx, -MQx, -MJx.
	if ((a[1] == 'o' && a[2] && strncmp(a, "-obj", 4)) ||
	    !strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) ||
	    !strncmp(a, "-MQ", 3) || !strncmp(a, "-MJ", 3))
		return 1;
	return wp_has_dependency_flag(a) ? 1 : 0;
}

// Copies the text between the first two single quotes after `from` into
// `out` (size `n`); false when there are none.
static bool quoted(const char *from, char *out, size_t n)
{
	const char *b = strchr(from, '\''), *e = b ? strchr(b + 1, '\'') : NULL;
	if (!e || (size_t)(e - b - 1) >= n)
		return false;
	memcpy(out, b + 1, (size_t)(e - b - 1));
	out[e - b - 1] = 0;
	return true;
}

// The option a rejection diagnostic's text names and, for an unsupported
// value, the value (else `value` is ""). False when `msg` is not one.
static bool rejection_parts(const char *msg, char *opt, char *value, size_t n)
{
	*value = 0;
	if (!strncmp(msg, "unknown argument", 16) ||
	    !strncmp(msg, "unsupported option '", 20))
		return quoted(msg, opt, n);
	if (!strncmp(msg, "unsupported argument '", 22)) {
		// unsupported argument 'foo' to option '-fsanitize='
		const char *to = strstr(msg, "' to option '");
		return to && quoted(msg, value, n) && quoted(to + 1, opt, n);
	}
	return false;
}

// rejection_parts() of diagnostic `d`, when it is an error of the driver
// (no location).
static bool rejection_of(CXDiagnostic d, char *opt, char *value, size_t n)
{
	CXFile f = NULL;

	if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error)
		return false;
	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL,
				   NULL, NULL);
	if (f)
		return false; // the driver's have no location
	CXString s = clang_getDiagnosticSpelling(d);
	bool yes = rejection_parts(clang_getCString(s), opt, value, n);
	clang_disposeString(s);
	return yes;
}

// Whether the user's word `a` is what `opt` (and `value`) name: the same
// word, or `opt` ending in '=' with `a` giving it a value (holding
// `value`, when there is one).
static bool names_word(const char *opt, const char *value, const char *a)
{
	size_t n = strlen(opt);
	if (!*value && !strcmp(a, opt))
		return true;
	if (!n || opt[n - 1] != '=' || strncmp(a, opt, n))
		return false;
	return !*value || strstr(a + n, value) != NULL;
}

bool ol_args_has(const ol_args_names *names, const char *a)
{
	for (size_t i = 0; i < names->len; i++)
		if (!strcmp(names->items[i], a))
			return true;
	return false;
}

size_t ol_args_rejected(ol_args_names *out, CXTranslationUnit tu,
			const char *const *argv, size_t argc)
{
	size_t added = 0;

	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		char opt[512], value[512];
		bool rejected = rejection_of(d, opt, value, sizeof opt);
		clang_disposeDiagnostic(d);
		for (size_t k = 0; rejected && k < argc; k++)
			if (names_word(opt, value, argv[k]) &&
			    !ol_args_has(out, argv[k])) {
				OL_VEC_PUSH(out, ol_xstrdup(argv[k]));
				added++;
			}
	}
	return added;
}

void ol_args_names_free(ol_args_names *names)
{
	for (size_t i = 0; i < names->len; i++)
		free(names->items[i]);
	OL_VEC_FREE(names);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void ol_args_merge_notices(ol_diag_sink *sink)
{
	size_t n = ol_diag_sink_notice_count(sink), nfiles = 0;
	bool *keep = ol_xcalloc(n + 1, sizeof(bool));
	OL_VEC(const char *) names = { 0 }, files = { 0 };

	for (size_t i = 0; i < n; i++) {
		const ol_notice *x = ol_diag_sink_notice_get(sink, i);
		keep[i] = strcmp(x->kind, OL_ARGS_NOTICE_KIND) != 0;
		if (keep[i])
			continue;
		OL_VEC_PUSH(&names, x->msg);
		OL_VEC_PUSH(&files, x->loc.file ? x->loc.file : "");
	}
	if (!names.len)
		goto done;
	qsort(names.items, names.len, sizeof(char *), cmp_str);
	qsort(files.items, files.len, sizeof(char *), cmp_str);
	for (size_t i = 0; i < files.len; i++)
		nfiles += !i || strcmp(files.items[i - 1], files.items[i]);
	ol_strbuf list;
	ol_strbuf_init(&list);
	size_t distinct = 0;
	for (size_t i = 0; i < names.len; i++) {
		if (i && !strcmp(names.items[i - 1], names.items[i]))
			continue;
		ol_strbuf_printf(&list, "%s'%s'", distinct++ ? ", " : "",
				 names.items[i]);
	}
	ol_loc none = { 0 };
	// (built before the notices it replaces are freed: it quotes them)
	ol_diag_sink_notice(sink, OL_LEVEL_WARNING, none, OL_ARGS_NOTICE_KIND,
			    "clang does not know or support the compiler "
			    "argument%s %s: left out of the parse of the %zu "
			    "file%s that %s %s", distinct == 1 ? "" : "s",
			    ol_strbuf_str(&list), nfiles,
			    nfiles == 1 ? "" : "s",
			    nfiles == 1 ? "has" : "have",
			    distinct == 1 ? "it" : "them");
	ol_strbuf_free(&list);
	keep[n] = true;
	ol_diag_sink_keep_notices(sink, keep);
done:
	free(keep);
	OL_VEC_FREE(&names);
	OL_VEC_FREE(&files);
}
