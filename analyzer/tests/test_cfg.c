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
#include "tmpdir.h"

#include <pthread.h>
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
	char path[4096];
	snprintf(path, sizeof path, "%s/ol-cfg-test-XXXXXX.%s", test_tmpdir(),
		 ext);
	int fd = mkstemps(path, (int)strlen(ext) + 1);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(src, f);
	fclose(f);
	bool cxx = !strcmp(ext, "cc");
	const char *args[] = {cxx ? "-xc++" : "-xc",
			      cxx ? "-std=gnu++17" : "-std=gnu11",
			      "-fbracket-depth=6000", "-w"};
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
	// What the builder cached for this TU (per thread: a test's own
	// thread would leak it at its exit).
	ol_cfg_forget_tu();
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
	cr_assert_not_null(strstr(d, "goto B4   [break]"), "%s", d);
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
		    "    branch a ? B3 : B4   [?:]\n"
		    "  B1:\n"
		    "    return 1\n"
		    "  B2:\n"
		    "    return 0\n"
		    "  B3:\n"
		    "    branch g(1) ? B1 : B2   [if]\n"
		    "  B4:\n"
		    "    branch g(2) ? B1 : B2   [if]\n");
	free(s);
}

Test(cfg, conditional_value_assigns_temp_in_each_arm)
{
	char *s = SRC("int f(int a) { int x = a ? g(1) : g(2); return x; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  vars: x (local), $t1 (temp)\n"
		    "  B0 (entry):\n"
		    "    branch a ? B1 : B2   [?:]\n"
		    "  B1:\n"
		    "    $t1 = g(1)\n"
		    "    goto B3\n"
		    "  B2:\n"
		    "    $t1 = g(2)\n"
		    "    goto B3\n"
		    "  B3:\n"
		    "    x = $t1\n"
		    "    return x\n");
	free(s);
}

Test(cfg, gnu_binary_conditional)
{
	char *s = SRC("int f(int a) { return a ?: g(1); }");
	expect_lines(s, "f", LINES("    $t1 = a\n",
				   "    branch $t1 ? B2 : B1   [?:]\n",
				   "    $t1 = g(1)\n", "    return $t1\n"));
	free(s);
}

Test(cfg, comma_operator_in_order)
{
	char *s = SRC("int f(int a) { int x = (g(1), a++, g(2)); return x; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  vars: x (local)\n"
		    "  B0 (entry):\n"
		    "    g(1)\n"
		    "    a++\n"
		    "    x = g(2)\n"
		    "    return x\n");
	free(s);
}

Test(cfg, statement_expression_inline_with_temp)
{
	char *s = SRC("int f(int a) { int y = ({ int t = g(a); t + 1; });"
		      " return y; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  vars: y (local), t (local), $t1 (temp)\n"
		    "  B0 (entry):\n"
		    "    t = g(a)\n"
		    "    $t1 = t + 1\n"
		    "    y = $t1\n"
		    "    return y\n");
	free(s);
}

Test(cfg, evaluation_order_kept_across_short_circuit)
{
	char *s = SRC("int f(int a) { return g(g(1) + (a && g(2))); }");
	char *d = dump(build(s, "f"));
	// g(1) runs before the branch on `a`, through a temporary.
	cr_assert_not_null(strstr(d, "  B0 (entry):\n    $t2 = g(1)\n"
				     "    branch a ?"), "%s", d);
	cr_assert_not_null(strstr(d, "return g($t2 + $t1)"), "%s", d);
	free(d);
	free(s);
}

Test(cfg, noreturn_abort)
{
	char *s = SRC("PyObject *f(PyObject *o) { if (!o) abort();"
		      " return o; }");
	expect_dump(s, "f",
		    "function f(o) -> struct _object *\n"
		    "  B0 (entry):\n"
		    "    branch o ? B2 : B1   [if]\n"
		    "  B1:\n"
		    "    abort()\n"
		    "    noreturn\n"
		    "  B2:\n"
		    "    return o\n");
	free(s);
}

Test(cfg, noreturn_c11_user_function)
{
	char *s = SRC("_Noreturn void die(const char *m);"
		      "int f(int a) { if (a) die(\"x\"); return a; }");
	expect_lines(s, "f", LINES("    die(\"x\")\n    noreturn\n"));
	free(s);
}

