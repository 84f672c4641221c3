/*
 * pyinclude.c — the include folder of the Python on PATH, found as cheaply
 * as the machine allows.
 *
 * `python3-config --includes` is the usual answer, but running it is not
 * free: it is a shell script, and where Python comes from pyenv it is a
 * shim that starts pyenv, which costs half a second or more, on every run
 * of a pre-commit hook or an editor's save. So the answer is computed,
 * in this order, by the first way that gives one:
 *
 *   1. Read, not run: the first `python3` on PATH, symlinks resolved, when
 *      it is a compiled interpreter (an ELF file) at PREFIX/bin/python3.X,
 *      has its headers at PREFIX/include/python3.X (sysconfig's `include`
 *      path: installed_base/include/python{version}{abiflags}); the folder
 *      counts when it holds Python.h. A pyenv shim (a script that sets
 *      PYENV_ROOT) is followed as pyenv would: the versions named by
 *      $PYENV_VERSION, else the nearest .python-version above the current
 *      directory, else $PYENV_ROOT/version; the first of them that has a
 *      bin/python3 is the interpreter, and "system" means the next python3
 *      on PATH. A virtual environment's python3 is a symlink to its base
 *      interpreter, whose headers are the ones to use.
 *   2. Run without a shell (posix_spawnp): `python3-config --includes`,
 *      then `python3 -c` with sysconfig's include path; stdin and stderr
 *      are /dev/null.
 *   3. The highest /usr/include/python3.*.
 *
 * What this deliberately does not do: it never asks which Python the
 * project's build uses (a build with its flags in compile_commands.json
 * does not come here at all), and an interpreter that is a script it
 * cannot read (another version manager's shim) is left to step 2.
 */
#include "pyinclude.h"

#include "../base/arena.h"
#include "../ol.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct adder {
	void (*add)(const char *dir, void *payload);
	void *payload;
	size_t n;
} adder;

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_executable_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(p, X_OK) == 0;
}

