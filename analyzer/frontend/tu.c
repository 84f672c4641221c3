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
 * The resource directory (for <stddef.h> & co.) is passed explicitly:
 * libclang derives it from the path of the loaded libclang.so, which on
 * Debian can be /usr/lib/x86_64-linux-gnu, where it does not exist.
 */
#include "tu.h"

#include "../cfg/build.h"
#include "../ol.h"
#include "crash.h"
#include "headers.h"
#include "owners.h"
#include "partial.h"

#include <clang-c/Index.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct ol_tu_env {
	char *resource_dir;   // owned; NULL when not found
	char *cuda_dir;       // owned; CUDA root (for --cuda-path)
	OL_VEC(char *) incs;  // owned: "-isystem", "<dir>", ...
};

struct ol_tu_worker {
	CXIndex index;
};

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

// The first of OL_CLANG_RESOURCE_DIR, /usr/lib/llvm-<major>/lib/clang/<major>
// (libclang's own version), any /usr/lib/llvm-*/lib/clang/* that has
// <stddef.h>.
static char *find_resource_dir(void)
{
	char buf[512];
	CXString v = clang_getClangVersion();
	const char *vs = clang_getCString(v);
	const char *p = vs ? strstr(vs, "version ") : NULL;
	int major = p ? atoi(p + 8) : 0;
	char *found = NULL;
	glob_t g;

	clang_disposeString(v);
#ifdef OL_CLANG_RESOURCE_DIR
	snprintf(buf, sizeof buf, "%s/include/stddef.h", OL_CLANG_RESOURCE_DIR);
	if (is_file(buf))
		return ol_xstrdup(OL_CLANG_RESOURCE_DIR);
#endif
	if (major > 0) {
		snprintf(buf, sizeof buf, "/usr/lib/llvm-%d/lib/clang/%d",
			 major, major);
		char inc[600];
		snprintf(inc, sizeof inc, "%s/include/stddef.h", buf);
		if (is_file(inc))
			return ol_xstrdup(buf);
	}
	if (glob("/usr/lib/llvm-*/lib/clang/*/include/stddef.h", 0, NULL,
		 &g) == 0) {
		// Highest sorted match; strip "/include/stddef.h".
		char *last = g.gl_pathv[g.gl_pathc - 1];
		found = ol_xstrdup(last);
		found[strlen(found) - strlen("/include/stddef.h")] = 0;
	}
	globfree(&g);
	return found;
}

static void add_inc(ol_tu_env *env, const char *dir)
{
	for (size_t i = 1; i < env->incs.len; i += 2)
		if (!strcmp(env->incs.items[i], dir))
			return;
	OL_VEC_PUSH(&env->incs, ol_xstrdup("-isystem"));
	OL_VEC_PUSH(&env->incs, ol_xstrdup(dir));
}

// Runs `cmd` and adds every "-I<dir>" word it prints; returns how many.
static size_t incs_from_command(ol_tu_env *env, const char *cmd, bool bare)
{
	char line[4096];
	size_t n = 0;
	FILE *f = popen(cmd, "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f)) {
		char *save = NULL;
		for (char *w = strtok_r(line, " \t\r\n", &save); w;
		     w = strtok_r(NULL, " \t\r\n", &save)) {
			const char *dir = bare ? w
				: (!strncmp(w, "-I", 2) ? w + 2 : NULL);
			if (dir && *dir && is_dir(dir)) {
				add_inc(env, dir);
				n++;
			}
		}
	}
	pclose(f);
	return n;
}

static void find_python(ol_tu_env *env)
{
	glob_t g;

	if (incs_from_command(env, "python3-config --includes 2>/dev/null",
			      false))
		return;
	if (incs_from_command(env, "python3 -c 'import sysconfig; "
			      "print(sysconfig.get_paths()[\"include\"])' "
			      "2>/dev/null", true))
		return;
	if (glob("/usr/include/python3.*/Python.h", 0, NULL, &g) == 0) {
		char *dir = ol_xstrdup(g.gl_pathv[g.gl_pathc - 1]);
		*strrchr(dir, '/') = 0;
		add_inc(env, dir);
		free(dir);
	}
	globfree(&g);
}

static void find_cuda(ol_tu_env *env)
{
	const char *cands[] = { getenv("CUDA_HOME"), getenv("CUDA_PATH"),
				"/usr/local/cuda" };
	char buf[1024];

	for (size_t i = 0; i < 3; i++) {
		if (!cands[i] || !*cands[i])
			continue;
		snprintf(buf, sizeof buf, "%s/include", cands[i]);
		if (is_dir(buf)) {
			env->cuda_dir = ol_xstrdup(cands[i]);
			add_inc(env, buf);
			return;
		}
	}
}