Test(cfg, noreturn_gnu_attribute)
{
	char *s = SRC("void fatal(int) __attribute__((noreturn));"
		      "int f(int a) { if (a) fatal(a); return a; }");
	expect_lines(s, "f", LINES("    fatal(a)\n    noreturn\n"));
	free(s);
}

Test(cfg, noreturn_attribute_in_front_and_macro_spelling)
{
	char *s = SRC("#define Py_NO_RETURN __attribute__((__noreturn__))\n"
		      "Py_NO_RETURN void bye(void);\n"
		      "__attribute__((noreturn)) void bye2(void);\n"
		      "int f(int a) { if (a) bye(); bye2(); }");
	ol_func *fn = build(s, "f");
	cr_assert_eq(count_term(fn, OL_TERM_NORETURN), 2);
	cr_assert_eq(count_term(fn, OL_TERM_RETURN), 0);
	free(s);
}

Test(cfg, noreturn_known_names)
{
	char *s = SRC("void exit(int); void Py_FatalError(const char *);"
		      "int f(int a) { if (a == 1) exit(1);"
		      " if (a == 2) Py_FatalError(\"x\");"
		      " if (a == 3) __builtin_unreachable();"
		      " if (a == 4) __builtin_trap(); return 0; }");
	ol_func *fn = build(s, "f");
	cr_assert_eq(count_term(fn, OL_TERM_NORETURN), 4);
	free(s);
}

Test(cfg, ordinary_function_is_not_noreturn)
{
	char *s = SRC("void done(void) __attribute__((unused));"
		      "int f(int a) { done(); return a; }");
	ol_func *fn = build(s, "f");
	cr_assert_eq(count_term(fn, OL_TERM_NORETURN), 0);
	free(s);
}

Test(cfg, noreturn_nested_in_expression_ends_path_after_op)
{
	char *s = SRC("int f(int a) { int x = g(a) + (a ? (abort(), 0) : 1);"
		      " return x; }");
	char *d = dump(build(s, "f"));
	cr_assert_not_null(strstr(d, "    abort()\n    $t1 = 0\n    noreturn\n"),
			   "%s", d);
	free(d);
	free(s);
	s = SRC("int f(int a) { g(a), abort(); return a; }");
	expect_dump(s, "f",
		    "function f(a) -> int\n"
		    "  B0 (entry):\n"
		    "    g(a)\n"
		    "    abort()\n"
		    "    noreturn\n");
	free(s);
}

Test(cfg, py_unreachable_macro)
{
	char *s = SRC("#define Py_UNREACHABLE() __builtin_unreachable()\n"
		      "int f(int x) { switch (x) { case 0: return 1;"
		      " default: Py_UNREACHABLE(); } }");
	expect_dump(s, "f",
		    "function f(x) -> int\n"
		    "  B0 (entry):\n"
		    "    switch x: 0 -> B1, default -> B2   [switch]\n"
		    "  B1:\n"
		    "    return 1\n"
		    "  B2:\n"
		    "    __builtin_unreachable() [macro Py_UNREACHABLE]\n"
		    "    noreturn\n");
	free(s);
}

Test(cfg, macro_of_inline_function_call)
{
	char *s = SRC("void _Py_Dealloc(PyObject *);\n"
		      "static inline void Py_DECREF(PyObject *op)"
		      " { if (--op->ob_refcnt == 0) _Py_Dealloc(op); }\n"
		      "#define Py_DECREF(op) Py_DECREF((PyObject *)(op))\n"
		      "#define Py_XDECREF(op) do { PyObject *_t = (op);"
		      " if (_t != NULL) Py_DECREF(_t); } while (0)\n"
		      "void f(PyObject *a, PyObject *b)"
		      " { Py_DECREF(mk(1)); Py_XDECREF(b); g(0); }");
	ol_func *fn = build(s, "f");
	char *d = dump(fn);
	cr_assert_not_null(strstr(d, "    Py_DECREF(mk(1)) [macro Py_DECREF]\n"),
			   "%s", d);
	cr_assert_not_null(strstr(d, "    Py_DECREF(_t) [macro Py_XDECREF]\n"),
			   "%s", d);
	cr_assert_not_null(strstr(d, "    g(0)\n"), "%s", d);
	// The argument written by the user is not from the macro.
	const ol_expr *call = fn->blocks[0]->ops[0].expr;
	cr_assert_eq(call->kind, OL_E_CALL);
	cr_assert_str_eq(call->macro, "Py_DECREF");
	cr_assert_eq(call->args[0]->kind, OL_E_CALL);
	cr_assert_null(call->args[0]->macro);
	free(d);
	free(s);
}

