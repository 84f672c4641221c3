/*
 * cleanup.c — variables declared with `__attribute__((cleanup(fn)))`.
 *
 * GCC and Clang call `fn(&v)` when such a variable goes out of scope: at
 * the `}` of its block, and on every `return`, `break`, `continue` or
 * `goto` that leaves the block. Code written in the style of systemd and
 * drgn releases its references that way (`_cleanup_pydecref_ PyObject *o
 * = PyList_New(0);` with `pydecrefp(void *p) { Py_XDECREF(*(PyObject
 * **)p); }`), GLib's g_autoptr() and g_autofree too; read as plain
 * variables, every early return of such a function leaks.
 *
 * The variable is a live object of the scope machinery the C++ lowering
 * uses for destructors (cxx_obj.c): its scope's exits run the cleanup,
 * whose body (a function of this translation unit) is inlined with `&v`
 * for its parameter, as a deleter's is; a function of the rules that the
 * unit only declares (`cleanup(PyBuffer_Release)`) is called with `&v`.
 * A cleanup whose body cannot be inlined (recursive, past the inlining
 * budget) lets the value go at the exit; one that cannot be named (not a
 * function of the translation unit nor of the rules) leaves the variable
 * unfollowed from the start (ol_var.cleanup): what it releases is not
 * known, so nothing is said of it.
 *
 * The function is named by the attribute's tokens, else by the macros the
 * declaration writes (`_cleanup_free_` for `_cleanup_(freep)` for
 * `__attribute__((__cleanup__(x)))`): libclang shows the attribute but
 * not its argument.
 */
#include "build_int.h"
#include "filetext.h"

#include "../base/strmap.h"
#include "../kb/kb.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

static const cls_model cleanup_model = {.kind = CLS_CLEANUP};

typedef struct find_fn {
	const char *name;
	CXCursor found;
} find_fn;

static enum CXChildVisitResult find_definition(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	(void)parent;
	find_fn *ff = data;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	CXString s = clang_getCursorSpelling(c);
	bool same = !strcmp(clang_getCString(s), ff->name);
	clang_disposeString(s);
	if (!same)
		return CXChildVisit_Continue;
	CXCursor def = clang_getCursorDefinition(c);
	if (clang_Cursor_isNull(def))
		return CXChildVisit_Continue;
	ff->found = def;
	return CXChildVisit_Break;
}

// The definition of the function of the translation unit named `name`,
// or a null cursor; remembered for the unit (a cleanup is named by every
// function that uses it).
static CXCursor function_named(builder *b, const char *name)
{
	struct ol_cfg_cache *cache = b->opts->cache;
	size_t at;
	if (cache && ol_strmap_get(&cache->cleanup_fns, name, &at))
		return cache->cleanup_defs.items[at];
	find_fn ff = {name, clang_getNullCursor()};
	clang_visitChildren(clang_getTranslationUnitCursor(b->tu),
			    find_definition, &ff);
	if (cache) {
		ol_strmap_add(&cache->cleanup_fns, name,
			      cache->cleanup_defs.len);
		OL_VEC_PUSH(&cache->cleanup_defs, ff.found);
	}
	return ff.found;
}

// A cleanup the rules know and the unit only declares, taking the
// variable's address (kitty's `__attribute__((cleanup(PyBuffer_Release)))
// Py_buffer name`): called as written.
static bool library_cleanup(builder *b, const char *name)
{
	const ol_kb_entry *e = cxx_kb_get(b, name);
	return e && !e->macro && e->nargs == 1;
}

static bool names_function(builder *b, const char *name)
{
	return !clang_Cursor_isNull(function_named(b, name)) ||
	       library_cleanup(b, name);
}

typedef struct attr_find {
	builder *b;
	CXCursor attr;
	bool found;
} attr_find;

// (Attributes come first among a declaration's children.) libclang
// shows `cleanup` as an unexposed attribute: its spelling location is
// where "cleanup(" or "__cleanup__(" is written, in the source or in
// the definition of a macro such as systemd's `_cleanup_(x)`.
static enum CXChildVisitResult cleanup_attr(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	(void)parent;
	attr_find *af = data;
	if (!clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_UnexposedAttr)
		return CXChildVisit_Continue;
	CXFile f = NULL;
	unsigned off = 0;
	size_t size = 0;
	clang_getSpellingLocation(
		clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL,
		&off);
	const char *t = f ? ol_cfg_file_text(af->b->tu, f, &size) : NULL;
	size_t nb, ne;
	if (!t || off >= size || !cleanup_call_at(t, size, off, &nb, &ne))
		return CXChildVisit_Continue;
	af->attr = c;
	af->found = true;
	return CXChildVisit_Break;
}

void cleanup_var_declared(builder *b, ol_var *v, CXCursor d)
{
	if (v->kind != OL_VAR_LOCAL)
		return;
	attr_find af = {b, clang_getNullCursor(), false};
	clang_visitChildren(d, cleanup_attr, &af);
	if (!af.found)
		return;
	const char *name = cleanup_function_name(b, d, af.attr, names_function);
	if (!name) {
		// A cleanup we cannot name: what the variable holds is the
		// cleanup's to release (no longer followed, engine/eval.c).
		v->cleanup = true;
		return;
	}
	CXCursor def = function_named(b, name);
	live_obj o = {v, &cleanup_model,
		      clang_Cursor_isNull(def) ? name : NULL, def};
	OL_VEC_PUSH(&b->objs, o);
}

void cleanup_run(builder *b, const live_obj *o, ol_loc at)
{
	ol_expr *h = var_expr(b, o->var, at);
	ol_expr *addr = OL_NEW(b->a, ol_expr);
	addr->kind = OL_E_ADDR;
	addr->loc = at;
	addr->sub[0] = h;
	addr->type.cls = OL_TY_POINTER;
	addr->type.pointee = h->type.spelling;
	if (clang_Cursor_isNull(o->lambda) && o->deleter) {
		emit_eval(b, cxx_synth_call(b, o->deleter, &addr, 1,
					    cxx_void_type(b), at));
		return;
	}
	bool ok = false;
	cxx_inline_fn(b, o->lambda, NULL, &addr, NULL, 1, at, true, &ok);
	if (!ok)
		cxx_escape(b, at, "cleanup", h);
}
