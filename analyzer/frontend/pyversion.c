/*
 * pyversion.c — which Python a file is written for, as far as the
 * reference counts of None, True and False go.
 *
 * From Python 3.12 (PEP 683) the static singletons `Py_None`, `Py_True`,
 * `Py_False`, `Py_Ellipsis` and `Py_NotImplemented` are immortal: their
 * count is not kept, so `return Py_None;` without `Py_INCREF` is no
 * longer a bug (before 3.12 it underflows the count, and the interpreter
 * ends with "deallocating None"). A file is taken to be written for 3.12
 * or later when it calls a function of the C API that 3.12 or later
 * added, or uses a constant 3.12 added (`Py_T_BOOL`, `Py_READONLY`), and
 * the headers of the parse do not declare it (`PyErr_GetRaisedException`,
 * `PyDict_GetItemRef`: clang's "use of undeclared identifier" or "call
 * to undeclared function"): a project
 * that does not build on older Pythons, analyzed against older headers
 * (the 3.11 ones of a Debian machine). Such a function is itself not
 * analyzed (partial.h); the others of the file are, for the Python the
 * project requires.
 *
 * A project also says so itself: the nearest pyproject.toml
 * (`requires-python = ">=3.12"`), setup.cfg or setup.py (`python_requires
 * = ">=3.13"`) above the file, whose lowest version allowed is 3.12 or
 * later (cmsgpack, C round 113; snek8, C round 111).
 *
 * The headers' own version says nothing of the sort: a project that
 * supports 3.9 to 3.13, analyzed against 3.12's headers, still has the
 * bug on 3.9, and code written for 3.12 or later parses against 3.12's
 * headers with no sign of it. So the include folder is not read.
 *
 * The project is then written for 3.12, and every file of the run with
 * it: the file notes it in its contracts, and the other files get it in
 * their later rounds (frontend/tu.c's ol_tu_reanalyze; redasm's plugin
 * calls it in one file and returns `Py_None` bare in five others). The
 * engine then leaves out MOJO-OWN-107 for a static singleton returned
 * without a reference, and MOJO-OWN-106 for one stolen without a
 * reference (`PyList_SET_ITEM(l, i, Py_True)`; sm/pyref.c); the file that
 * calls the function or uses the constant gets
 * a `python-version` note that says why. Nothing else changes: leaks of those objects are not
 * reported on any version, and a compatibility header
 * (pythoncapi_compat.h) that defines the new functions for old Pythons
 * declares them, so it does not count.
 */
#include "pyversion.h"

#include "../base/strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Functions of the C API that Python 3.12 or 3.13 added.
static const char *const newer_api[] = {
	"PyErr_GetRaisedException",
	"PyErr_SetRaisedException",
	"PyErr_DisplayException",
	"PyType_FromMetaclass",
	"PyObject_GetTypeData",
	"PyType_GetTypeDataSize",
	"PyType_GetDict",
	"PyUnicode_EqualToUTF8",
	"PyUnicode_EqualToUTF8AndSize",
	"PyLong_AsInt",
	"PyDict_GetItemRef",
	"PyDict_GetItemStringRef",
	"PyDict_SetDefaultRef",
	"PyDict_Pop",
	"PyDict_PopString",
	"PyDict_ContainsString",
	"PyList_GetItemRef",
	"PyList_Extend",
	"PyList_Clear",
	"PyImport_AddModuleRef",
	"PyModule_Add",
	"PyObject_GetOptionalAttr",
	"PyObject_GetOptionalAttrString",
	"PyMapping_GetOptionalItem",
	"PyMapping_GetOptionalItemString",
	"PyObject_HasAttrWithError",
	"PyObject_HasAttrStringWithError",
	"PyMapping_HasKeyWithError",
	"PyMapping_HasKeyStringWithError",
	"PyWeakref_GetRef",
	"Py_GetConstant",
	"Py_GetConstantBorrowed",
	"PyErr_FormatUnraisable",
	"Py_IsFinalizing",
	"PyType_GetFullyQualifiedName",
	"PyType_GetModuleName",
	"PyLong_AsNativeBytes",
	"PyLong_FromNativeBytes",
	"PyLong_FromUnsignedNativeBytes",
	"Py_HashPointer",
	"PyTime_Time",
	"PyTime_Monotonic",
	"PyTime_PerfCounter",
	"PyMutex_Lock",
	"PyMutex_Unlock",
};