Test(cfg, null_forms)
{
	char *s = SRC("int f(PyObject *p, PyObject **q) { *q = 0;"
		      " if (p == NULL) return 1; if (p != (void *)0) return 2;"
		      " return p == 0; }");
	expect_lines(s, "f", LINES("    *q = NULL\n", "branch p == NULL ?",
				   "branch p != NULL ?",
				   "    return p == NULL\n"));
	free(s);
}

Test(cfg, expressions_print_like_c)
{
	char *s = SRC("struct S { int a; PyObject *o; };\n"
		      "enum E { EA = 7, EB };\n"
		      "int f(struct S *p, struct S s, int *arr, int (*fp)(int)) {"
		      " p->a += s.a; arr[2] = sizeof(int) + sizeof p->o;"
		      " fp(3); (*fp)(4); int k = -arr[0] + ~arr[1] * (2 + 3);"
		      " const char *str = \"q\\\"z\"; char c = 'x';"
		      " struct S t = { 1, 0 }; t = (struct S){ 0 };"
		      " return EB + c + !k + (str != 0) + *&k; }");
	expect_lines(s, "f", LINES("    p->a += s.a\n",
				   "    arr[2] = sizeof(int) + sizeof(PyObject *)\n",
				   "    fp(3)\n", "    (*fp)(4)\n",
				   "    k = -arr[0] + ~arr[1] * (2 + 3)\n",
				   "    str = \"q\\\"z\"\n", "    c = 120\n",
				   "    t = {1, NULL}\n", "    t = {0}\n",
				   "    return 8 + c + !k + (str != NULL) + *&k\n"));
	free(s);
}

Test(cfg, variables_params_locals_statics_globals)
{
	char *s = SRC("int glob;\n"
		      "int f(int a, int b) { static int cnt = 5; int u;"
		      " extern int glob; int x = a; cnt++; u = b;"
		      " return x + u + cnt + glob; }");
	ol_func *fn = build(s, "f");
	cr_assert_eq(fn->nparams, 2);
	cr_assert_str_eq(fn->vars[0]->name, "a");
	cr_assert_eq(fn->vars[0]->kind, OL_VAR_PARAM);
	cr_assert_eq(fn->vars[1]->param_index, 1);
	char *d = dump(fn);
	cr_assert_not_null(strstr(d, "  vars: cnt (static), u (local),"
				     " glob (global), x (local)\n"), "%s", d);
	cr_assert_not_null(strstr(d, "    decl u\n    x = a\n    cnt++\n"),
			   "%s", d);
	free(d);
	// Each declaration gets one ol_var: every use points at it.
	const ol_op *op = &fn->blocks[0]->ops[1]; // x = a
	cr_assert_eq(op->expr->sub[1]->var, fn->vars[0]);
	free(s);
}

Test(cfg, types_and_function_facts)
{
	char *s = SRC("static PyObject *f(PyObject *o, int n, ...)"
		      " { char buf[4]; buf[0] = 0; return o; }");
	ol_func *fn = build(s, "f");
	cr_assert(fn->is_static);
	cr_assert(fn->is_variadic);
	cr_assert_eq(fn->ret.cls, OL_TY_POINTER);
	cr_assert_str_eq(fn->ret.spelling, "struct _object *");
	cr_assert_str_eq(fn->ret.pointee, "struct _object");
	cr_assert_eq(fn->vars[1]->type.cls, OL_TY_INT);
	cr_assert_eq(fn->vars[2]->type.cls, OL_TY_ARRAY);
	char *d = dump(fn);
	cr_assert_not_null(strstr(d, "static function f(o, n, ...) ->"
				     " struct _object *\n"), "%s", d);
	free(d);
	free(s);
}

