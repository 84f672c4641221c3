/*
 * cpychecker.c — cpychecker's annotations without changing how a
 * library's headers parse.
 *
 * Projects written for gcc-python-plugin's cpychecker annotate their
 * functions through macros guarded by its feature macros:
 *
 *     #if defined(WITH_CPYCHECKER_RETURNS_BORROWED_REF_ATTRIBUTE)
 *     #define BORROWED __attribute__((cpychecker_returns_borrowed_ref))
 *
 * The tool once defined the WITH_CPYCHECKER_* guards on every parse. But
 * libraries test them too, to other ends: NumPy's __multiarray_api.h
 * opens with `#if defined(_MULTIARRAYMODULE) ||
 * defined(WITH_CPYCHECKER_STEALS_REFERENCE_TO_ARG_ATTRIBUTE)` and then
 * declares NumPy's internals, which do not compile outside NumPy: every
 * file including numpy/arrayobject.h was only partly analyzed.
 *
 * So the guards are defined only for a file whose own project mentions
 * them: the file is parsed without them; if its text, or that of a file it
 * included from under the project root, holds "WITH_CPYCHECKER_", it is
 * parsed again with them (tu.c), and that parse is kept unless it has more
 * errors than the first (a project's own use of the guards next to a
 * library that tests them). A library's headers outside the project are
 * never what turns them on. The attribute names themselves
 * (cpychecker_returns_borrowed_ref, ...) are defined on every parse as
 * annotations clang keeps: a header that does not use the attributes
 * does not test them either (testdata/cli/predefined-macros.py scans the
 * Python and NumPy headers for every macro the tool defines).
 *
 * The main file's text comes from the parse (clang_getFileContents); a
 * header's is read again from the file clang opened, which costs far less
 * than libclang's search for the header's buffer (a scan of the parse's
 * source locations per header: mentions_guard()). A project that does not
 * use cpychecker pays a read and a scan of its own files' text (only
 * theirs).
 */
#include "cpychecker.h"

#include "../cfg/filetext.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

const char *const ol_cpychecker_attributes[] = {
	"-Dcpychecker_returns_borrowed_ref=annotate(\"mojo::borrowed_ref\")",
	"-Dcpychecker_steals_reference_to_arg(n)="
	"annotate(\"mojo::steals(\" #n \")\")",
	"-Dcpychecker_sets_exception=annotate(\"mojo::sets_exception\")",
	"-Dcpychecker_negative_result_sets_exception="
	"annotate(\"mojo::negative_result_sets_exception\")",
	"-Dcpychecker_type_object_for_typedef(t)="
	"annotate(\"mojo::type_object_for(\" #t \")\")",
};
const size_t ol_cpychecker_nattributes =
	sizeof ol_cpychecker_attributes / sizeof *ol_cpychecker_attributes;

// (spelled with the -D apart: the guards are no predefined macro of every
// parse, see predefined-macros.py)
#define GUARD(name) "-D" "WITH_CPYCHECKER_" name "_ATTRIBUTE"
const char *const ol_cpychecker_guards[] = {
	GUARD("RETURNS_BORROWED_REF"),
	GUARD("STEALS_REFERENCE_TO_ARG"),
	GUARD("SETS_EXCEPTION"),
	GUARD("NEGATIVE_RESULT_SETS_EXCEPTION"),
	GUARD("TYPE_OBJECT_FOR_TYPEDEF"),
};
const size_t ol_cpychecker_nguards =
	sizeof ol_cpychecker_guards / sizeof *ol_cpychecker_guards;

typedef struct scan {
	CXTranslationUnit tu;
	char root[PATH_MAX]; // real path, no trailing slash
	size_t rootlen;
	bool found;
} scan;

static bool holds_guard(const char *text, size_t size)
{
	static const char needle[] = "WITH_CPYCHECKER_";
	const size_t n = sizeof needle - 1;

	for (size_t i = 0; text && i + n <= size; i++) {
		const char *p = memchr(text + i, 'W', size - i);
		if (!p || (size_t)(p - text) + n > size)
			return false;
		if (!memcmp(p, needle, n))
			return true;
		i = (size_t)(p - text);
	}
	return false;
}

// Whether `f`'s text holds a guard's name. A header's text is read from
// its file (ol_cfg_file_read()) when it can be: libclang finds a header's
// buffer by a scan of every source location entry of the parse
// (filetext.c), 30 million instructions for CPython's Include/, a third of
// what a start-up run cost over clang's parse (issue 29). The main file's
// buffer clang finds at once.
static bool mentions_guard(CXTranslationUnit tu, CXFile f, bool header)
{
	size_t size = 0;
	char *read = header ? ol_cfg_file_read(f, &size) : NULL;
	if (read) {
		bool found = holds_guard(read, size);
		free(read);
		return found;
	}
	const char *text = ol_cfg_file_text(tu, f, &size);
	return holds_guard(text, size);
}

// Whether `f` lies under the project root.
static bool in_project(const scan *s, CXFile f)
{
	// (clang's real path of the file it opened: no system call; else
	// the name as included, made real)
	CXString name = clang_File_tryGetRealPathName(f);
	const char *path = clang_getCString(name);
	char real[PATH_MAX];
	bool in = false;

	if (!path || !*path) {
		clang_disposeString(name);
		name = clang_getFileName(f);
		path = clang_getCString(name);
		if (path && !realpath(path, real))
			path = NULL;
		else if (path)
			path = real;
	}
	if (path)
		in = s->rootlen == 1 || // (the root is "/")
		     (!strncmp(path, s->root, s->rootlen) &&
		      (path[s->rootlen] == '/' || !path[s->rootlen]));
	clang_disposeString(name);
	return in;
}

static void visit(CXFile f, CXSourceLocation *stack, unsigned depth,
		  CXClientData data)
{
	scan *s = data;
	(void)stack;
	if (s->found)
		return;
	// depth 0: the main file, always the project's own; a header is
	// read only when it is the project's (mostly, they are not).
	if (depth == 0)
		s->found = mentions_guard(s->tu, f, false);
	else if (in_project(s, f))
		s->found = mentions_guard(s->tu, f, true);
}

bool ol_cpychecker_wanted(CXTranslationUnit tu, const char *root)
{
	scan s = { .tu = tu };
	char *slash;

	if (root && realpath(root, s.root)) {
		s.rootlen = strlen(s.root);
	} else {
		// The main file's folder.
		CXString main = clang_getTranslationUnitSpelling(tu);
		if (!realpath(clang_getCString(main), s.root))
			s.root[0] = 0;
		clang_disposeString(main);
		slash = strrchr(s.root, '/');
		if (slash)
			*slash = 0;
		s.rootlen = strlen(s.root);
	}
	while (s.rootlen > 1 && s.root[s.rootlen - 1] == '/')
		s.root[--s.rootlen] = 0;
	clang_getInclusions(tu, visit, &s);
	return s.found;
}
