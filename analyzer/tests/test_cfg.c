/*
 * test_cfg.c — lowering libclang cursors into the CFG IR (cfg/build.c) and
 * its text form (cfg/dump.c). Each test writes a C snippet to a temporary
 * file, parses it with libclang, lowers one function and checks the dump
 * text or the block structure. Whole-output cases live in testdata/cfg/.
 */
#include <criterion/criterion.h>

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../cfg/build.h"
#include "../cfg/cfg.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ol_arena *arena;

static void setup(void)
{
	arena = ol_arena_new();
}

static void teardown(void)
{
	ol_arena_free(arena);
	arena = NULL;
}

TestSuite(cfg, .init = setup, .fini = teardown);

typedef struct find_ctx {
	const char *name;
	CXCursor found;
	bool ok;
} find_ctx;

static enum CXChildVisitResult find_fn(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	(void)parent;
	find_ctx *f = data;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	CXString s = clang_getCursorSpelling(c);
	if (!strcmp(clang_getCString(s), f->name)) {
		f->found = c;
		f->ok = true;
	}
	clang_disposeString(s);
	return f->ok ? CXChildVisit_Break : CXChildVisit_Continue;
}

// Parses `src` (as a file named *.`ext`) and lowers function `name` into
// the test arena. Returns the ol_build status; `*out` is set on success.
static int build_ext(const char *src, const char *ext, const char *name,
		     ol_func **out)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/ol-cfg-test-XXXXXX.%s", ext);
	int fd = mkstemps(path, (int)strlen(ext) + 1);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(src, f);
	fclose(f);
	bool cxx = !strcmp(ext, "cc");
	const char *args[] = {cxx ? "-xc++" : "-xc",
			      cxx ? "-std=gnu++17" : "-std=gnu11",
			      "-fbracket-depth=2000", "-w"};
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = clang_parseTranslationUnit(
		idx, path, args, 4, NULL, 0, CXTranslationUnit_None);
	unlink(path);
	cr_assert_not_null(tu, "libclang could not parse the snippet");
	find_ctx fc = {name, clang_getNullCursor(), false};
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_fn, &fc);
	cr_assert(fc.ok, "no definition of %s", name);
	*out = NULL;
	int error = ol_cfg_build(out, arena, fc.found);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	return error;
}

static ol_func *build(const char *src, const char *name)
{
	ol_func *fn;
	int error = build_ext(src, "c", name, &fn);
	cr_assert_eq(error, 0, "ol_cfg_build: %s", ol_error_last());
	cr_assert_not_null(fn);
	cr_assert(fn->nblocks >= 1);
	cr_assert_eq(fn->blocks[0]->id, 0);
	for (unsigned i = 0; i < fn->nblocks; i++)
		cr_assert_eq(fn->blocks[i]->id, i, "blocks numbered densely");
	return fn;
}

// Returns the dump of `fn` (owned by the caller).
static char *dump(const ol_func *fn)
{
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	ol_cfg_dump(&sb, fn);
	char *s = strdup(ol_strbuf_str(&sb));
	ol_strbuf_free(&sb);
	return s;
}

static void expect_dump(const char *src, const char *name, const char *want)
{
	char *got = dump(build(src, name));
	cr_assert_str_eq(got, want, "dump of %s:\n%s", name, got);
	free(got);
}

// The dump of `name` contains every line of `lines` (NULL-terminated).
static void expect_lines(const char *src, const char *name,
			 const char *const *lines)
{
	char *got = dump(build(src, name));
	for (unsigned i = 0; lines[i]; i++)
		cr_assert_not_null(strstr(got, lines[i]),
				   "missing '%s' in:\n%s", lines[i], got);
	free(got);
}

static unsigned count_term(const ol_func *fn, ol_term_kind k)
{
	unsigned n = 0;
	for (unsigned i = 0; i < fn->nblocks; i++)
		n += fn->blocks[i]->term == k;
	return n;
}

#define LINES(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char prelude[] =
	"#define NULL ((void *)0)\n"
	"typedef struct _object { long ob_refcnt; } PyObject;\n"
	"int g(int);\n"
	"PyObject *mk(long);\n"
	"void abort(void);\n";

