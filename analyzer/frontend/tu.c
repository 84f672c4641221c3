/*
 * tu.c — parse one file with libclang and run the pipeline on it.
 *
 * Parse options: no CXTranslationUnit_SkipFunctionBodies (the bodies are
 * what we analyze), no detailed preprocessing record (findings use
 * expansion locations, which need none), and KeepGoing with no error
 * limit: a missing header or an `#error` does not stop the parse, and the
 * functions that hold no error are analyzed while those that do are
 * skipped (partial.h) — calls to undeclared functions would otherwise read
 * as unknown callees and hide findings. Clang warnings are switched off
 * (`-w`): we never report them, and a project's -Werror must not turn them
 * into parse errors here.
 *
 * The project's arguments (the database's, the configuration's, those
 * after `--`) lose their output and dependency-file arguments, and those
 * clang's driver rejected in an earlier parse of the worker (args.h). A
 * parse whose driver rejects some of them (it goes on without them, but
 * with errors counted) is done again without them: once per worker and
 * newly met argument, so a command line clang knows is parsed once. When
 * libclang makes no translation unit at all, it gives no reason:
 * why_no_unit() finds the argument without which an empty file parses.
 *
 * A C file whose prefix up to its #include of Python.h other files share
 * is parsed with a precompiled header of that prefix (pch.c).
 *
 * The resource directory, the CUDA toolkit or the tool's stand-in for it,
 * and the Python include folders come from the run's environment
 * (tu_env.c); which functions of a parsed file are lowered, from
 * collect.c.
 *
 * CUDA: a toolkit is $CUDA_HOME or $CUDA_PATH when either is set (even to
 * a folder that does not exist: then there is none), else /usr/local/cuda.
 * Without one (or with --no-cuda-toolkit), the tool's own declarations
 * (rules/cuda-include/) stand in for <cuda_runtime.h> and <cuda.h>, added
 * with -idirafter so that any include folder the user names wins, and
 * clang is told not to look for a toolkit (-nocudainc, --cuda-path). A
 * .cu file is parsed as CUDA host code; when clang's own CUDA wrapper
 * headers are not used (no toolkit, or a toolkit they do not fit), the
 * prelude __ownlint_cuda_prelude.h declares what nvcc gives every .cu
 * file: __global__ & co., blockIdx/threadIdx/blockDim/gridDim, the
 * <<<...>>> call configuration and the common device intrinsics.
 */
#include "tu.h"

#include "../base/strmap.h"
#include "../cfg/build.h"
#include "../cfg/filetext.h"
#include "../engine/contracts.h"
#include "../kb/kb.h"
#include "../kb/pending.h"
#include "../ol.h"
#include "../base/clobber.h"
#include "../base/strbuf.h"
#include "../cache.h"
#include "args.h"
#include "collect.h"
#include "cpychecker.h"
#include "crash.h"
#include "special_files.h"
#include "headers.h"
#include "owners.h"
#include "tables.h"
#include "partial.h"
#include "pyversion.h"
#include "pch.h"
#include "tu_env.h"

#include <clang-c/Index.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ol_tu_worker {
	CXIndex index;
	// Files parsed with a PCH (pch.c) use an index whose walks leave out
	// what the PCH declared: the file's own declarations are what we
	// collect, and deserializing all of Python.h's would cost more than
	// the PCH saves. (Only for them: for a C++ file, such an index walks
	// the parser's list of top-level declarations, which holds fewer.)
	CXIndex pch_index;
	ol_pch_cache *pch; // made on the first C file
	// The project's arguments clang rejected in a parse of this worker,
	// left out of its later ones (args.h).
	ol_args_names rejected;
};

// Disposes of `tu`, forgetting first the texts of its files remembered
// for this thread (cfg/filetext.h).
static void dispose_tu(CXTranslationUnit tu)
{
	ol_cfg_file_texts_forget();
	clang_disposeTranslationUnit(tu);
}


void ol_tu_clang_version(ol_strbuf *out)
{
	CXString v = clang_getClangVersion();
	ol_strbuf_add(out, clang_getCString(v));
	clang_disposeString(v);
}

ol_tu_worker *ol_tu_worker_new(void)
{
	// (its index made when it first parses: a run whose files all come
	// from the cache never starts libclang)
	return ol_xcalloc(1, sizeof(ol_tu_worker));
}

void ol_tu_worker_free(ol_tu_worker *w)
{
	if (!w)
		return;
	ol_pch_cache_free(w->pch);
	ol_args_names_free(&w->rejected);
	ol_cfg_headers_forget();
	if (w->index)
		clang_disposeIndex(w->index);
	if (w->pch_index)
		clang_disposeIndex(w->pch_index);
	free(w);
}

typedef OL_VEC(const char *) arg_vec;

// KeepGoing: a missing header or an `#error` does not stop the parse; the
// functions without errors are analyzed (partial.h).
#define PARSE_FLAGS CXTranslationUnit_KeepGoing

// A clang command line: the tool's arguments around the project's own
// (strings borrowed from the input, the options and the arena).
typedef struct cmdline {
	arg_vec args;
	size_t user, nuser; // args[user, user + nuser): the project's
	// The project's arguments left out because clang rejected them in
	// an earlier parse (args.h), for the file's notice.
	arg_vec ignored;
	// With cpychecker's guards (cpychecker.h): the project mentions them.
	bool cpychecker;
} cmdline;

static void cmdline_free(cmdline *c)
{
	OL_VEC_FREE(&c->args);
	OL_VEC_FREE(&c->ignored);
}

// Appends the project's arguments `v[0..n)` but its output and
// dependency-file ones and those in `rejected` (may be NULL).
static void add_project_args(cmdline *c, const char *const *v, size_t n,
			     const ol_args_names *rejected)
{
	for (size_t i = 0; i < n; i++) {
		size_t output = ol_args_output_words(v, n, i);
		if (output) {
			i += output - 1;
		} else if (rejected && ol_args_has(rejected, v[i])) {
			OL_VEC_PUSH(&c->ignored, v[i]);
		} else {
			OL_VEC_PUSH(&c->args, v[i]);
			c->nuser++;
		}
	}
}