// Names of constants 3.12 added to Python.h (structmember.h's, renamed:
// `{"flag", Py_T_BOOL, offsetof(..), Py_READONLY}` in a PyMemberDef
// table; snek8, C round 111, needs 3.13 and returns Py_True bare).
static const char *const newer_names[] = {
	"Py_T_SHORT", "Py_T_INT", "Py_T_LONG", "Py_T_FLOAT", "Py_T_DOUBLE",
	"Py_T_STRING", "Py_T_CHAR", "Py_T_BYTE", "Py_T_UBYTE", "Py_T_USHORT",
	"Py_T_UINT", "Py_T_ULONG", "Py_T_STRING_INPLACE", "Py_T_BOOL",
	"Py_T_OBJECT_EX", "Py_T_LONGLONG", "Py_T_ULONGLONG", "Py_T_PYSSIZET",
	"Py_READONLY", "Py_AUDIT_READ", "Py_RELATIVE_OFFSET",
};

// The name the diagnostic `msg` is about, when it says an identifier or
// a function is undeclared: into `out`.
static bool undeclared_name(const char *msg, char *out, size_t size)
{
	if (!strstr(msg, "undeclared identifier") &&
	    !strstr(msg, "undeclared function") &&
	    !strstr(msg, "implicit declaration of function"))
		return false;
	const char *q = strchr(msg, '\'');
	const char *e = q ? strchr(q + 1, '\'') : NULL;
	if (!e || (size_t)(e - q - 1) >= size)
		return false;
	memcpy(out, q + 1, (size_t)(e - q - 1));
	out[e - q - 1] = '\0';
	return true;
}

static bool listed(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

bool ol_pyversion_immortal_statics(CXTranslationUnit tu, char *name,
				   size_t size, bool *is_function)
{
	char found[128];
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString sp = clang_getDiagnosticSpelling(d);
		const char *t = clang_getCString(sp);
		bool named = t && undeclared_name(t, found, sizeof found);
		clang_disposeString(sp);
		clang_disposeDiagnostic(d);
		if (!named)
			continue;
		bool fn = listed(found, newer_api,
				 sizeof newer_api / sizeof *newer_api);
		if (fn || listed(found, newer_names, sizeof newer_names /
							   sizeof *newer_names)) {
			snprintf(name, size, "%s", found);
			*is_function = fn;
			return true;
		}
	}
	return false;
}

// The lowest Python 3 minor version `spec` allows (">=3.12, <4": 12), or
// -1: clauses ">=", "~=" and "==" of "3.N" count; "<", "!=" and ">" (3.11.1
// is > 3.11) bound nothing from below.
static int lowest_minor(const char *spec)
{
	int low = -1;
	for (const char *p = spec; *p;) {
		while (*p == ' ' || *p == ',' || *p == '\t')
			p++;
		bool from = (p[0] == '>' || p[0] == '~' || p[0] == '=') &&
			    p[1] == '=';
		if (from)
			p += 2;
		while (*p == ' ')
			p++;
		int major, minor;
		if (from && sscanf(p, "%d.%d", &major, &minor) == 2 &&
		    major == 3 && minor > low)
			low = minor;
		while (*p && *p != ',')
			p++;
	}
	return low;
}

// In `text`, the quoted or bare value of `key = ...` at the start of a
// line: into `out`.
static bool key_value(const char *text, const char *key, char *out,
		      size_t size)
{
	size_t kl = strlen(key);
	for (const char *p = text; (p = strstr(p, key)); p += kl) {
		const char *b = p;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > text && b[-1] != '\n' && b[-1] != '(' && b[-1] != ',')
			continue;
		const char *q = p + kl;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '=' || q[1] == '=')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		char quote = (*q == '"' || *q == '\'') ? *q++ : 0;
		size_t n = 0;
		while (q[n] && q[n] != '\n' && (quote ? q[n] != quote : 1) &&
		       n + 1 < size)
			n++;
		memcpy(out, q, n);
		out[n] = 0;
		return true;
	}
	return false;
}

bool ol_pyversion_required(const char *path, char *what, size_t size)
{
	static const char *const files[][2] = {
		{"pyproject.toml", "requires-python"},
		{"setup.cfg", "python_requires"},
		{"setup.py", "python_requires"},
	};
	char dir[PATH_MAX];
	if (!realpath(path, dir))
		return false;
	for (unsigned depth = 0; depth < 64; depth++) {
		char *slash = strrchr(dir, '/');
		if (!slash)
			return false;
		*slash = 0; // (the folder above: the file's own first)
		bool any = false;
		for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
			char p[PATH_MAX + 32];
			snprintf(p, sizeof p, "%s/%s", dir, files[i][0]);
			size_t n;
			char *text = ol_read_regular(p, &n);
			if (!text)
				continue;
			any = true;
			char spec[128];
			bool found = key_value(text, files[i][1], spec,
					       sizeof spec);
			free(text);
			if (found && lowest_minor(spec) >= 12) {
				snprintf(what, size, "%s: %s \"%s\"",
					 files[i][0], files[i][1], spec);
				return true;
			}
		}
		// (the nearest folder that has one is the project's)
		if (any || !*dir)
			return false;
	}
	return false;
}