Test(cfg, locations)
{
	const char *s = "int g(int);\n"      // 1
			"int f(int a)\n"     // 2
			"{\n"                // 3
			"\tif (a)\n"         // 4
			"\t\treturn g(a);\n" // 5
			"}\n";               // 6
	ol_func *fn = build(s, "f");
	cr_assert_eq(fn->loc.line, 2);
	cr_assert_eq(fn->loc.col, 5);
	cr_assert_eq(fn->end_loc.line, 6);
	cr_assert_eq(fn->end_loc.col, 1);
	const ol_block *b0 = fn->blocks[0];
	cr_assert_eq(b0->term, OL_TERM_BRANCH);
	cr_assert_eq(b0->term_loc.line, 4);
	cr_assert_eq(b0->term_loc.col, 6);
	cr_assert_not_null(b0->term_loc.file);
	cr_assert_str_eq(b0->why, "if");
	const ol_block *t = b0->succ[0], *e = b0->succ[1];
	cr_assert_eq(t->term, OL_TERM_RETURN);
	cr_assert_eq(t->term_loc.line, 5);
	cr_assert_eq(t->term_loc.col, 3);
	cr_assert_eq(t->cond->kind, OL_E_CALL);
	cr_assert_eq(t->cond->loc.line, 5);
	// Falling off the end returns at the closing brace.
	cr_assert_eq(e->term, OL_TERM_RETURN);
	cr_assert_null(e->cond);
	cr_assert_eq(e->term_loc.line, 6);
	// One file name string per function.
	cr_assert_eq(b0->term_loc.file, t->term_loc.file);
}

Test(cfg, computed_goto_branches_to_address_taken_labels)
{
	char *s = SRC("int f(int i) { static void *tbl[] = { &&l1, &&l2 };"
		      " goto *tbl[i]; l1: return 1; l2: return 2; }");
	ol_func *fn = build(s, "f");
	cr_assert_eq(fn->nnotes, 1);
	cr_assert_not_null(strstr(fn->notes[0], "computed goto"));
	char *d = dump(fn);
	cr_assert_not_null(strstr(d, "    tbl[i]\n    branch <goto *> ? B1 : B3"
				     "   [goto *]\n"), "%s", d);
	cr_assert_not_null(strstr(d, "  B3:\n    goto B2   [goto *]\n"), "%s", d);
	free(d);
	free(s);
}

Test(cfg, kr_vla_asm)
{
	char *s = SRC("int kr(a, b) int a; char *b; { return a + *b; }\n"
		      "int vla(int n) { int arr[n]; arr[0] = 1;"
		      " return sizeof arr; }\n"
		      "int as(int x) { __asm__ volatile(\"nop\" : \"+r\"(x));"
		      " return x; }\n");
	expect_lines(s, "kr", LINES("function kr(a, b) -> int\n",
				    "    return a + *b\n"));
	expect_lines(s, "vla", LINES("    decl arr\n    arr[0] = 1\n"));
	expect_lines(s, "as", LINES("    <asm>(x)\n    return x\n"));
	free(s);
}

Test(cfg, builtin_expect_is_transparent)
{
	char *s = SRC("#define likely(x) __builtin_expect(!!(x), 1)\n"
		      "int f(PyObject *p) { if (likely(p != NULL)) return 1;"
		      " return 0; }");
	expect_lines(s, "f", LINES("    branch p != NULL ? B1 : B2   [if]\n"));
	free(s);
}

Test(cfg, not_a_definition_is_an_error)
{
	const char *src = "int proto(int);\nint f(void) { return 0; }\n";
	ol_func *fn = NULL;
	// A prototype is found by the visitor only as a definition; ask for
	// the null cursor instead.
	(void)src;
	int error = ol_cfg_build(&fn, arena, clang_getNullCursor());
	cr_assert_lt(error, 0);
	cr_assert_null(fn);
	cr_assert_neq(ol_error_last()[0], 0);
}

Test(cfg, broken_code_does_not_crash)
{
	ol_func *fn = NULL;
	int error = build_ext("int g(int);\n"
			      "int f(int a) { if (a) { undeclared(a); "
			      "return nosuch + ; } while ( ) g(; "
			      "switch (a) { case zz: break; } goto nowhere; "
			      "for (int i = 0; i < ; i++) {} case 3: break; }\n",
			      "c", "f", &fn);
	if (error == 0) {
		cr_assert_not_null(fn);
		cr_assert_eq(fn->blocks[0]->id, 0);
		free(dump(fn));
	}
}

Test(cfg, cxx_code_is_lowered)
{
	ol_func *fn = NULL;
	int error = build_ext("#include <stddef.h>\n"
			      "int g(int);\n"
			      "int f(int n) { int s = 0; int v[3] = {1, 2, 3};"
			      " for (int x : v) s += x;"
			      " try { g(s); } catch (...) { return -1; }"
			      " if (int k = g(n)) return k;"
			      " auto l = [](int y) { return y; };"
			      " int *p = nullptr; if (p == nullptr) s++;"
			      " return s + l(1); }\n",
			      "cc", "f", &fn);
	cr_assert_eq(error, 0, "%s", ol_error_last());
	char *d = dump(fn);
	cr_assert_not_null(strstr(d, "p = NULL"), "%s", d);
	cr_assert_not_null(strstr(d, "range-for"), "%s", d);
	free(d);
}