// The first `len` bytes of `path` into `buf` (NUL-terminated); returns
// how many were read.
static size_t read_head(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0;
	if (f) {
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	buf[n] = 0;
	return n;
}

// The headers of the compiled interpreter `real` (symlinks resolved):
// PREFIX/include/<its name>*/Python.h, the highest. Returns true when
// one was added.
static bool from_binary(adder *ad, const char *real)
{
	char dir[PATH_MAX], pat[PATH_MAX + 64];
	const char *base = strrchr(real, '/');
	glob_t g;
	bool found = false;

	if (!base || strncmp(base + 1, "python3", 7))
		return false;
	snprintf(dir, sizeof dir, "%s", real);
	dir[base - real] = 0; // PREFIX/bin
	char *bin = strrchr(dir, '/');
	if (!bin || strcmp(bin, "/bin"))
		return false;
	*bin = 0; // PREFIX
	// python3.11 -> include/python3.11*; a bare python3 -> python3*
	snprintf(pat, sizeof pat, "%s/include/%s*/Python.h", dir, base + 1);
	if (glob(pat, 0, NULL, &g) == 0) {
		char *h = g.gl_pathv[g.gl_pathc - 1];
		*strrchr(h, '/') = 0;
		ad->add(h, ad->payload);
		ad->n++;
		found = true;
	}
	globfree(&g);
	return found;
}

// pyenv's version names for the current directory: $PYENV_VERSION, else
// the nearest .python-version, else $PYENV_ROOT/version (words separated
// by ':' or white space), into `out`; "system" when none names one.
static void pyenv_versions(const char *root, char *out, size_t len)
{
	const char *env = getenv("PYENV_VERSION");
	char path[PATH_MAX + 32], cwd[PATH_MAX];

	snprintf(out, len, "system");
	if (env && *env) {
		snprintf(out, len, "%s", env);
		return;
	}
	if (getcwd(cwd, sizeof cwd)) {
		for (;;) {
			snprintf(path, sizeof path, "%s/.python-version", cwd);
			if (read_head(path, out, len) > 0)
				return;
			char *slash = strrchr(cwd, '/');
			if (!slash || slash == cwd)
				break;
			*slash = 0;
		}
	}
	snprintf(path, sizeof path, "%s/version", root);
	if (read_head(path, out, len) == 0)
		snprintf(out, len, "system");
}

typedef enum shim {
	SHIM_NOT,      // not a pyenv shim
	SHIM_FOUND,    // `interp` is the interpreter it runs
	SHIM_SYSTEM,   // it runs the next python3 on PATH
	SHIM_UNKNOWN,  // a shim whose choice this file cannot tell
} shim;

// Follows the pyenv shim `path` (see the top of the file).
static shim follow_pyenv(const char *path, char *interp, size_t len)
{
	char head[4096], root[PATH_MAX], names[1024];
	const char *p;

	if (read_head(path, head, sizeof head) < 2 || strncmp(head, "#!", 2) ||
	    !(p = strstr(head, "PYENV_ROOT=\"")))
		return SHIM_NOT;
	p += strlen("PYENV_ROOT=\"");
	size_t n = strcspn(p, "\"\n");
	if (p[n] != '"' || n >= sizeof root)
		return SHIM_UNKNOWN;
	memcpy(root, p, n);
	root[n] = 0;
	pyenv_versions(root, names, sizeof names);
	char *save = NULL;
	for (char *w = strtok_r(names, ": \t\r\n", &save); w;
	     w = strtok_r(NULL, ": \t\r\n", &save)) {
		if (w[0] == '#')
			break; // a comment line ends the file's names
		if (!strcmp(w, "system"))
			return SHIM_SYSTEM;
		int made = snprintf(interp, len, "%s/versions/%s/bin/python3",
				 root, w);
		if (made > 0 && (size_t)made < len && is_executable_file(interp))
			return SHIM_FOUND;
	}
	return SHIM_UNKNOWN;
}

// Step 1: the first python3 on PATH, read. Returns true when it gave the
// answer.
static bool from_path_interpreter(adder *ad)
{
	const char *path = getenv("PATH");
	char cand[PATH_MAX + 16], interp[PATH_MAX], real[PATH_MAX], head[4];

	if (!path)
		return false;
	for (const char *d = path; *d;) {
		size_t n = strcspn(d, ":");
		if (n > 0 && n < PATH_MAX) {
			snprintf(cand, sizeof cand, "%.*s/python3", (int)n, d);
			if (is_executable_file(cand)) {
				shim s = follow_pyenv(cand, interp, sizeof interp);
				if (s == SHIM_UNKNOWN)
					return false;
				if (s == SHIM_SYSTEM)
					goto next;
				if (!realpath(s == SHIM_FOUND ? interp : cand,
					      real))
					return false;
				// a compiled interpreter, not another script
				if (read_head(real, head, sizeof head) < 3 ||
				    memcmp(head, "\177EL", 3))
					return false;
				return from_binary(ad, real);
			}
		}
next:
		d += n;
		if (*d == ':')
			d++;
	}
	return false;
}

// Step 2: runs `argv` (PATH searched, no shell) and adds each folder it
// prints: "-I<dir>" words, or every word when `bare`. Returns true when
// one was added.
static bool from_command(adder *ad, char *const argv[], bool bare)
{
	int fds[2];
	pid_t pid;
	posix_spawn_file_actions_t fa;
	size_t before = ad->n;

	if (pipe(fds) < 0)
		return false;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (err) {
		close(fds[0]);
		return false;
	}
	FILE *f = fdopen(fds[0], "r");
	char line[4096];
	while (f && fgets(line, sizeof line, f)) {
		char *save = NULL;
		for (char *w = strtok_r(line, " \t\r\n", &save); w;
		     w = strtok_r(NULL, " \t\r\n", &save)) {
			const char *dir = bare ? w
				: (!strncmp(w, "-I", 2) ? w + 2 : NULL);
			if (dir && *dir && is_dir(dir)) {
				ad->add(dir, ad->payload);
				ad->n++;
			}
		}
	}
	if (f)
		fclose(f);
	else
		close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return ad->n > before;
}

// Step 3: the highest /usr/include/python3.*.
static void from_usr_include(adder *ad)
{
	glob_t g;
	if (glob("/usr/include/python3.*/Python.h", 0, NULL, &g) == 0) {
		char *dir = ol_xstrdup(g.gl_pathv[g.gl_pathc - 1]);
		*strrchr(dir, '/') = 0;
		ad->add(dir, ad->payload);
		ad->n++;
		free(dir);
	}
	globfree(&g);
}

size_t ol_python_include_dirs(void (*add)(const char *dir, void *payload),
			      void *payload)
{
	static char *const config[] = { "python3-config", "--includes", NULL };
	static char *const sysconfig[] = {
		"python3", "-c",
		"import sysconfig; print(sysconfig.get_paths()['include'])",
		NULL };
	adder ad = { add, payload, 0 };

	if (!from_path_interpreter(&ad) && !from_command(&ad, config, false) &&
	    !from_command(&ad, sysconfig, true))
		from_usr_include(&ad);
	return ad.n;
}