// The clang command line for `in` into `c` (emptied first), without the
// project's arguments in `rejected` (may be NULL).
static void build_args(cmdline *c, ol_arena *a, const ol_input *in,
		       const ol_tu_opts *o, bool nocudainc,
		       const ol_args_names *rejected)
{
	const ol_tu_env *env = o->env;
	arg_vec *args = &c->args;
	bool has_x = false;

	args->len = c->ignored.len = c->nuser = 0;

	for (size_t i = 0; i < in->nargs; i++)
		if (!strncmp(in->args[i], "-x", 2))
			has_x = true;
	if (!has_x) {
		OL_VEC_PUSH(args, "-x");
		OL_VEC_PUSH(args, ol_lang_xarg(in->lang));
	}
	if (in->lang == OL_LANG_CUDA || in->lang == OL_LANG_CUDA_HEADER) {
		// One host-side compile job: libclang needs exactly one.
		OL_VEC_PUSH(args, "--cuda-host-only");
		OL_VEC_PUSH(args, "-nocudalib");
		// No toolkit: clang must not find one on its own either
		// (it probes /usr/local/cuda), and clang's wrapper headers
		// need one; our prelude stands in for them.
		if (!env->cuda_dir)
			nocudainc = true;
		if (nocudainc)
			OL_VEC_PUSH(args, "-nocudainc");
		if (env->cuda_dir || env->cuda_decls)
			OL_VEC_PUSH(args, ol_arena_printf(
				a, "--cuda-path=%s",
				env->cuda_dir ? env->cuda_dir : env->cuda_decls));
		if (nocudainc && env->cuda_decls) {
			OL_VEC_PUSH(args, "-include");
			OL_VEC_PUSH(args, ol_arena_printf(
				a, "%s/__ownlint_cuda_prelude.h",
				env->cuda_decls));
		}
	}
	if (in->workdir)
		OL_VEC_PUSH(args, ol_arena_printf(a, "-working-directory=%s",
						  in->workdir));
	if (env->resource_dir) {
		OL_VEC_PUSH(args, "-resource-dir");
		OL_VEC_PUSH(args, env->resource_dir);
	}
	// Generated code nests deeper than clang's default of 256 brackets;
	// gcc has no such limit. A later user flag still wins.
	OL_VEC_PUSH(args, "-fbracket-depth=1024");
	// cpychecker's attributes (gcc-python-plugin), made annotations
	// clang keeps (it drops attributes it does not know); the guards
	// projects write them under, only for a project that mentions them
	// (cpychecker.h: libraries test them to other ends).
	for (size_t i = 0; i < ol_cpychecker_nattributes; i++)
		OL_VEC_PUSH(args, ol_cpychecker_attributes[i]);
	for (size_t i = 0; c->cpychecker && i < ol_cpychecker_nguards; i++)
		OL_VEC_PUSH(args, ol_cpychecker_guards[i]);
	// Every error, not the first 20: each one skips its function.
	OL_VEC_PUSH(args, "-ferror-limit=0");
	if (!in->from_compdb && env->python) {
		const struct python_incs *py = ol_tu_python_incs(env->python);
		for (size_t i = 0; i < py->incs.len; i++)
			OL_VEC_PUSH(args, py->incs.items[i]);
	}
	if (!in->from_compdb)
		for (size_t i = 0; i < env->incs.len; i++)
			OL_VEC_PUSH(args, env->incs.items[i]);
	// The database's arguments, the configuration file's compiler-args,
	// then the command line's.
	c->user = args->len;
	add_project_args(c, o->extra_before, o->nbefore, rejected);
	add_project_args(c, (const char *const *)in->args, in->nargs,
			 rejected);
	add_project_args(c, in->cfg_args, in->ncfg_args, rejected);
	add_project_args(c, o->extra_args, o->nextra, rejected);
	// Without a toolkit, our declarations answer <cuda_runtime.h> and
	// <cuda.h>, after every folder the user or the compile command names.
	if (!env->cuda_dir && env->cuda_decls) {
		OL_VEC_PUSH(args, "-idirafter");
		OL_VEC_PUSH(args, env->cuda_decls);
	}
	OL_VEC_PUSH(args, "-w");
}

static const char *parse_error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed:
		return "libclang crashed while parsing (a stack overflow on "
		       "deeply nested code, or a bug in clang)";
	case CXError_InvalidArguments: return "invalid compiler arguments";
	// (why_no_unit() says which argument, when one is the cause)
	case CXError_ASTReadError:
		return "libclang made no translation unit of it and gives "
		       "no reason";
	default: return "libclang could not parse it";
	}
}

// True when a fatal error comes from clang's own CUDA wrapper headers.
static bool cuda_wrapper_failed(CXTranslationUnit tu)
{
	bool hit = false;

	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !hit;
	     i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal) {
			CXFile f;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &f, NULL, NULL, NULL);
			CXString s = clang_getFileName(f);
			const char *name = clang_getCString(s);
			hit = name && strstr(name, "__clang_cuda_");
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
	return hit;
}

typedef OL_VEC(ol_func *) func_vec;


// The knowledge base, once a parse needs it: the one being loaded while
// the parse ran (kb/pending.h), else the one given.
static const ol_kb *tu_kb(const ol_tu_opts *o)
{
	return o->kb_pending ? ol_kb_pending_get(o->kb_pending) : o->kb;
}


