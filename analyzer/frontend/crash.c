/*
 * crash.c — per-file isolation (see crash.h for the two layers).
 *
 * Why not a bigger stack alone: some inputs (a million chained `!`, a
 * million-term sum) overflow any stack a thread can reasonably have, in
 * clang's recursive-descent parser or in its recursive AST walks. Why not a
 * subprocess per file: fork() per translation unit costs as much as a small
 * parse and does not mix with worker threads. A crash is rare, so its cost
 * may be high: one re-execution of the whole run, minus the file.
 *
 * libclang's crash recovery (llvm::CrashRecoveryContext) installs its own
 * handlers for the fatal signals when the first index is created, without
 * SA_ONSTACK: a stack overflow then kills the process before the handler
 * runs. ol_crash_init() creates that first index itself, then adds
 * SA_ONSTACK to the handlers it finds installed. Outside a parse,
 * libclang's handler restores the handlers that were there before it (ours)
 * and re-raises, which brings the signal to crash_handler() below.
 *
 * Everything crash_handler() does is async-signal-safe: it reads
 * preallocated buffers, calls sigprocmask, sigaction and execve, and
 * nothing else. The buffers are sized in ol_crash_init() from the inherited
 * environment; a path too long for them gives a plain crash.
 */
#include "crash.h"

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

// Alternate signal stack of each thread: libclang's handler, its longjmp
// bookkeeping and ours (ASan's interceptors need more than SIGSTKSZ).
#define OL_CRASH_ALTSTACK ((size_t)256 << 10)

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE,
				     SIGABRT };
#define NFATAL (sizeof fatal_signals / sizeof fatal_signals[0])

// What each fatal signal did before crash_handler(): the sanitizers'
// reporters in an instrumented build, the default action otherwise.
static struct sigaction previous[NFATAL];
static bool previous_saved;

static char **saved_argv;
static bool guard_on;
static const char *inherited;   // the variable's value at start ("" if none)
static size_t inherited_len;
static char *env_buf;           // room for "NAME=" inherited + one line
static size_t env_cap;
static char **envp_buf;         // room for environ's entries + 1 + NULL
static size_t envp_cap;
static const char *crash_test; // MOJO_OWNLINT_TEST_CRASH (tests only)
static _Thread_local const char *current;
static _Thread_local void *altstack;

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGILL: return "SIGILL";
	case SIGFPE: return "SIGFPE";
	case SIGABRT: return "SIGABRT";
	}
	return "signal";
}

// The async-signal-safe pieces of string handling.
static size_t s_len(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static bool s_prefix(const char *s, const char *p)
{
	while (*p)
		if (*s++ != *p++)
			return false;
	return true;
}

// True when `list` ("SIG\tpath\n"...) names `path` as skipped: a crash
// or a limit, not a suspect (which a crash may still take out).
static bool listed(const char *list, size_t n, const char *path)
{
	size_t pl = s_len(path);
	for (size_t i = 0; i < n;) {
		size_t e = i;
		while (e < n && list[e] != '\n')
			e++;
		size_t t = i;
		while (t < e && list[t] != '\t')
			t++;
		if (t < e && e - t - 1 == pl && !memcmp(list + t + 1, path, pl) &&
		    !s_prefix(list + i, OL_CRASH_SUSPECT))
			return true;
		i = e + 1;
	}
	return false;
}

// A crash this layer does not survive goes to whatever handled the
// signal before it, so a sanitizer build still prints its report (and
// names the frame) instead of dying silently. A fault comes back when
// the faulting instruction runs again on return; a signal that was sent
// (abort(), kill) is sent again, blocked until the return.
static void die(int sig, const siginfo_t *si)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	for (size_t i = 0; previous_saved && i < NFATAL; i++)
		if (fatal_signals[i] == sig &&
		    ((previous[i].sa_flags & SA_SIGINFO) ||
		     previous[i].sa_handler != SIG_IGN))
			sa = previous[i];
	sigaction(sig, &sa, NULL);
	if (!si || si->si_code <= 0 || sig == SIGABRT)
		raise(sig);
}

