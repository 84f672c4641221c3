/*
 * npyapi.c — calls through NumPy's C-API tables, named (issue #27).
 *
 * An extension never calls NumPy's functions directly: NumPy's headers
 * define each one as a macro that calls through a table of pointers the
 * module fills in import_array(),
 *
 *     #define PyArray_New \
 *             (*(PyObject * (*)(PyTypeObject *, int, ...)) \
 *              PyArray_API[93])
 *
 * and the same for the ufunc API (PyUFunc_API[N], __ufunc_api.h). After
 * preprocessing the call is an indirect call through `PyArray_API[93]`
 * (or through the module's PY_ARRAY_UNIQUE_SYMBOL, which renames the
 * table: the index, not the table's name, is what NumPy's header spells),
 * and the knowledge base
 * (rules/numpy.json) cannot find it by name. This file gives it its name
 * back: the callee, stripped of its parentheses, dereference and cast, is
 * a subscript with a constant index whose text lies in one of NumPy's API
 * headers; that header's own text (clang_getFileContents: the parse's
 * copy, nothing is read again) says which `#define` names that index of
 * that table. Reading the index→name map from the installed header, not
 * from a list of ours, keeps it right for every NumPy release (the
 * indices are NumPy's ABI, and versions add names).
 *
 * The maps are kept per thread for the current TU (one or two headers)
 * and dropped with it (ol_cfg_forget_tu()).
 */
#include "build_int.h"

#include <stdlib.h>
#include <string.h>

// One API header of the current TU: its table's name and index→name.
typedef struct api_header {
	CXFile file;
	char **names; // malloc'd, by index (NULL: none)
	size_t n;
} api_header;

static _Thread_local struct {
	CXTranslationUnit tu;
	api_header h[4];
	size_t n;
} apis;

void forget_numpy_api(void)
{
	for (size_t i = 0; i < apis.n; i++) {
		for (size_t k = 0; k < apis.h[i].n; k++)
			free(apis.h[i].names[k]);
		free(apis.h[i].names);
	}
	memset(&apis, 0, sizeof apis);
}