// C++ (CUDA host code too): by the input's language, or a `-x c++` in
// its arguments.
static bool is_cxx(const ol_input *in, const ol_tu_opts *o)
{
	bool cxx = in->lang == OL_LANG_CXX || in->lang == OL_LANG_CUDA ||
		   in->lang == OL_LANG_CUDA_HEADER;
	const char *const *lists[3] = {o->extra_before,
				       (const char *const *)in->args,
				       o->extra_args};
	size_t ns[3] = {o->nbefore, in->nargs, o->nextra};
	for (int l = 0; l < 3; l++)
		for (size_t i = 0; i < ns[l]; i++) {
			const char *a = lists[l][i];
			const char *x = !strcmp(a, "-x") && i + 1 < ns[l]
						? lists[l][i + 1]
					: !strncmp(a, "-x", 2) ? a + 2 : NULL;
			if (x)
				cxx = !strncmp(x, "c++", 3) ||
				      !strncmp(x, "cuda", 4);
		}
	return cxx;
}

static bool wanted(const ol_tu_opts *o, const char *name)
{
	for (size_t i = 0; i < o->ndump; i++)
		if (!strcmp(o->dump_funcs[i], name))
			return true;
	return false;
}

// Lambdas met while lowering, each lowered as a function of its own
// (once, however often its body was inlined).
typedef struct lambda_list {
	ol_cursor_vec cs;
	OL_VEC(const char *) names;
	OL_VEC(unsigned) how; // OL_LAMBDA_* (cfg/build.h)
	ol_arena *a;
} lambda_list;

static void on_lambda(CXCursor lam, const char *name, unsigned how,
		      void *payload)
{
	lambda_list *l = payload;
	for (size_t i = 0; i < l->cs.len; i++)
		if (clang_equalCursors(l->cs.items[i], lam)) {
			l->how.items[i] |= how;
			return;
		}
	OL_VEC_PUSH(&l->cs, lam);
	OL_VEC_PUSH(&l->names, ol_arena_strdup(l->a, name));
	OL_VEC_PUSH(&l->how, how);
}

// -fno-exceptions or -fexceptions in `args`: the last one decides *off.
static void exception_flags(const char *const *args, size_t n, bool *off)
{
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(args[i], "-fno-exceptions") ||
		    !strcmp(args[i], "-fno-cxx-exceptions"))
			*off = true;
		else if (!strcmp(args[i], "-fexceptions") ||
			 !strcmp(args[i], "-fcxx-exceptions"))
			*off = false;
	}
}

// The file is compiled with -fno-exceptions (its database's arguments,
// the configuration's, then the command line's, as build_args() orders
// them): no call throws.
static bool exceptions_off(const ol_input *in, const ol_tu_opts *o)
{
	bool off = false;
	exception_flags(o->extra_before, o->nbefore, &off);
	exception_flags((const char *const *)in->args, in->nargs, &off);
	exception_flags((const char *const *)in->cfg_args, in->ncfg_args, &off);
	exception_flags((const char *const *)o->extra_args, o->nextra, &off);
	return off;
}


// Lowers the collected functions; failures become notices (none for
// `summary_only` ones: helpers of neighbouring headers, not reported).
static void lower_all(func_vec *funcs, const ol_cursor_vec *cs,
		      const ol_cursor_vec *skipped, ol_arena *a,
		      const ol_tu_opts *o, ol_diag_sink *sink, bool cxx,
		      bool summary_only, bool no_exceptions)
{
	lambda_list lams = {{0}, {0}, {0}, a};
	ol_cfg_opts co = {0};
	co.skipped = skipped->items;
	co.nskipped = skipped->len;
	co.kb = tu_kb(o);
	co.exceptions = no_exceptions ? OL_EXC_NONE : o->exceptions;
	co.cxx = cxx;
	co.cache = ol_cfg_cache_new();
	co.on_lambda = cxx ? on_lambda : NULL;
	co.payload = &lams;
	size_t n = cs->len;
	for (size_t i = 0; i < n + lams.cs.len; i++) {
		bool lambda = i >= n;
		CXCursor c = lambda ? lams.cs.items[i - n] : cs->items[i];
		ol_func *fn = NULL;

		co.name = lambda ? lams.names.items[i - n] : NULL;
		bool want = true;
		if (o->ndump) {
			CXString s = clang_getCursorSpelling(c);
			want = wanted(o, clang_getCString(s)) ||
			       (co.name && wanted(o, co.name));
			clang_disposeString(s);
			// ("Class::method" names a member too: known once
			// lowered.)
			if (!want && !cxx)
				continue;
		}
		ol_error_clear();
		if (ol_limits_watching()) { // (the name only when asked for)
			CXString spelled = clang_getCursorSpelling(c);
			ol_limits_function(clang_getCString(spelled));
			clang_disposeString(spelled);
		}
		int err = ol_cfg_build_opts(&fn, a, c, &co);
		bool failed = err < 0 || !fn;
		if ((!want && (failed || !wanted(o, fn->name))) ||
		    (failed && summary_only))
			continue;
		if (failed) {
			CXString s = clang_getCursorSpelling(c);
			ol_loc loc = ol_cfg_loc(a, clang_getCursorLocation(c));
			const char *why = ol_error_last();
			ol_diag_sink_notice(sink, OL_LEVEL_WARNING, loc,
					    "unsupported",
					    "function '%s' not analyzed: %s",
					    clang_getCString(s),
					    *why ? why : "cannot lower it");
			clang_disposeString(s);
			continue;
		}
		// What the lowering approximated: a notification, not a
		// failure (the engine does not report these).
		fn->summary_only = summary_only;
		fn->starts_without_gil =
			lambda && (lams.how.items[i - n] & OL_LAMBDA_THREAD);
		fn->c_callback =
			lambda && (lams.how.items[i - n] & OL_LAMBDA_C_CALLBACK);
		for (unsigned k = 0; k < fn->nnotes && !summary_only; k++)
			ol_diag_sink_notice(sink, OL_LEVEL_NOTE, fn->loc,
					    "unsupported", "in '%s': %s",
					    fn->name, fn->notes[k]);
		OL_VEC_PUSH(funcs, fn);
	}
	ol_cfg_cache_free(co.cache);
	OL_VEC_FREE(&lams.cs);
	OL_VEC_FREE(&lams.names);
	OL_VEC_FREE(&lams.how);
}