ol_tu_env *ol_tu_env_new(bool default_includes)
{
	ol_tu_env *env = ol_xcalloc(1, sizeof *env);

	env->resource_dir = find_resource_dir();
	if (default_includes) {
		find_python(env);
		find_cuda(env);
	}
	return env;
}

void ol_tu_env_free(ol_tu_env *env)
{
	if (!env)
		return;
	for (size_t i = 0; i < env->incs.len; i++)
		free(env->incs.items[i]);
	OL_VEC_FREE(&env->incs);
	free(env->resource_dir);
	free(env->cuda_dir);
	free(env);
}

const char *ol_tu_env_resource_dir(const ol_tu_env *env)
{
	return env->resource_dir ? env->resource_dir : "";
}

void ol_tu_clang_version(ol_strbuf *out)
{
	CXString v = clang_getClangVersion();
	ol_strbuf_add(out, clang_getCString(v));
	clang_disposeString(v);
}

ol_tu_worker *ol_tu_worker_new(void)
{
	ol_tu_worker *w = ol_xcalloc(1, sizeof *w);
	w->index = clang_createIndex(0, 0);
	return w;
}

void ol_tu_worker_free(ol_tu_worker *w)
{
	if (!w)
		return;
	clang_disposeIndex(w->index);
	free(w);
}

typedef OL_VEC(const char *) arg_vec;

// KeepGoing: a missing header or an `#error` does not stop the parse; the
// functions without errors are analyzed (partial.h).
#define PARSE_FLAGS CXTranslationUnit_KeepGoing

// The clang command line for `in` (strings borrowed from `in`, `o`, `a`).
static void build_args(arg_vec *args, ol_arena *a, const ol_input *in,
		       const ol_tu_opts *o, bool nocudainc)
{
	const ol_tu_env *env = o->env;
	bool has_x = false;

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
		if (nocudainc)
			OL_VEC_PUSH(args, "-nocudainc");
		if (env->cuda_dir)
			OL_VEC_PUSH(args, ol_arena_printf(a, "--cuda-path=%s",
							  env->cuda_dir));
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
	// Every error, not the first 20: each one skips its function.
	OL_VEC_PUSH(args, "-ferror-limit=0");
	if (!in->from_compdb)
		for (size_t i = 0; i < env->incs.len; i++)
			OL_VEC_PUSH(args, env->incs.items[i]);
	for (size_t i = 0; i < in->nargs; i++)
		OL_VEC_PUSH(args, in->args[i]);
	// The configuration file's compiler-args, then the command line's.
	for (size_t i = 0; i < in->ncfg_args; i++)
		OL_VEC_PUSH(args, in->cfg_args[i]);
	for (size_t i = 0; i < o->nextra; i++)
		OL_VEC_PUSH(args, o->extra_args[i]);
	OL_VEC_PUSH(args, "-w");
}

static const char *parse_error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed:
		return "libclang crashed while parsing (a stack overflow on "
		       "deeply nested code, or a bug in clang)";
	case CXError_InvalidArguments: return "invalid compiler arguments";
	case CXError_ASTReadError: return "cannot read the AST";
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

typedef OL_VEC(CXCursor) cursor_vec;
typedef OL_VEC(ol_func *) func_vec;

typedef struct collect {
	cursor_vec *v;
	ol_header_filter *headers; // --header-filter, may be NULL
} collect;

static enum CXChildVisitResult collect_fn(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	collect *co = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	// extern "C" { ... } and namespaces hold functions too.
	if (k == CXCursor_LinkageSpec || k == CXCursor_Namespace ||
	    k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	// The file's own functions, and the header functions this unit
	// claims under --header-filter (headers.h).
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    (ol_tu_owns_decl(c) || ol_header_filter_claim(co->headers, c)))
		OL_VEC_PUSH(co->v, c);
	return CXChildVisit_Continue;
}

static bool wanted(const ol_tu_opts *o, const char *name)
{
	for (size_t i = 0; i < o->ndump; i++)
		if (!strcmp(o->dump_funcs[i], name))
			return true;
	return false;
}