// Whether file `f` is one of NumPy's API headers (by its name).
static bool is_api_header(CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *p = clang_getCString(s);
	const char *base = p ? strrchr(p, '/') : NULL;
	base = base ? base + 1 : p;
	bool yes = base && (!strcmp(base, "__multiarray_api.h") ||
			    !strcmp(base, "__ufunc_api.h"));
	clang_disposeString(s);
	return yes;
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

// The first `n` bytes `what` in [p, end), or NULL.
static const char *find(const char *p, const char *end, const char *what,
			size_t n)
{
	for (; p && p + n <= end; p++) {
		p = memchr(p, what[0], (size_t)(end - p));
		if (!p || p + n > end)
			return NULL;
		if (!memcmp(p, what, n))
			return p;
	}
	return NULL;
}

// Reads the `#define NAME ... TABLE[N])` lines of `text` into `h`.
static void read_api_header(api_header *h, const char *text, size_t size)
{
	static const char def[] = "#define ";
	const char *end = text + size;

	for (const char *p = text; p && p < end;) {
		const char *d = find(p, end, def, sizeof def - 1);
		if (!d)
			break;
		const char *name = d + sizeof def - 1, *q = name;
		while (q < end && ident_char(*q))
			q++;
		size_t nlen = (size_t)(q - name);
		// The definition: up to a newline not escaped by '\'.
		const char *body = q;
		while (q < end && !(*q == '\n' && q[-1] != '\\'))
			q++;
		p = q;
		const char *bracket = NULL;
		for (const char *s = body; s < q; s++)
			if (*s == '[' && s - body >= 4 && !memcmp(s - 4, "_API", 4))
				bracket = s;
		if (!nlen || !bracket)
			continue;
		char *stop;
		unsigned long idx = strtoul(bracket + 1, &stop, 10);
		if (stop == bracket + 1 || *stop != ']' || idx > 4096)
			continue;
		if (idx >= h->n) {
			size_t n = idx + 1;
			h->names = realloc(h->names, n * sizeof(char *));
			if (!h->names)
				abort();
			memset(h->names + h->n, 0, (n - h->n) * sizeof(char *));
			h->n = n;
		}
		if (!h->names[idx]) {
			h->names[idx] = malloc(nlen + 1);
			if (!h->names[idx])
				abort();
			memcpy(h->names[idx], name, nlen);
			h->names[idx][nlen] = 0;
		}
	}
}

static const api_header *header_of(CXTranslationUnit tu, CXFile f)
{
	if (apis.tu != tu) {
		forget_numpy_api();
		apis.tu = tu;
	}
	for (size_t i = 0; i < apis.n; i++)
		if (clang_File_isEqual(apis.h[i].file, f))
			return &apis.h[i];
	if (apis.n == sizeof apis.h / sizeof *apis.h)
		return NULL;
	api_header *h = &apis.h[apis.n++];
	h->file = f;
	size_t size = 0;
	const char *text = clang_getFileContents(tu, f, &size);
	if (text)
		read_api_header(h, text, size);
	return h;
}

// The only expression among the children of `c` (a cast's children
// also hold the references to the types it names), or a null cursor.
static enum CXChildVisitResult only_child(CXCursor c, CXCursor p, void *d)
{
	(void)p;
	CXCursor *out = d;
	if (!clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	if (!clang_Cursor_isNull(*out)) {
		*out = clang_getNullCursor();
		return CXChildVisit_Break;
	}
	*out = c;
	return CXChildVisit_Continue;
}

typedef struct two {
	CXCursor c[2];
	unsigned n;
} two;

static enum CXChildVisitResult two_children(CXCursor c, CXCursor p, void *d)
{
	(void)p;
	two *t = d;
	if (t->n < 2)
		t->c[t->n] = c;
	t->n++;
	return t->n > 2 ? CXChildVisit_Break : CXChildVisit_Continue;
}

const char *numpy_api_name(builder *b, CXCursor callee)
{
	// (*(T)TABLE[N]): parentheses, the dereference and the cast off.
	for (unsigned depth = 0; depth < 16; depth++) {
		enum CXCursorKind k = clang_getCursorKind(callee);

		if (k == CXCursor_ArraySubscriptExpr)
			break;
		if (k != CXCursor_ParenExpr && k != CXCursor_UnaryOperator &&
		    k != CXCursor_CStyleCastExpr && k != CXCursor_UnexposedExpr)
			return NULL;
		CXCursor in = clang_getNullCursor();
		clang_visitChildren(callee, only_child, &in);
		if (clang_Cursor_isNull(in))
			return NULL;
		callee = in;
	}
	if (clang_getCursorKind(callee) != CXCursor_ArraySubscriptExpr)
		return NULL;
	two t = { .n = 0 };
	clang_visitChildren(callee, two_children, &t);
	if (t.n != 2)
		return NULL;
	// Where the index is written: the table's name itself may be a
	// macro of the module's (PY_ARRAY_UNIQUE_SYMBOL renames PyArray_API),
	// spelled on the command line or in the module's own file.
	CXFile f = NULL;
	clang_getSpellingLocation(clang_getCursorLocation(t.c[1]), &f, NULL,
				  NULL, NULL);
	if (!f || !is_api_header(f))
		return NULL;
	CXEvalResult r = clang_Cursor_Evaluate(t.c[1]);
	if (!r)
		return NULL;
	long long idx = clang_EvalResult_getKind(r) == CXEval_Int
		? clang_EvalResult_getAsLongLong(r) : -1;
	clang_EvalResult_dispose(r);
	const api_header *h = header_of(b->tu, f);
	if (!h || idx < 0 || (size_t)idx >= h->n || !h->names[idx])
		return NULL;
	return intern(b, h->names[idx]);
}