// Functions this file hands to CPython in its tables keep the
// interpreter's contract (tables.h); the registrations also go to
// `exports` (may be NULL), for functions other files define.
static void mark_registered(func_vec *funcs, ol_arena *a,
			    CXTranslationUnit tu, struct ol_contracts *exports)
{
	ol_registration_vec regs = {0};
	ol_tables_extract(&regs, a, tu);
	for (size_t i = 0; i < regs.len && exports; i++) {
		ol_registration_fact r = {regs.items[i].func,
					  regs.items[i].role,
					  regs.items[i].teardown, 0};
		ol_contracts_register(exports, &r);
	}
	// The first registration of each name wins (a function named in
	// two tables keeps the first role).
	ol_strmap first = {0};
	for (size_t i = 0; i < regs.len; i++)
		ol_strmap_add(&first, regs.items[i].func, i);
	for (size_t k = 0; k < funcs->len; k++) {
		ol_func *fn = funcs->items[k];
		size_t i;
		if (fn->registered || !ol_strmap_get(&first, fn->name, &i))
			continue;
		fn->registered = regs.items[i].role;
		fn->reg_teardown = regs.items[i].teardown;
	}
	ol_strmap_free(&first);
	OL_VEC_FREE(&regs);
}

// The generator named in the first lines of a generated source, or NULL.
static const char *generated_by(const char *path)
{
	static const struct {
		const char *mark, *tool;
	} marks[] = {
		{"Generated by Cython ", "Cython"},
		{"This file was automatically generated by SWIG", "SWIG"},
	};
	char head[1024];
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t n = fread(head, 1, sizeof head - 1, f);
	fclose(f);
	head[n] = 0;
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (strstr(head, marks[i].mark))
			return marks[i].tool;
	return NULL;
}

// Records each file the translation unit read (for the cache's check that
// none changed).
static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned n,
			  CXClientData data)
{
	(void)stack;
	(void)n;
	ol_pch_add_path(data, file);
}

struct ol_tu_unit {
	ol_arena *a;    // the CFGs and their strings
	func_vec funcs;
	OL_VEC(const char *) callees; // called, not defined here
	OL_VEC(const char *) exported; // defined with external linkage
	ol_engine_memo *memo; // what the last round left (engine/memo.c)
};

// The unit defines the function the call `e` names: one of that name
// whose signature the call may have (C++: not another overload, pyscm's
// static method `find_max(self, args)` beside the solver's `int
// find_max(p, ..)` of another file, which this file calls).
static bool defines_callee(const ol_tu_unit *u, const ol_expr *e,
			   const ol_strmap *defined)
{
	if (!ol_strmap_get(defined, e->text, NULL))
		return false;
	if (!e->callee_sig)
		return true;
	for (size_t i = 0; i < u->funcs.len; i++) {
		const ol_func *fn = u->funcs.items[i];
		if (!strcmp(fn->name, e->text) &&
		    (!fn->sig || !strcmp(fn->sig, e->callee_sig)))
			return true;
	}
	return false;
}

// `defined` names the unit's functions; `seen` the callees listed so far.
static void add_callees(ol_tu_unit *u, const ol_expr *e,
			const ol_strmap *defined, ol_strmap *seen)
{
	for (; e; e = e->sub[0]) {
		if (e->kind == OL_E_CALL && e->text &&
		    !defines_callee(u, e, defined) &&
		    ol_strmap_add(seen, e->text, 0))
			OL_VEC_PUSH(&u->callees, e->text);
		add_callees(u, e->sub[1], defined, seen);
		add_callees(u, e->fn, defined, seen);
		for (unsigned k = 0; k < e->nargs; k++)
			add_callees(u, e->args[k], defined, seen);
	}
}

// Takes `a` and `funcs` (left empty) into a unit kept for later rounds.
static ol_tu_unit *keep_unit(ol_arena *a, func_vec *funcs)
{
	ol_tu_unit *u = ol_xcalloc(1, sizeof *u);
	u->a = a;
	u->funcs = *funcs;
	memset(funcs, 0, sizeof *funcs);
	ol_strmap defined = {0}, seen = {0};
	for (size_t i = 0; i < u->funcs.len; i++)
		ol_strmap_add(&defined, u->funcs.items[i]->name, i);
	for (size_t i = 0; i < u->funcs.len; i++) {
		const ol_func *fn = u->funcs.items[i];
		if (!fn->is_static && !fn->summary_only)
			OL_VEC_PUSH(&u->exported, fn->name);
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				add_callees(u, blk->ops[k].expr, &defined,
					    &seen);
			add_callees(u, blk->cond, &defined, &seen);
		}
	}
	ol_strmap_free(&defined);
	ol_strmap_free(&seen);
	return u;
}

static void run_engine(ol_func *const *funcs, size_t n, const ol_tu_opts *o,
		       const struct ol_contracts *contracts,
		       ol_engine_memo *memo, const ol_tu_out *out)
{
	ol_engine_opts eo = *o->engine;
	eo.memo = memo;
	if (out->facts) {
		// (copied by the graph: the facts' strings live only during
		// the callback)
		eo.on_fact = ol_graph_on_fact;
		eo.fact_payload = out->facts;
	}
	eo.contracts = contracts;
	eo.exports = out->exports;
	if (n)
		ol_engine_run((const ol_func *const *)funcs, n, tu_kb(o), &eo,
			      out->findings);
}

