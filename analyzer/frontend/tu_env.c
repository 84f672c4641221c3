/*
 * tu_env.c — where the parses of a run find what the project's own flags
 * do not give: clang's resource directory (for <stddef.h> & co.), passed
 * explicitly because libclang derives it from the path of the loaded
 * libclang.so, which on Debian can be /usr/lib/x86_64-linux-gnu, where it
 * does not exist; the CUDA toolkit ($CUDA_HOME, else $CUDA_PATH, else
 * /usr/local/cuda), or the tool's own declarations (rules/cuda-include/)
 * standing in for it; and the Python include folders (pyinclude.h), probed
 * on the first parse of a file without a database's flags and never when
 * every file has them, so that a run over `-p` pays nothing for them.
 *
 * Everything here is found once, when the environment is made (the Python
 * folders: on first need, under a lock), and only read afterwards by the
 * worker threads (tu.h).
 */
#include "tu_env.h"

#include "../base/arena.h"
#include "../kb/kb.h"
#include "pyinclude.h"

#include <clang-c/Index.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static void add_python_inc(const char *dir, void *payload)
{
	struct python_incs *p = payload;
	for (size_t i = 1; i < p->incs.len; i += 2)
		if (!strcmp(p->incs.items[i], dir))
			return;
	OL_VEC_PUSH(&p->incs, ol_xstrdup("-isystem"));
	OL_VEC_PUSH(&p->incs, ol_xstrdup(dir));
}

// (tu_env.h)
const struct python_incs *ol_tu_python_incs(struct python_incs *p)
{
	pthread_mutex_lock(&p->lock);
	if (!p->probed) {
		ol_python_include_dirs(add_python_inc, p);
		p->probed = true;
	}
	pthread_mutex_unlock(&p->lock);
	return p;
}

// The CUDA toolkit: $CUDA_HOME, else $CUDA_PATH, else /usr/local/cuda. A
// variable that is set decides, even when it names no toolkit
// (CUDA_HOME=/nonexistent means "no toolkit"): the default folder is
// probed only when neither is set.
static void find_cuda(ol_tu_env *env)
{
	const char *home = getenv("CUDA_HOME"), *path = getenv("CUDA_PATH");
	const char *root = home && *home ? home
			   : path && *path ? path : "/usr/local/cuda";
	char buf[1024];

	snprintf(buf, sizeof buf, "%s/include", root);
	if (is_dir(buf)) {
		env->cuda_dir = ol_xstrdup(root);
		add_inc(env, buf);
	}
}

// The tool's own CUDA declarations: rules/cuda-include next to the rules
// in use ($MOJO_OWNLINT_RULES, the installed share folder, the source
// tree), the first that has them.
static char *find_cuda_decls(void)
{
	char buf[PATH_MAX + 64];
	char *rules = ol_kb_default_dir();
	const char *cands[] = { rules, OL_SOURCE_ROOT "/rules" };

	for (size_t i = 0; i < 2; i++) {
		snprintf(buf, sizeof buf, "%s/cuda-include/cuda_runtime.h",
			 cands[i]);
		if (is_file(buf)) {
			buf[strlen(buf) - strlen("/cuda_runtime.h")] = 0;
			free(rules);
			return ol_xstrdup(buf);
		}
	}
	free(rules);
	return NULL;
}

ol_tu_env *ol_tu_env_new(bool default_includes)
{
	return ol_tu_env_new_cuda(default_includes, true);
}

ol_tu_env *ol_tu_env_new_cuda(bool default_includes, bool cuda_toolkit)
{
	ol_tu_env *env = ol_xcalloc(1, sizeof *env);

	env->resource_dir = find_resource_dir();
	if (default_includes) {
		env->python = ol_xcalloc(1, sizeof *env->python);
		pthread_mutex_init(&env->python->lock, NULL);
	}
	if (default_includes && cuda_toolkit)
		find_cuda(env);
	env->cuda_decls = find_cuda_decls();
	return env;
}

void ol_tu_env_free(ol_tu_env *env)
{
	if (!env)
		return;
	for (size_t i = 0; i < env->incs.len; i++)
		free(env->incs.items[i]);
	OL_VEC_FREE(&env->incs);
	if (env->python) {
		for (size_t i = 0; i < env->python->incs.len; i++)
			free(env->python->incs.items[i]);
		OL_VEC_FREE(&env->python->incs);
		pthread_mutex_destroy(&env->python->lock);
		free(env->python);
	}
	free(env->resource_dir);
	free(env->cuda_dir);
	free(env->cuda_decls);
	free(env);
}

const char *ol_tu_env_resource_dir(const ol_tu_env *env)
{
	return env->resource_dir ? env->resource_dir : "";
}