// Lowers the collected functions; failures become notices.
static void lower_all(func_vec *funcs, const cursor_vec *cs,
		      ol_arena *a, const ol_tu_opts *o, ol_diag_sink *sink)
{
	for (size_t i = 0; i < cs->len; i++) {
		CXCursor c = cs->items[i];
		ol_func *fn = NULL;

		if (o->ndump) {
			CXString s = clang_getCursorSpelling(c);
			bool want = wanted(o, clang_getCString(s));
			clang_disposeString(s);
			if (!want)
				continue;
		}
		ol_error_clear();
		if (ol_cfg_build(&fn, a, c) < 0 || !fn) {
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
		for (unsigned k = 0; k < fn->nnotes; k++)
			ol_diag_sink_notice(sink, OL_LEVEL_NOTE, fn->loc,
					    "unsupported", "in '%s': %s",
					    fn->name, fn->notes[k]);
		OL_VEC_PUSH(funcs, fn);
	}
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

int ol_tu_analyze(ol_tu_result *out, ol_tu_worker *w, const ol_input *in,
		  const ol_tu_opts *o, ol_diag_sink *sink, ol_strbuf *dump,
		  ol_graph *graph)
{
	ol_arena *a = ol_arena_new();
	arg_vec args = { 0 };
	cursor_vec cursors = { 0 };
	func_vec funcs = { 0 };
	CXTranslationUnit tu = NULL;
	ol_partial *errs = NULL;
	enum CXErrorCode err;

	memset(out, 0, sizeof *out);
	const char *sig;
	if (ol_crash_was_skipped(in->path, &sig)) {
		// An earlier execution of this run crashed on it (crash.h).
		ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "crash",
				    "'%s' crashed the analysis (%s); not "
				    "analyzed, the other files were analyzed "
				    "in a fresh process", in->path, sig);
		out->crashed = true;
		goto cleanup;
	}
	build_args(&args, a, in, o, false);
	// With -working-directory a relative path would be looked up from
	// the compile's directory: give clang the absolute one (locations in
	// findings are then absolute, as clang-tidy prints them with -p).
	const char *file = in->path;
	char real[PATH_MAX];
	if (in->workdir && in->path[0] != '/' && realpath(in->path, real))
		file = real;
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
		out->generated = true;
		goto cleanup;
	}
	err = clang_parseTranslationUnit2(w->index, file, args.items,
					  (int)args.len, NULL, 0, PARSE_FLAGS,
					  &tu);
	if (err == CXError_Success && tu && cuda_wrapper_failed(tu)) {
		// clang's CUDA wrapper headers do not fit this CUDA release
		// (clang 19 with CUDA 13). Parse without them: the host code
		// is what we analyze; device-only names become recoverable
		// errors and the notice says so.
		clang_disposeTranslationUnit(tu);
		tu = NULL;
		args.len = 0;
		build_args(&args, a, in, o, true);
		err = clang_parseTranslationUnit2(w->index, file, args.items,
						  (int)args.len, NULL, 0,
						  PARSE_FLAGS, &tu);
	}
	if (err == CXError_Crashed) {
		// libclang recovered from a crash (crash.h, layer 1); what it
		// leaves behind is not to be trusted: start a fresh index.
		clang_disposeIndex(w->index);
		w->index = clang_createIndex(0, 0);
		out->crashed = true;
	}
	if (err != CXError_Success || !tu) {
		ol_loc loc = { .file = in->path, .line = 0, .col = 0 };
		ol_diag_sink_notice(sink, OL_LEVEL_ERROR, loc, "parse-error",
				    "cannot parse '%s': %s; not analyzed",
				    in->path, parse_error_name(err));
		goto cleanup;
	}

	collect co = { &cursors, o->headers };
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_fn,
			    &co);
	// A file with errors: only the functions without one (partial.h).
	if ((errs = ol_partial_new(tu))) {
		size_t kept = 0;
		for (size_t i = 0; i < cursors.len; i++)
			if (!ol_partial_skips(errs, cursors.items[i]))
				cursors.items[kept++] = cursors.items[i];
		cursors.len = kept;
		out->had_errors = true;
		if (ol_partial_report(errs, a, in->path, kept, sink))
			goto cleanup;
		out->partial = true;
	}
	out->analyzed = true;
	lower_all(&funcs, &cursors, a, o, sink);
	out->nfuncs = funcs.len;
	if (o->ndump) {
		for (size_t i = 0; i < funcs.len; i++)
			ol_cfg_dump(dump, funcs.items[i]);
	} else {
		// The ownership graph: this TU's owners and call graph, and
		// the engine's owner facts (copied by the graph: the facts'
		// strings live only during the callback).
		ol_engine_opts eo = *o->engine;
		if (graph) {
			ol_owners_extract(graph, a, tu);
			ol_graph_add_funcs(graph,
					   (const ol_func *const *)funcs.items,
					   funcs.len);
			eo.on_fact = ol_graph_on_fact;
			eo.fact_payload = graph;
		}
		if (funcs.len)
			ol_engine_run((const ol_func *const *)funcs.items,
				      funcs.len, o->kb, &eo, sink);
	}

cleanup:
	ol_partial_free(errs);
	ol_cfg_forget_tu();
	if (tu)
		clang_disposeTranslationUnit(tu);
	OL_VEC_FREE(&funcs);
	OL_VEC_FREE(&cursors);
	OL_VEC_FREE(&args);
	ol_arena_free(a);
	return 0;
}