// The path clang is given for `in` (in `real` when made absolute): with
// -working-directory a relative path would be looked up from the
// compile's directory, so it gets the absolute one (locations in findings
// are then absolute, as clang-tidy prints them with -p).
static const char *clang_path(const ol_input *in, char real[PATH_MAX])
{
	if (in->workdir && in->path[0] != '/' && realpath(in->path, real))
		return real;
	return in->path;
}

// Whether `in` is parsed with a PCH of its prefix when it has one. (Not
// with --header-filter: the index leaves a PCH's declarations out of our
// walks, and header functions would be among them.)
static bool uses_pch(const ol_input *in, const ol_tu_opts *o)
{
	return in->lang == OL_LANG_C && !o->no_pch && !o->ndump && !o->headers;
}

void ol_tu_count_prefix(struct ol_pch_counts *c, const ol_input *in,
			const ol_tu_opts *o)
{
	if (!uses_pch(in, o))
		return;
	ol_arena *a = ol_arena_new();
	cmdline cl = { 0 };
	char real[PATH_MAX];
	build_args(&cl, a, in, o, false, NULL);
	ol_pch_count(c, clang_path(in, real), cl.args.items, cl.args.len);
	cmdline_free(&cl);
	ol_arena_free(a);
}

// A file the parse read may not be an output of the run (clobber.h).
static void check_inclusion(CXFile f, CXSourceLocation *stack, unsigned n,
			    CXClientData unused)
{
	(void)stack, (void)n, (void)unused;
	CXString name = clang_getFileName(f);
	ol_clobber_check_read(clang_getCString(name));
	clang_disposeString(name);
}

// True (with a notice) when an earlier execution of this run found `in`
// over a per-file limit (base/limits.h).
static bool skipped_over_limit(const ol_input *in, const ol_tu_opts *o,
			       ol_diag_sink *sink)
{
	ol_limit_kind kind;
	char *function;

	if (!ol_crash_over_limit(in->path, &kind, &function))
		return false;
	ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
	char where[300] = "";
	if (*function)
		snprintf(where, sizeof where, " (in '%s')", function);
	bool time = kind == OL_LIMIT_TIME;
	ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "resource-limit",
			    "'%s' took more than %llu %s (%s)%s; not analyzed, "
			    "the other files were analyzed in a fresh process",
			    in->path,
			    (unsigned long long)(time ? o->limits.file_cpu_seconds
						      : o->limits.file_bytes >> 20),
			    time ? "s of CPU time" : "MiB of memory",
			    time ? "--max-file-time" : "--max-file-memory", where);
	free(function);
	return true;
}

// The errors of `tu`'s parse (fatal ones included).
static unsigned error_count(CXTranslationUnit tu)
{
	unsigned errors = 0;
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		errors += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return errors;
}

// The folders of `args`' -I, -iquote, -isystem and -idirafter options,
// joined or apart (`-Idir`, `-I dir`), into `dirs` (borrowed strings).
static void include_dirs(const arg_vec *args, arg_vec *dirs)
{
	static const char *const flags[] = {"-I", "-iquote", "-isystem",
					    "-idirafter"};
	for (size_t a = 0; a < args->len; a++)
		for (size_t f = 0; f < sizeof flags / sizeof *flags; f++) {
			size_t fl = strlen(flags[f]);
			const char *v = args->items[a];
			if (strncmp(v, flags[f], fl))
				continue;
			if (v[fl])
				OL_VEC_PUSH(dirs, v + fl);
			else if (a + 1 < args->len)
				OL_VEC_PUSH(dirs, args->items[a + 1]);
		}
}

// Adds to `out`, marked OL_CACHE_ABSENT (cache.h), the places where each
// `#include` the parse did not find would be found once installed: the
// name under every -I, -iquote, -isystem and -idirafter folder of `args`,
// the including file's folder, /usr/local/include and /usr/include (where
// a -dev package puts it). A facts cache entry holds while none is there.
static void add_missing_places(CXTranslationUnit tu, const arg_vec *args,
			       ol_tu_paths *out)
{
	static const char tail[] = "' file not found";
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString sp = clang_getDiagnosticSpelling(d);
		const char *t = clang_getCString(sp);
		size_t len = t ? strlen(t) : 0, k = sizeof tail - 1;
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
		    len > k + 1 && t[0] == '\'' && !strcmp(t + len - k, tail)) {
			char *name = ol_xmalloc(len - k);
			memcpy(name, t + 1, len - k - 1);
			name[len - k - 1] = '\0';
			arg_vec dirs = {0};
			include_dirs(args, &dirs);
			CXFile from;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &from, NULL, NULL, NULL);
			CXString fs = clang_getFileName(from);
			char *own = clang_getCString(fs)
					    ? ol_xstrdup(clang_getCString(fs))
					    : NULL;
			clang_disposeString(fs);
			char *slash = own ? strrchr(own, '/') : NULL;
			if (slash)
				*slash = '\0';
			OL_VEC_PUSH(&dirs, slash ? own : ".");
			OL_VEC_PUSH(&dirs, "/usr/local/include");
			OL_VEC_PUSH(&dirs, "/usr/include");
			for (size_t j = 0; j < dirs.len; j++) {
				ol_strbuf p;
				ol_strbuf_init(&p);
				ol_strbuf_printf(&p, "%c%s/%s", OL_CACHE_ABSENT,
						 dirs.items[j], name);
				OL_VEC_PUSH(out, ol_strbuf_detach(&p));
			}
			OL_VEC_FREE(&dirs);
			free(own);
			free(name);
		}
		clang_disposeString(sp);
		clang_disposeDiagnostic(d);
	}
}