static char *with_prelude(const char *body)
{
	char *s = malloc(strlen(prelude) + strlen(body) + 1);
	strcpy(s, prelude);
	strcat(s, body);
	return s;
}

#define SRC(body) with_prelude(body)

Test(cfg, empty_function)
{
	expect_dump("void f(void) {}\n", "f",
		    "function f() -> void\n"
		    "  B0 (entry):\n"
		    "    return\n");
}

Test(cfg, if_else)
{
	char *s = SRC("int f(int a) { if (a > 0) g(1); else g(2); return 0; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  B0 (entry):\n"
		    "    branch a > 0 ? B1 : B2   [if]\n"
		    "  B1:\n"
		    "    g(1)\n"
		    "    goto B3\n"
		    "  B2:\n"
		    "    g(2)\n"
		    "    goto B3\n"
		    "  B3:\n"
		    "    return 0\n");
	free(s);
}

Test(cfg, else_if_chain_3000_is_not_recursive)
{
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	ol_strbuf_add(&sb, "int g(int);\nint f(int a) {\n");
	for (int i = 0; i < 3000; i++)
		ol_strbuf_printf(&sb, "%sif (a == %d) g(%d);\n",
				 i ? "else " : "", i, i);
	ol_strbuf_add(&sb, "return a; }\n");
	ol_func *fn = build(ol_strbuf_str(&sb), "f");
	cr_assert_eq(count_term(fn, OL_TERM_BRANCH), 3000);
	cr_assert_eq(count_term(fn, OL_TERM_RETURN), 1);
	ol_strbuf_free(&sb);
}

Test(cfg, while_loop)
{
	char *s = SRC("int f(int a) { while (a) a = g(a); return a; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  B0 (entry):\n"
		    "    goto B1\n"
		    "  B1:\n"
		    "    branch a ? B2 : B3   [while]\n"
		    "  B2:\n"
		    "    a = g(a)\n"
		    "    goto B1\n"
		    "  B3:\n"
		    "    return a\n");
	free(s);
}

Test(cfg, do_while_and_do_while_zero)
{
	char *s = SRC("int f(int a) { do a = g(a); while (a != 0);"
		      " do { g(1); } while (0); return a; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  B0 (entry):\n"
		    "    goto B1\n"
		    "  B1:\n"
		    "    a = g(a)\n"
		    "    goto B2\n"
		    "  B2:\n"
		    "    branch a != 0 ? B1 : B3   [do-while]\n"
		    "  B3:\n"
		    "    g(1)\n"
		    "    goto B4\n"
		    "  B4:\n"
		    "    return a\n");
	free(s);
}

Test(cfg, for_with_declaration)
{
	char *s = SRC("int f(int n) { int t = 0;"
		      " for (int i = 0; i < n; i++) t += g(i); return t; }");
	expect_dump(s, "f",
		    "function f(n) -> int\n"
		    "  vars: t (local), i (local)\n"
		    "  B0 (entry):\n"
		    "    t = 0\n"
		    "    i = 0\n"
		    "    goto B1\n"
		    "  B1:\n"
		    "    branch i < n ? B2 : B4   [for]\n"
		    "  B2:\n"
		    "    t += g(i)\n"
		    "    goto B3\n"
		    "  B3:\n"
		    "    i++\n"
		    "    goto B1\n"
		    "  B4:\n"
		    "    return t\n");
	free(s);
}

Test(cfg, for_ever_and_partial_clauses)
{
	char *s = SRC("int f(int n) { int i = 0;"
		      " for (;;) { if (g(i)) break; i++; }"
		      " for (; i < n;) i++;"
		      " for (;; i++) if (i > n) break;"
		      " for (i = 0;;) if (g(i)) return i;"
		      " }");
	ol_func *fn = build(s, "f");
	char *d = dump(fn);
	// for (;;): no condition, the body's `break` is the only exit.
	cr_assert_not_null(strstr(d, "goto B3   [break]"), "%s", d);
	cr_assert_not_null(strstr(d, "branch i < n ? "), "%s", d);
	cr_assert_not_null(strstr(d, "branch i > n ? "), "%s", d);
	// `i++` is the step of the third loop, `i = 0` the init of the last.
	cr_assert_not_null(strstr(d, "    i = 0\n"), "%s", d);
	cr_assert_eq(count_term(fn, OL_TERM_RETURN), 1, "%s", d);
	free(d);
	free(s);
}