static void crash_handler(int sig, siginfo_t *si, void *uc)
{
	const char *path = current;
	const char *name = signal_name(sig);
	const char *var = OL_CRASH_ENV "=";
	size_t n = 0, pl, vl = s_len(var), nl = s_len(name);
	sigset_t none;

	(void)uc;
	if (!guard_on || !path || !saved_argv || !env_buf)
		goto fatal;
	pl = s_len(path);
	if (listed(inherited, inherited_len, path) ||
	    vl + inherited_len + nl + pl + 3 > env_cap)
		goto fatal;
	memcpy(env_buf, var, vl);
	n = vl;
	memcpy(env_buf + n, inherited, inherited_len);
	n += inherited_len;
	memcpy(env_buf + n, name, nl);
	n += nl;
	env_buf[n++] = '\t';
	memcpy(env_buf + n, path, pl);
	n += pl;
	env_buf[n++] = '\n';
	env_buf[n] = 0;

	size_t k = 0;
	for (char **e = environ; e && *e && k + 2 < envp_cap; e++)
		if (!s_prefix(*e, var))
			envp_buf[k++] = *e;
	envp_buf[k++] = env_buf;
	envp_buf[k] = NULL;

	// execve keeps the signal mask: the new process must not start with
	// this signal blocked.
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execve("/proc/self/exe", saved_argv, envp_buf);
fatal:
	die(sig, si);
}

static void altstack_setup(void)
{
	stack_t ss;

	if (altstack)
		return;
	altstack = malloc(OL_CRASH_ALTSTACK);
	if (!altstack)
		return;
	memset(&ss, 0, sizeof ss);
	ss.ss_sp = altstack;
	ss.ss_size = OL_CRASH_ALTSTACK;
	if (sigaltstack(&ss, NULL) != 0) {
		free(altstack);
		altstack = NULL;
	}
}

void ol_crash_thread_begin(void)
{
	altstack_setup();
}

void ol_crash_thread_end(void)
{
	stack_t ss;

	if (!altstack)
		return;
	memset(&ss, 0, sizeof ss);
	ss.ss_flags = SS_DISABLE;
	sigaltstack(&ss, NULL);
	free(altstack);
	altstack = NULL;
}

// The test hook: a stack overflow, the hardest crash to survive.
static unsigned overflow(volatile char *prev, unsigned depth)
{
	volatile char frame[4096];
	frame[0] = prev ? prev[0] : 1;
	if (depth == 0)
		return frame[0];
	return overflow(frame, depth - 1) + frame[1];
}

void ol_crash_enter(const char *path)
{
	current = path;
	if (crash_test && *crash_test && strstr(path, crash_test) &&
	    !listed(inherited, inherited_len, path))
		overflow(NULL, UINT_MAX);
}

void ol_crash_leave(void)
{
	current = NULL;
}

// The first field of the entry of `path` whose first field starts with
// `prefix`, and its length; NULL when there is none.
static const char *entry_of(const char *path, const char *prefix,
			    size_t *len)
{
	size_t pl = strlen(path), xl = strlen(prefix);

	for (const char *p = inherited; p && *p;) {
		const char *e = strchr(p, '\n');
		const char *t = strchr(p, '\t');
		if (!e)
			e = p + strlen(p);
		if (t && t < e && (size_t)(e - t - 1) == pl &&
		    !memcmp(t + 1, path, pl) && (size_t)(t - p) >= xl &&
		    !memcmp(p, prefix, xl)) {
			*len = (size_t)(t - p);
			return p;
		}
		p = *e ? e + 1 : e;
	}
	return NULL;
}

bool ol_crash_was_skipped(const char *path, const char **signame)
{
	static const char *const names[] = { "SIGSEGV", "SIGBUS", "SIGILL",
					     "SIGFPE", "SIGABRT" };
	size_t len;
	const char *field = entry_of(path, "SIG", &len);

	if (!field)
		return false;
	*signame = "a fatal signal";
	for (size_t i = 0; i < NFATAL; i++)
		if (len == strlen(names[i]) && !memcmp(field, names[i], len))
			*signame = names[i];
	return true;
}

bool ol_crash_over_limit(const char *path, ol_limit_kind *kind,
			 char **function)
{
	size_t len, pl = strlen(OL_CRASH_LIMIT);
	const char *field = entry_of(path, OL_CRASH_LIMIT, &len);

	if (!field)
		return false;
	const char *rest = field + pl, *end = field + len;
	*kind = (size_t)(end - rest) >= 4 && !memcmp(rest, "TIME", 4)
			? OL_LIMIT_TIME : OL_LIMIT_MEMORY;
	const char *space = memchr(rest, ' ', (size_t)(end - rest));
	ol_strbuf f;
	ol_strbuf_init(&f);
	if (space)
		ol_strbuf_addn(&f, space + 1, (size_t)(end - space - 1));
	*function = ol_strbuf_detach(&f);
	return true;
}

bool ol_crash_is_suspect(const char *path)
{
	size_t len;
	return entry_of(path, OL_CRASH_SUSPECT, &len) != NULL;
}