// Parses `file` with `c`, with the PCH of its prefix when it has one
// (then in *pch, and "-include-pch X" ends c->args).
static enum CXErrorCode parse_file(ol_tu_worker *w, const ol_input *in,
				   const ol_tu_opts *o, const char *file,
				   cmdline *c, const ol_pch **pch,
				   CXTranslationUnit *tu)
{
	arg_vec *args = &c->args;
	enum CXErrorCode err;

	if (!w->index)
		w->index = clang_createIndex(0, 0);
	// The prefix it shares with other files, precompiled (pch.c).
	*pch = NULL;
	if (uses_pch(in, o)) {
		if (!w->pch) {
			w->pch = ol_pch_cache_new();
			ol_pch_cache_keep_in(w->pch, o->pch_dir);
			w->pch_index = clang_createIndex(1, 0);
		}
		*pch = ol_pch_for(w->pch, w->pch_index, file, args->items,
				  args->len, o->prefixes);
	}
	if (*pch) {
		OL_VEC_PUSH(args, "-include-pch");
		OL_VEC_PUSH(args, (*pch)->path);
	}
	err = clang_parseTranslationUnit2(*pch ? w->pch_index : w->index,
					  file, args->items, (int)args->len,
					  NULL, 0, PARSE_FLAGS, tu);
	if (*pch && err != CXError_Success && err != CXError_Crashed) {
		// The PCH did not fit after all: parse the file whole.
		if (*tu)
			dispose_tu(*tu);
		*tu = NULL;
		args->len -= 2;
		*pch = NULL;
		err = clang_parseTranslationUnit2(w->index, file, args->items,
						  (int)args->len, NULL, 0,
						  PARSE_FLAGS, tu);
	}
	return err;
}

// Whether `args` make a translation unit of an empty file (the driver
// and the compiler invocation accept them). The file is /dev/null, not
// an unsaved file: libclang leaks the copy of an unsaved file's text when
// it rejects the command line.
static bool accepted(CXIndex index, const char **args, size_t n)
{
	CXTranslationUnit tu = NULL;
	enum CXErrorCode err = clang_parseTranslationUnit2(
		index, "/dev/null", args, (int)n, NULL, 0, PARSE_FLAGS, &tu);
	if (tu)
		dispose_tu(tu);
	return err == CXError_Success;
}

// Why libclang made no translation unit of `file` (it gives no reason
// when the command line is what it cannot turn into one: an invalid
// -std= value, an -Xclang argument cc1 does not know, a second source
// file): the project's argument without which an empty file parses,
// found by leaving each out in turn (only after a failure, a few
// milliseconds each). Returns text in `a`, or NULL when the command line
// is not the cause.
static const char *why_no_unit(ol_tu_worker *w, ol_arena *a, const cmdline *c)
{
	const char **v = ol_xcalloc(c->args.len + 1, sizeof(char *));
	const char *why = NULL;
	size_t n = 0;

	if (accepted(w->index, c->args.items, c->args.len))
		goto done; // the command line is fine: the file is not
	for (size_t skip = c->user; skip < c->user + c->nuser && !why;
	     skip++) {
		n = 0;
		for (size_t i = 0; i < c->args.len; i++)
			if (i != skip)
				v[n++] = c->args.items[i];
		if (!accepted(w->index, v, n))
			continue;
		// "-Xclang -fzork": name the value with its carrier.
		const char *arg = c->args.items[skip];
		bool carrier = (!strncmp(arg, "-X", 2) ||
				!strcmp(arg, "-mllvm")) &&
			       skip + 1 < c->user + c->nuser;
		why = ol_arena_printf(a, "clang does not accept its compiler "
				      "argument '%s%s%s'", arg,
				      carrier ? " " : "",
				      carrier ? c->args.items[skip + 1] : "");
	}
	if (!why)
		why = "clang does not accept its compiler arguments (no one "
		      "of them alone is the cause)";
done:
	free(v);
	return why;
}