Test(cfg, deep_nesting_500_blocks)
{
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	ol_strbuf_add(&sb, "int g(int);\nint f(int a) {\n");
	for (int i = 0; i < 500; i++)
		ol_strbuf_printf(&sb, "if (a > %d) { g(%d);\n", i, i);
	for (int i = 0; i < 500; i++)
		ol_strbuf_add(&sb, "}\n");
	ol_strbuf_add(&sb, "return a; }\n");
	ol_func *fn = build(ol_strbuf_str(&sb), "f");
	cr_assert_eq(count_term(fn, OL_TERM_BRANCH), 500);
	ol_strbuf_free(&sb);

	ol_strbuf_init(&sb);
	ol_strbuf_add(&sb, "int g(int);\nint f(int a) {\n");
	for (int i = 0; i < 500; i++)
		ol_strbuf_add(&sb, "{ g(a);\n");
	for (int i = 0; i < 500; i++)
		ol_strbuf_add(&sb, "}\n");
	ol_strbuf_add(&sb, "return a; }\n");
	fn = build(ol_strbuf_str(&sb), "f");
	cr_assert_eq(fn->nblocks, 1);
	cr_assert_eq(fn->blocks[0]->nops, 500);
	ol_strbuf_free(&sb);
}

Test(cfg, generated_20000_line_function)
{
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	ol_strbuf_add(&sb, "int g(int);\nint f(int a) {\n\tint x = 0;\n");
	for (int i = 0; i < 20000; i++) {
		switch (i % 4) {
		case 0: ol_strbuf_printf(&sb, "\tx += g(%d);\n", i); break;
		case 1: ol_strbuf_printf(&sb, "\tif (x == %d)\n", i); break;
		case 2: ol_strbuf_add(&sb, "\t\tx = g(x) && a;\n"); break;
		case 3: ol_strbuf_printf(&sb, "\tif (x < 0) goto out;\n"); break;
		}
	}
	ol_strbuf_add(&sb, "out:\n\treturn x;\n}\n");
	ol_func *fn = build(ol_strbuf_str(&sb), "f");
	// Per 4 lines: if (2 blocks + &&: 4 blocks) + if-goto (2 blocks).
	cr_assert_gt(fn->nblocks, 5000);
	cr_assert_lt(fn->nblocks, 60000);
	cr_assert_eq(count_term(fn, OL_TERM_RETURN), 1);
	ol_strbuf_free(&sb);
}

struct deep_job {
	const char *src;
	ol_func *fn;
	int error;
	char msg[256];
};

static void *deep_build(void *payload)
{
	struct deep_job *job = payload;
	job->error = build_ext(job->src, "c", "f", &job->fn);
	// The error message is per thread: copy it out.
	snprintf(job->msg, sizeof job->msg, "%s", ol_error_last());
	return NULL;
}

Test(cfg, nesting_deeper_than_the_limit_is_an_error)
{
	// clang parses a long `+` chain without recursion; lowering its
	// left-deep tree recurses once per operand.
	ol_strbuf sb;
	ol_strbuf_init(&sb);
	ol_strbuf_add(&sb, "int f(int a) { return a");
	for (int i = 0; i < 6000; i++)
		ol_strbuf_add(&sb, " + a");
	ol_strbuf_add(&sb, "; }\n");
	// The tool lowers on 64 MiB worker threads (run.c); do the same here
	// so sanitizer builds, whose frames are bigger, have the room too.
	struct deep_job job = {ol_strbuf_str(&sb), NULL, 0, ""};
	pthread_attr_t attr;
	pthread_t th;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, (size_t)64 << 20);
	cr_assert_eq(pthread_create(&th, &attr, deep_build, &job), 0);
	pthread_join(th, NULL);
	pthread_attr_destroy(&attr);
	cr_assert_eq(job.error, OL_EPARSE);
	cr_assert_null(job.fn);
	cr_assert_not_null(strstr(job.msg, "nested too deeply"), "%s",
			   job.msg);
	ol_strbuf_free(&sb);
}
