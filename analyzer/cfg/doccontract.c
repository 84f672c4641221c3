/*
 * doccontract.c — the ownership contract a function's documentation
 * states.
 *
 * A project's helper with external linkage keeps the convention of the C
 * API (rules/README.md): its parameters are borrowed and its result is a
 * new reference, unless something says otherwise. Its author often says
 * so in the comment above it, as CPython's own documentation does:
 *
 *     // Set a value in the tuple. This is a wrapper around PyTuple_SET_ITEM.
 *     // @param op Value to set, the reference is stolen.
 *     ...
 *     // @return Value to get, the reference is borrowed.
 *
 * (PyCppContainers' python_container_convert.h). A documented contract is
 * the function's own word, as much as an `annotate("mojo::steals(N)")`:
 * it is read into the same attributes (calleedecl.c's ownership_attrs()), so the
 * function's body is checked against it and its callers use it.
 *
 * What is read, from the documentation comment Clang attaches to any
 * declaration of the function (a block comment opened with two stars or
 * an exclamation mark, or `///` lines), a line at a time, and only from
 * a line that does not negate ("not", "n't", "never"):
 *   - a line about the result (`@return`, `\returns`, "Return value:",
 *     "Returns ...", or "returns (a) borrowed" anywhere in it: `/// ... In
 *     case of success returns borrowed reference.`) that says "borrowed",
 *     and not "new reference" (then the borrowed one is an argument):
 *     the result, a pointer, is a borrowed reference (mojo::borrowed_ref;
 *     of a C++ class returned by value, which owns what it holds, the
 *     comment says nothing);
 *   - a line about a parameter (`@param NAME`, `\param NAME`) that says
 *     "stolen" or "steals": that parameter is stolen (mojo::steals(N), N
 *     counted from 1 as the declaration writes them).
 * A parameter line that negates stealing ("its reference is not stolen")
 * is read too, as mojo::not_stolen: the function keeps the convention
 * even when its body only forwards the parameter to a call that steals
 * it (a forwarder otherwise takes its call's contract: summary.c).
 * Free prose ("this steals a reference to op") is not read: it names the
 * parameter by no fixed rule. Nor are plain comments (`//`, block): read
 * (`-fparse-all-comments`), CPython's own `// Return a borrowed reference
 * to the empty string singleton.` above a function whose body returns a
 * static object made the static object a borrow, and 4 findings of
 * CPython's sources false (cloud-debug-python's `// ... returns borrowed
 * reference.` above an exported helper stays unread: rules/README.md).
 */
#include "build_int.h"

#include "../base/strbuf.h"
#include "../ol.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

// Whether `line` (of `len` bytes) holds `word`, case-insensitively.
static bool has_word(const char *line, size_t len, const char *word)
{
	size_t n = strlen(word);
	for (size_t i = 0; i + n <= len; i++) {
		size_t k = 0;
		while (k < n && tolower((unsigned char)line[i + k]) == word[k])
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static bool negates(const char *line, size_t len)
{
	return has_word(line, len, " not ") || has_word(line, len, "n't") ||
	       has_word(line, len, "never");
}

// Skips a comment line's leading decoration: blanks, '*', '/', '!'.
static const char *skip_decoration(const char *p, const char *end)
{
	while (p < end && (isspace((unsigned char)*p) || *p == '*' ||
			   *p == '/' || *p == '!'))
		p++;
	return p;
}

// Whether the line starts with the tag `tag` ("param") after '@' or '\'.
static const char *tagged(const char *p, const char *end, const char *tag)
{
	size_t n = strlen(tag);
	if (p >= end || (*p != '@' && *p != '\\') || (size_t)(end - p) < n + 1 ||
	    strncmp(p + 1, tag, n))
		return NULL;
	return p + 1 + n;
}

static bool about_result(const char *p, const char *end)
{
	if (tagged(p, end, "return") || tagged(p, end, "returns"))
		return true;
	size_t len = (size_t)(end - p);
	return has_word(p, len < 16 ? len : 16, "return") ||
	       has_word(p, len, "returns borrowed") ||
	       has_word(p, len, "returns a borrowed") ||
	       has_word(p, len, "return a borrowed") ||
	       has_word(p, len, "return borrowed");
}

// The 1-based place of parameter `name` (of `len` bytes) among `d`'s,
// or 0.
static unsigned param_place(CXCursor d, const char *name, size_t len)
{
	int n = clang_Cursor_getNumArguments(d);
	for (int i = 0; i < n; i++) {
		CXString s = clang_getCursorSpelling(
			clang_Cursor_getArgument(d, (unsigned)i));
		const char *p = clang_getCString(s);
		bool same = p && strlen(p) == len && !strncmp(p, name, len);
		clang_disposeString(s);
		if (same)
			return (unsigned)i + 1;
	}
	return 0;
}

static void add_attr(ol_strbuf *out, const char *attr)
{
	if (out->len)
		ol_strbuf_addc(out, ';');
	ol_strbuf_add(out, attr);
}

// The function returns a pointer: what a "borrowed" result can be. (A
// C++ owner class returned by value, pluto's `/// Returns a borrowed
// reference` above `python::Object Sequence::get(size_t)`, whose body
// makes the object of a new reference, owns what it holds, whatever the
// comment says of the pointer inside: C++ round 64.)
static bool returns_pointer(CXCursor d)
{
	CXType r = clang_getCanonicalType(clang_getCursorResultType(d));
	return r.kind == CXType_Pointer;
}

void doc_contract_attrs(CXCursor d, ol_strbuf *out)
{
	enum CXCursorKind k = clang_getCursorKind(d);
	if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod)
		return;
	CXString cs = clang_Cursor_getRawCommentText(d);
	const char *text = clang_getCString(cs);
	bool borrowed = false;
	for (const char *line = text; line && *line;) {
		const char *end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		const char *p = skip_decoration(line, end);
		size_t len = (size_t)(end - p);
		const char *after;
		if (negates(p, len) && tagged(p, end, "param") &&
		    (has_word(p, len, "stolen") || has_word(p, len, "steals"))) {
			// ("the reference is not stolen": the convention, said
			// on purpose; a body that only forwards the parameter
			// to a stealing call is then not taken at its word,
			// engine/summary.c)
			add_attr(out, "annotate(mojo::not_stolen)");
		} else if (negates(p, len)) {
			// (said of no contract: "never NULL")
		} else if (about_result(p, end) && has_word(p, len, "borrow") &&
			   !has_word(p, len, "new ref")) {
			borrowed = true;
		} else if (k == CXCursor_FunctionDecl &&
			   ((after = tagged(p, end, "param[in]")) ||
			    (after = tagged(p, end, "param"))) &&
			   (has_word(p, len, "stolen") ||
			    has_word(p, len, "steals"))) {
			while (after < end && isspace((unsigned char)*after))
				after++;
			const char *name = after;
			while (after < end && (isalnum((unsigned char)*after) ||
					       *after == '_'))
				after++;
			unsigned place = param_place(d, name,
						     (size_t)(after - name));
			if (place) {
				char attr[48];
				snprintf(attr, sizeof attr,
					 "annotate(mojo::steals(%u))", place);
				add_attr(out, attr);
			}
		}
		line = *end ? end + 1 : end;
	}
	if (borrowed && returns_pointer(d))
		add_attr(out, "annotate(mojo::borrowed_ref)");
	clang_disposeString(cs);
}