int ol_tu_analyze(ol_tu_result *res, ol_tu_worker *w, const ol_input *in,
		  const ol_tu_opts *o, const struct ol_contracts *contracts,
		  const ol_tu_out *out)
{
	ol_arena *a = ol_arena_new();
	cmdline cl = { 0 };
	bool nocudainc = false;
	ol_cursor_vec cursors = { 0 }, near = { 0 };
	// (functions left out for their errors: their callers' calls are to
	// code not followed)
	ol_cursor_vec skipped = { 0 };
	func_vec funcs = { 0 };
	CXTranslationUnit tu = NULL;
	ol_partial *errs = NULL;
	enum CXErrorCode err;
	ol_diag_sink *sink = out->sink;

	memset(res, 0, sizeof *res);
	const char *sig;
	if (ol_crash_was_skipped(in->path, &sig)) {
		// An earlier execution of this run crashed on it (crash.h).
		ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "crash",
				    "'%s' crashed the analysis (%s); not "
				    "analyzed, the other files were analyzed "
				    "in a fresh process", in->path, sig);
		res->crashed = true;
		goto cleanup;
	}
	if (skipped_over_limit(in, o, sink)) {
		res->crashed = true;
		goto cleanup;
	}
		build_args(&cl, a, in, o, nocudainc, &w->rejected);
	char real[PATH_MAX];
	const char *file = clang_path(in, real);
	const char *gen = o->include_generated || o->ndump
				  ? NULL : generated_by(file);
	if (gen) {
		// Its refcounting is the generator's: users fix the .pyx or
		// the .i, not this file (and Cython's output is large).
		ol_loc loc = { .file = in->path, .line = 1, .col = 1 };
		ol_diag_sink_notice(sink, OL_LEVEL_NOTE, loc, "generated",
				    "'%s' is generated by %s: not analyzed "
				    "(--include-generated analyzes it)",
				    in->path, gen);
		res->generated = true;
		goto cleanup;
	}
	// Nothing the parse opens may be a device, a FIFO or a socket
	// (special_files.h).
	ol_special_files_refuse(true);
	const ol_pch *pch = NULL;
	err = parse_file(w, in, o, file, &cl, &pch, &tu);
	if (err == CXError_Success && tu && cuda_wrapper_failed(tu)) {
		// clang's CUDA wrapper headers do not fit this CUDA release
		// (clang 19 with CUDA 13). Parse without them: the host code
		// is what we analyze; device-only names become recoverable
		// errors and the notice says so.
		dispose_tu(tu);
		tu = NULL;
		nocudainc = true;
		build_args(&cl, a, in, o, nocudainc, &w->rejected);
		err = parse_file(w, in, o, file, &cl, &pch, &tu);
	}
	if (err == CXError_Success && tu &&
	    ol_args_rejected(&w->rejected, tu, cl.args.items + cl.user,
			     cl.nuser)) {
		// Clang's driver rejected arguments of the project (GCC's
		// own flags) and went on without them, but with an error
		// counted: parse again without them, as this worker's later
		// parses will be from the start (args.h).
		dispose_tu(tu);
		tu = NULL;
		build_args(&cl, a, in, o, nocudainc, &w->rejected);
		err = parse_file(w, in, o, file, &cl, &pch, &tu);
	}
	if (err == CXError_Success && tu &&
	    ol_cpychecker_wanted(tu, o->project_root)) {
		// The project writes cpychecker's attributes under its
		// guards: parse again with them, unless that breaks a header
		// (cpychecker.c).
		CXTranslationUnit plain = tu;
		const ol_pch *plain_pch = pch;
		tu = NULL;
		cl.cpychecker = true;
		build_args(&cl, a, in, o, nocudainc, &w->rejected);
		err = parse_file(w, in, o, file, &cl, &pch, &tu);
		if (err != CXError_Success || !tu ||
		    error_count(tu) > error_count(plain)) {
			if (tu)
				dispose_tu(tu);
			tu = plain;
			pch = plain_pch;
			err = CXError_Success;
		} else {
			dispose_tu(plain);
		}
	}
	// One notice per argument left out; the run makes one of them all.
	for (size_t i = 0; i < cl.ignored.len; i++) {
		ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_NOTE, loc,
				    OL_ARGS_NOTICE_KIND, "%s",
				    cl.ignored.items[i]);
	}
	ol_special_files_refuse(false);
	const char *special, *special_kind;
	if (ol_special_files_refused(&special, &special_kind)) {
		ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "special-file",
				    "'%s' includes '%s', %s: not read (a parse "
				    "reads regular files only)", in->path,
				    special, special_kind);
	}
	if (err == CXError_Crashed) {
		// libclang recovered from a crash (crash.h, layer 1); what it
		// leaves behind is not to be trusted: start fresh indexes.
		clang_disposeIndex(w->index);
		w->index = NULL; // (a new one for the next parse)
		ol_pch_cache_free(w->pch);
		w->pch = NULL;
		if (w->pch_index)
			clang_disposeIndex(w->pch_index);
		w->pch_index = NULL;
		pch = NULL;
		res->crashed = true;
	}
	if (err != CXError_Success || !tu) {
		ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
		const char *why = err == CXError_Crashed || tu
			? NULL : why_no_unit(w, a, &cl);
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "parse-error",
				    "cannot parse '%s': %s; not analyzed",
				    in->path, why ? why : parse_error_name(err));
		goto cleanup;
	}
	// (while one thread reads the headers the lowering will want, this
	// one collects and lowers the functions)
	ol_cfg_read_ahead(tu);
	if (ol_clobber_watching())
		clang_getInclusions(tu, check_inclusion, NULL);
	if (out->includes) {
		clang_getInclusions(tu, add_inclusion, out->includes);
		for (size_t i = 0; pch && i < pch->reads.len; i++)
			OL_VEC_PUSH(out->includes,
				    ol_xstrdup(pch->reads.items[i]));
		add_missing_places(tu, &cl.args, out->includes);
	}

	ol_collect_functions(tu, a, o->headers, &cursors, &near);
	if (!ol_collect_called_helpers(&cursors, &near, tu_kb(o))) {
		ol_loc at = { .file = in->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_NOTE, at, "header-helpers",
				    "'%s' calls more than %d header templates "
				    "or inline functions: the first %d get "
				    "summaries, the others are read by the "
				    "conventions", in->path,
				    OL_MAX_CALLED_HELPERS,
				    OL_MAX_CALLED_HELPERS);
	}
	// Written for Python 3.12 or later (pyversion.h), and so is the
	// project: the other files of the run, in their later rounds
	// (ol_tu_reanalyze). Said before the errors that tell it leave the
	// file unanalyzed.
	char newer[128], required[300];
	bool newer_fn = false;
	bool newer_python = !o->ndump &&
			    ol_pyversion_immortal_statics(tu, newer,
							  sizeof newer,
							  &newer_fn);
	bool required_python = !o->ndump && !newer_python &&
			       ol_pyversion_required(in->path, required,
						     sizeof required);
	if (newer_python || required_python) {
		ol_loc top = {.file = ol_arena_strdup(a, in->path),
			      .line = 1, .col = 1};
		if (out->exports)
			ol_contracts_note_newer_python(out->exports);
		if (newer_python)
			ol_diag_sink_notice(
				sink, OL_LEVEL_NOTE, top, "python-version",
				"the file %s '%s', of Python 3.12 or later, "
				"which the headers of the parse do not "
				"declare: the run is analyzed as written for "
				"3.12, where None, True and False are "
				"immortal",
				newer_fn ? "calls" : "uses", newer);
		else
			ol_diag_sink_notice(
				sink, OL_LEVEL_NOTE, top, "python-version",
				"the project requires Python 3.12 or later "
				"(%s): the run is analyzed as written for "
				"3.12, where None, True and False are "
				"immortal",
				required);
		newer_python = true;
	}
	// A file with errors: only the functions without one (partial.h).
	if ((errs = ol_partial_new(tu))) {
		size_t kept = 0;
		for (size_t i = 0; i < cursors.len; i++)
			if (!ol_partial_skips(errs, cursors.items[i]))
				cursors.items[kept++] = cursors.items[i];
			else
				OL_VEC_PUSH(&skipped, cursors.items[i]);
		cursors.len = kept;
		// Summaries from the helpers of headers beside it that hold
		// no error (enigma2's `PyList_New` redefined as an inline
		// function's, in a file with an unrelated error).
		size_t helpers = 0;
		for (size_t i = 0; i < near.len; i++)
			if (!ol_partial_holds_error(errs, near.items[i]))
				near.items[helpers++] = near.items[i];
		near.len = helpers;
		res->had_errors = true;
		if (ol_partial_report(errs, a, in->path, kept, sink))
			goto cleanup;
		res->partial = true;
	}
	res->analyzed = true;
	ol_cfg_pch_files(tu, pch ? pch->texts.items : NULL,
			 pch ? pch->texts.len : 0);
	// A carrier's own functions give summaries for the header it
	// carries, nothing else (header_alone.h): lowered after the
	// header's, as the helpers of neighbouring headers are.
	ol_cursor_vec carried = { 0 };
	if (in->carrier)
		ol_collect_split_carrier(&cursors, &carried);
	lower_all(&funcs, &cursors, &skipped, a, o, sink, is_cxx(in, o), false,
		  exceptions_off(in, o));
	res->nfuncs = funcs.len;
	// (after the file's own: the graph and the exports take those)
	size_t nown = funcs.len;
	lower_all(&funcs, &carried, &skipped, a, o, sink, is_cxx(in, o), true,
		  exceptions_off(in, o));
	OL_VEC_FREE(&carried);
	if (!o->ndump)
		lower_all(&funcs, &near, &skipped, a, o, sink, is_cxx(in, o), true,
			  exceptions_off(in, o));
	mark_registered(&funcs, a, tu, out->tables);
	if (newer_python)
		for (size_t i = 0; i < funcs.len; i++)
			funcs.items[i]->immortal_statics = true;
	if (o->ndump) {
		for (size_t i = 0; i < funcs.len; i++)
			ol_cfg_dump(out->dump, funcs.items[i]);
		goto cleanup;
	}
	// The ownership graph: this TU's owners and call graph; the engine
	// adds its owner facts.
	if (out->graph) {
		ol_owners_extract(out->graph, a, tu);
		ol_graph_add_funcs(out->graph, (const ol_func *const *)funcs.items,
				   nown);
	}
	// The engine reads only the CFGs (copied into the arena): the TU,
	// the largest thing a file makes, goes before it runs.
	ol_partial_free(errs); // (its diagnostic belongs to the TU)
	errs = NULL;
	ol_cfg_forget_tu();
	dispose_tu(tu);
	tu = NULL;
	// A unit kept for later rounds keeps a memo of this analysis too.
	ol_engine_memo *memo =
		out->keep && funcs.len ? ol_engine_memo_new() : NULL;
	run_engine(funcs.items, funcs.len, o, contracts, memo, out);
	if (memo) {
		*out->keep = keep_unit(a, &funcs);
		(*out->keep)->memo = memo;
		a = NULL;
	}