Test(cfg, switch_fallthrough_default_and_range)
{
	char *s = SRC("int f(int c) { int r = 0; switch (c) {"
		      " case 1: r = 1;"
		      " case 2: r += 2; break;"
		      " case 3 ... 5: r = 9; break;"
		      " default: r = -1; } return r; }");
	expect_dump(s, "f",
		    "function f(c) -> int\n"
		    "  vars: r (local)\n"
		    "  B0 (entry):\n"
		    "    r = 0\n"
		    "    switch c: 1 -> B2, 2 -> B3, 3..5 -> B4, default -> B5"
		    "   [switch]\n"
		    "  B1:\n"
		    "    return r\n"
		    "  B2:\n"
		    "    r = 1\n"
		    "    goto B3\n"
		    "  B3:\n"
		    "    r += 2\n"
		    "    goto B1   [break]\n"
		    "  B4:\n"
		    "    r = 9\n"
		    "    goto B1   [break]\n"
		    "  B5:\n"
		    "    r = -1\n"
		    "    goto B1\n");
	free(s);
}

Test(cfg, switch_without_default_goes_to_exit)
{
	char *s = SRC("int f(int c) { switch (c) { case 7: g(7); } return 0; }");
	expect_lines(s, "f", LINES("switch c: 7 -> B2, default -> B1"));
	free(s);
}

Test(cfg, nested_switch_break_is_innermost)
{
	char *s = SRC("int f(int a, int b) { switch (a) { case 0:"
		      " switch (b) { case 1: g(1); break; } g(2); break; }"
		      " return 0; }");
	expect_dump(s, "f",
		    "function f(a, b) -> int\n"
		    "  B0 (entry):\n"
		    "    switch a: 0 -> B2, default -> B1   [switch]\n"
		    "  B1:\n"
		    "    return 0\n"
		    "  B2:\n"
		    "    switch b: 1 -> B4, default -> B3   [switch]\n"
		    "  B3:\n"
		    "    g(2)\n"
		    "    goto B1   [break]\n"
		    "  B4:\n"
		    "    g(1)\n"
		    "    goto B3   [break]\n");
	free(s);
}

Test(cfg, break_and_continue_in_loops)
{
	char *s = SRC("int f(int a) { while (a) { if (a == 3) continue;"
		      " for (;;) { if (g(a)) break; } if (a == 5) break; a--; }"
		      " return a; }");
	char *d = dump(build(s, "f"));
	cr_assert_not_null(strstr(d, "goto B1   [continue]"), "%s", d);
	// The inner break leaves the for, not the while.
	cr_assert_not_null(strstr(d, "[break]"), "%s", d);
	cr_assert_not_null(strstr(d, "  B3:\n    return a\n"), "%s", d);
	free(d);
	free(s);
}

Test(cfg, goto_forward_backward_and_unused_label)
{
	char *s = SRC("int f(int a) { int n = 0; again: n++;"
		      " if (n < a) goto again; if (a) goto out; g(0);"
		      " out: return n; unused: return -1; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  vars: n (local)\n"
		    "  B0 (entry):\n"
		    "    n = 0\n"
		    "    goto B1\n"
		    "  B1 (label again):\n"
		    "    n++\n"
		    "    branch n < a ? B2 : B3   [if]\n"
		    "  B2:\n"
		    "    goto B1   [goto]\n"
		    "  B3:\n"
		    "    branch a ? B4 : B5   [if]\n"
		    "  B4:\n"
		    "    goto B6   [goto]\n"
		    "  B5:\n"
		    "    g(0)\n"
		    "    goto B6\n"
		    "  B6 (label out):\n"
		    "    return n\n");
	free(s);
}