bool ol_crash_has_suspects(void)
{
	for (const char *p = inherited; p && *p;) {
		if (s_prefix(p, OL_CRASH_SUSPECT))
			return true;
		const char *e = strchr(p, '\n');
		p = e ? e + 1 : p + strlen(p);
	}
	return false;
}

void ol_crash_restart(ol_limit_kind kind, const char *const *paths,
		      const char *const *functions, size_t n)
{
	ol_strbuf v;

	ol_strbuf_init(&v);
	ol_strbuf_add(&v, inherited);
	for (size_t i = 0; i < n; i++) {
		// (a name with a tab or a newline cannot be listed; a suspect
		// listed already runs alone: listing it again would loop)
		if (strpbrk(paths[i], "\t\n") ||
		    (kind == OL_LIMIT_SUSPECTS && ol_crash_is_suspect(paths[i])))
			continue;
		if (kind == OL_LIMIT_SUSPECTS) {
			ol_strbuf_add(&v, OL_CRASH_SUSPECT);
		} else {
			ol_strbuf_add(&v, OL_CRASH_LIMIT);
			ol_strbuf_add(&v, kind == OL_LIMIT_TIME ? "TIME"
								 : "MEMORY");
			if (functions[i] && *functions[i] &&
			    !strpbrk(functions[i], "\t\n")) {
				ol_strbuf_addc(&v, ' ');
				ol_strbuf_add(&v, functions[i]);
			}
		}
		ol_strbuf_addc(&v, '\t');
		ol_strbuf_add(&v, paths[i]);
		ol_strbuf_addc(&v, '\n');
	}
	if (!guard_on || !saved_argv || v.len == inherited_len) {
		// Nobody to hand the rest of the run to (or nothing new to
		// tell it): stop here, saying why.
		fprintf(stderr, "mojo-ownlint: error: '%s' is over its %s "
			"limit, and the run cannot go on without it%s\n",
			n ? paths[0] : "?",
			kind == OL_LIMIT_TIME ? "CPU time" : "memory",
			guard_on ? "" : " (MOJO_OWNLINT_NO_CRASH_GUARD is set)");
		fflush(NULL);
		_exit(2);
	}
	fflush(NULL);
	setenv(OL_CRASH_ENV, ol_strbuf_str(&v), 1);
	ol_strbuf_free(&v);
	execv("/proc/self/exe", saved_argv);
	fprintf(stderr, "mojo-ownlint: error: cannot start the run again "
		"without '%s': %s\n", n ? paths[0] : "?", strerror(errno));
	_exit(2);
}

// Adds SA_ONSTACK to the handlers libclang installed for its crash
// recovery, so they run even when the stack is exhausted.
static void patch_clang_handlers(void)
{
	for (size_t i = 0; i < NFATAL; i++) {
		struct sigaction cur;
		if (sigaction(fatal_signals[i], NULL, &cur) != 0)
			continue;
		if ((cur.sa_flags & SA_SIGINFO) &&
		    cur.sa_sigaction == crash_handler)
			continue;
		if (cur.sa_handler == SIG_DFL || cur.sa_handler == SIG_IGN)
			continue;
		cur.sa_flags |= SA_ONSTACK;
		sigaction(fatal_signals[i], &cur, NULL);
	}
}

void ol_crash_init(char **argv)
{
	const char *off = getenv("MOJO_OWNLINT_NO_CRASH_GUARD");
	const char *prev = getenv(OL_CRASH_ENV);
	size_t nenv = 0;

	// Parse on the calling thread: libclang reads this at every parse.
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	saved_argv = argv;
	guard_on = !(off && *off && strcmp(off, "0") != 0);
	crash_test = getenv("MOJO_OWNLINT_TEST_CRASH");
	inherited = ol_xstrdup(prev ? prev : "");
	inherited_len = strlen(inherited);
	for (char **e = environ; e && *e; e++)
		nenv++;
	envp_cap = nenv + 2;
	envp_buf = ol_xcalloc(envp_cap, sizeof(char *));
	env_cap = sizeof(OL_CRASH_ENV) + inherited_len + 2 * PATH_MAX + 64;
	env_buf = ol_xmalloc(env_cap);

	altstack_setup();
	if (guard_on) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = crash_handler;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
		sigemptyset(&sa.sa_mask);
		for (size_t i = 0; i < NFATAL; i++)
			sigaction(fatal_signals[i], &sa, &previous[i]);
		previous_saved = true;
	}
	// The first index turns libclang's crash recovery on (unless
	// LIBCLANG_DISABLE_CRASH_RECOVERY is set); then make it stack-safe.
	clang_disposeIndex(clang_createIndex(0, 0));
	patch_clang_handlers();
}
