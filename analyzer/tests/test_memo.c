/*
 * test_memo.c — later rounds replay the functions whose inputs did not
 * change (engine/memo.c). A file of four functions is analyzed as run.c's
 * rounds analyze it: first alone (the callee it does not define returns
 * a new reference, by convention), then with another file's contract for
 * that callee (a borrowed reference). Only the functions that call it (directly
 * or through the file's own helper) are analyzed again; the findings are
 * those of an analysis without a memo, in every round.
 */
#include <criterion/criterion.h>

#include "../base/arena.h"
#include "../base/vec.h"
#include "../cfg/build.h"
#include "../cfg/cfg.h"
#include "../diag/diag.h"
#include "../engine/contracts.h"
#include "../engine/engine.h"
#include "../kb/kb.h"
#include "../ol.h"
#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char source[] =
	"typedef struct _object { long ob_refcnt; } PyObject;\n"
	"PyObject *made_elsewhere(void);\n"
	"static PyObject *helper(void) { return made_elsewhere(); }\n"
	"PyObject *through_helper(void)\n"
	"{\n"
	"    PyObject *o = helper();\n"
	"    return (PyObject *)0;\n"
	"}\n"
	"PyObject *direct(void)\n"
	"{\n"
	"    PyObject *o = made_elsewhere();\n"
	"    return (PyObject *)0;\n"
	"}\n"
	"int untouched(int x) { return x + 1; }\n";

typedef OL_VEC(ol_func *) func_vec;

typedef struct collect_ctx {
	ol_arena *a;
	func_vec *funcs;
} collect_ctx;

static enum CXChildVisitResult collect_fn(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	collect_ctx *cc = data;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	ol_func *fn = NULL;
	cr_assert_eq(ol_cfg_build(&fn, cc->a, c), 0, "ol_cfg_build: %s",
		     ol_error_last());
	OL_VEC_PUSH(cc->funcs, fn);
	return CXChildVisit_Continue;
}

// Lowers every function `source` defines into `a`.
static void lower(ol_arena *a, func_vec *funcs)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/ol-memo-test-XXXXXX.c", test_tmpdir());
	int fd = mkstemps(path, 2);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(source, f);
	fclose(f);
	const char *args[] = {"-xc", "-std=gnu11", "-w"};
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = clang_parseTranslationUnit(
		idx, path, args, 3, NULL, 0, CXTranslationUnit_None);
	cr_assert_not_null(tu);
	collect_ctx cc = {a, funcs};
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_fn,
			    &cc);
	ol_cfg_forget_tu();
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	unlink(path);
	cr_assert_eq(funcs->len, 4);
}

// Another file's contract: made_elsewhere() returns a borrowed reference.
static ol_contracts *other_file(void)
{
	ol_contracts *set = ol_contracts_new();
	ol_kb_entry e = {0};
	e.name = "made_elsewhere";
	e.family = "summary";
	e.resource = "pyref";
	e.ret = OL_KB_RET_BORROWED;
	e.borrowed_from = e.returns_arg = e.format_arg = -1;
	e.small_int_arg = e.queries_arg = e.nonnull_if_arg = -1;
	e.none_if_arg = -1;
	e.fails_when.cmp = OL_KB_CMP_EQ;
	e.fails_when.is_null = true;
	e.acquired_when.cmp = OL_KB_CMP_UNKNOWN;
	e.runs_python = true;
	ol_contract c = {
		.name = "made_elsewhere", .entry = e, .complete = true,
		.loc = {.file = "other.c", .line = 1, .col = 1},
	};
	ol_contracts_add(set, &c);
	ol_contracts *all = ol_contracts_new();
	ol_contracts_merge(all, set, 1);
	ol_contracts_free(set);
	return all;
}

// One round over `funcs`: its findings as text lines (owned).
static char *round_text(const func_vec *funcs, const ol_kb *kb,
			const ol_contracts *contracts, ol_engine_memo *memo)
{
	ol_engine_opts o;
	ol_engine_opts_init(&o);
	o.contracts = contracts;
	o.memo = memo;
	ol_diag_sink *sink = ol_diag_sink_new();
	ol_engine_run((const ol_func *const *)funcs->items, funcs->len, kb, &o,
		      sink);
	ol_diag_sink_finish(sink);
	size_t cap = 1, len = 0;
	char *text = calloc(1, cap);
	for (size_t i = 0; i < ol_diag_sink_count(sink); i++) {
		const ol_diag *d = ol_diag_sink_get(sink, i);
		char line[1024];
		int n = snprintf(line, sizeof line, "%u:%s:%s\n", d->loc.line,
				 ol_check_info_get(d->check)->id, d->msg);
		text = realloc(text, cap += (size_t)n);
		memcpy(text + len, line, (size_t)n + 1);
		len += (size_t)n;
	}
	ol_diag_sink_free(sink);
	return text;
}

Test(memo, later_rounds_replay_functions_whose_inputs_did_not_change)
{
	ol_kb *kb = NULL;
	cr_assert_eq(ol_kb_new(&kb), 0);
	cr_assert_eq(ol_kb_load_dir(kb, OL_SOURCE_ROOT "/rules"), 0);
	ol_arena *a = ol_arena_new();
	func_vec funcs = {0};
	lower(a, &funcs);
	ol_contracts *all = other_file();
	ol_engine_memo *memo = ol_engine_memo_new();
	size_t replayed, analyzed;

	// Round 1: the file alone (no contracts): made_elsewhere()'s
	// result is taken for a new reference, and leaks.
	char *first = round_text(&funcs, kb, NULL, memo);
	char *first_whole = round_text(&funcs, kb, NULL, NULL);
	cr_assert_str_eq(first, first_whole);
	cr_assert_not_null(strstr(first, "is leaked"), "%s", first);
	ol_engine_memo_counts(memo, &replayed, &analyzed);
	cr_assert_eq(replayed + analyzed, 0, "round 1 counts nothing");

	// Round 2: its contract says it returns a borrowed reference.
	// helper() and direct() call it, through_helper() calls helper():
	// those three are analyzed again (no leak now); untouched() is
	// replayed.
	char *second = round_text(&funcs, kb, all, memo);
	char *second_whole = round_text(&funcs, kb, all, NULL);
	cr_assert_str_eq(second, second_whole);
	cr_assert_null(strstr(second, "is leaked"), "%s", second);
	ol_engine_memo_counts(memo, &replayed, &analyzed);
	cr_assert_eq(analyzed, 3);
	cr_assert_eq(replayed, 1);

	// Round 3: nothing changed: everything is replayed, to the same
	// findings.
	char *third = round_text(&funcs, kb, all, memo);
	cr_assert_str_eq(third, second_whole);
	ol_engine_memo_counts(memo, &replayed, &analyzed);
	cr_assert_eq(analyzed, 3);
	cr_assert_eq(replayed, 5);

	free(first);
	free(first_whole);
	free(second);
	free(second_whole);
	free(third);
	ol_engine_memo_free(memo);
	ol_contracts_free(all);
	OL_VEC_FREE(&funcs);
	ol_arena_free(a);
	ol_kb_free(kb);
}