Test(cfg, label_reached_only_by_goto_after_return)
{
	char *s = SRC("int f(int a) { if (a) goto late; return 0;"
		      " g(9); late: return 1; }");
	ol_func *fn = build(s, "f");
	char *d = dump(fn);
	cr_assert_not_null(strstr(d, "(label late):\n    return 1"), "%s", d);
	cr_assert_null(strstr(d, "g(9)"), "dead code kept:\n%s", d);
	free(d);
	free(s);
}

Test(cfg, return_with_and_without_value)
{
	char *s = SRC("void v(int a) { if (a) return; g(a); }"
		      "PyObject *p(long x) { return mk(x); }");
	ol_func *fn = build(s, "v");
	cr_assert_eq(count_term(fn, OL_TERM_RETURN), 2);
	for (unsigned i = 0; i < fn->nblocks; i++)
		if (fn->blocks[i]->term == OL_TERM_RETURN)
			cr_assert_null(fn->blocks[i]->cond);
	expect_dump(s, "p",
		    "function p(x) -> struct _object *\n"
		    "  B0 (entry):\n"
		    "    return mk(x)\n");
	free(s);
}

Test(cfg, and_in_condition_short_circuits)
{
	char *s = SRC("int f(int a, PyObject *p) {"
		      " if (a && p != NULL) return 1; return 0; }");
	expect_dump(s, "f",
		    "function f(a, p) -> int\n"
		    "  B0 (entry):\n"
		    "    branch a ? B3 : B2   [&&]\n"
		    "  B1:\n"
		    "    return 1\n"
		    "  B2:\n"
		    "    return 0\n"
		    "  B3:\n"
		    "    branch p != NULL ? B1 : B2   [if]\n");
	free(s);
}

Test(cfg, or_in_condition_short_circuits)
{
	char *s = SRC("int f(int a, PyObject *p) {"
		      " if (a || !p) return 1; return 0; }");
	expect_dump(s, "f",
		    "function f(a, p) -> int\n"
		    "  B0 (entry):\n"
		    "    branch a ? B1 : B3   [||]\n"
		    "  B1:\n"
		    "    return 1\n"
		    "  B2:\n"
		    "    return 0\n"
		    "  B3:\n"
		    "    branch p ? B2 : B1   [if]\n");
	free(s);
}

Test(cfg, logical_value_uses_temp)
{
	char *s = SRC("int f(int a) { int v = a && g(1); return v; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  vars: v (local), $t1 (temp)\n"
		    "  B0 (entry):\n"
		    "    branch a ? B4 : B2   [&&]\n"
		    "  B1:\n"
		    "    $t1 = 1\n"
		    "    goto B3\n"
		    "  B2:\n"
		    "    $t1 = 0\n"
		    "    goto B3\n"
		    "  B3:\n"
		    "    v = $t1\n"
		    "    return v\n"
		    "  B4:\n"
		    "    branch g(1) ? B1 : B2   [&&]\n");
	free(s);
}

Test(cfg, logical_in_effect_context_has_no_temp)
{
	char *s = SRC("void f(int a) { a || g(1); }");
	expect_dump(s, "f",
		    "function f(a) -> void\n"
		    "  B0 (entry):\n"
		    "    branch a ? B2 : B1   [||]\n"
		    "  B1:\n"
		    "    g(1)\n"
		    "    goto B2\n"
		    "  B2:\n"
		    "    return\n");
	free(s);
}

Test(cfg, conditional_in_condition)
{
	char *s = SRC("int f(int a) { if (a ? g(1) : g(2)) return 1;"
		      " return 0; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  B0 (entry):\n"
		    "    branch a ? B4 : B5   [?:]\n"
		    "  B1:\n"
		    "    return 1\n"
		    "  B2:\n"
		    "    return 0\n"
		    "  B3:\n"
		    "    branch g(1) ? B1 : B2   [if]\n"
		    "  B4:\n"
		    "    branch g(2) ? B1 : B2   [if]\n"
			    .replace_me);
	free(s);
}