cleanup:
	ol_partial_free(errs);
	ol_cfg_forget_tu();
	if (tu)
		dispose_tu(tu);
	OL_VEC_FREE(&funcs);
	OL_VEC_FREE(&cursors);
	OL_VEC_FREE(&near);
	OL_VEC_FREE(&skipped);
	cmdline_free(&cl);
	ol_arena_free(a);
	return 0;
}

void ol_tu_reanalyze(ol_tu_unit *u, const ol_tu_opts *o,
		     const struct ol_contracts *contracts, unsigned self,
		     const ol_tu_out *out)
{
	for (size_t i = 0; i < u->funcs.len; i++) {
		ol_func *fn = u->funcs.items[i];
		fn->called_elsewhere =
			!fn->is_static &&
			ol_contracts_called_elsewhere(contracts, fn->name, self);
		// (a file of the run is written for Python 3.12 or later:
		// the project is, frontend/pyversion.h)
		if (ol_contracts_newer_python(contracts))
			fn->immortal_statics = true;
	}
	// A function another file's table registers keeps the interpreter's
	// contract here too.
	for (size_t i = 0; i < u->funcs.len; i++) {
		ol_func *fn = u->funcs.items[i];
		const ol_registration_fact *r =
			fn->registered || fn->is_static
				? NULL
				: ol_contracts_registered(contracts, fn->name);
		if (r) {
			fn->registered = ol_arena_strdup(u->a, r->role);
			fn->reg_teardown = r->teardown;
		}
	}
	run_engine(u->funcs.items, u->funcs.len, o, contracts, u->memo, out);
}

uint64_t ol_tu_unit_signature(const ol_tu_unit *u,
			      const struct ol_contracts *contracts,
			      unsigned self)
{
	return ol_contracts_signature(contracts, u->callees.items,
				      u->callees.len, u->exported.items,
				      u->exported.len, self);
}

size_t ol_tu_unit_ncallees(const ol_tu_unit *u)
{
	return u->callees.len;
}

const char *ol_tu_unit_callee(const ol_tu_unit *u, size_t i)
{
	return u->callees.items[i];
}

size_t ol_tu_unit_nexported(const ol_tu_unit *u)
{
	return u->exported.len;
}

const char *ol_tu_unit_exported(const ol_tu_unit *u, size_t i)
{
	return u->exported.items[i];
}

size_t ol_tu_unit_bytes(const ol_tu_unit *u)
{
	return u ? ol_arena_used(u->a) : 0;
}

void ol_tu_unit_free(ol_tu_unit *u)
{
	if (!u)
		return;
	OL_VEC_FREE(&u->funcs);
	OL_VEC_FREE(&u->callees);
	OL_VEC_FREE(&u->exported);
	ol_engine_memo_free(u->memo);
	ol_arena_free(u->a);
	free(u);
}
