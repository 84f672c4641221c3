/*
 * limits.c — the watchdog of per-file memory and CPU time (limits.h).
 *
 * Why a watchdog and not setrlimit(): the workers are threads of one
 * process, and RLIMIT_AS or RLIMIT_CPU bound the process, not a file; an
 * allocation that fails deep inside libclang aborts it anyway. Why not a
 * process per file: see frontend/crash.c (fork does not mix with the
 * worker threads, and a parse would cost twice). The watchdog only looks;
 * what to do about a file over its limit is the caller's (run.c starts the
 * run again without it, as for a crash), which keeps this file free of
 * policy.
 *
 * A worker claims a slot of a table made at ol_limits_start() from
 * enter to leave (workers come and go with the rounds, never more at once
 * than slots): the input it works on, its CPU clock and the clock's
 * reading at enter, the resident size at enter, and the function it is
 * in. A slot has a mutex of its own, taken for a few instructions by its
 * worker (at enter, leave and every function) and by the watchdog (every
 * 50 ms): no contention to speak of. The function's name is copied into the slot, so the watchdog
 * never reads memory its worker may free.
 */
#include "limits.h"

#include "arena.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WATCH_INTERVAL_NS (50L * 1000 * 1000)
#define FUNCTION_NAME_MAX 256

typedef struct limit_slot {
	pthread_mutex_t lock;
	bool claimed; // by a worker, between enter and leave (claim_lock)
	bool busy;
	const char *path;          // borrowed from the worker until leave
	clockid_t cpu;             // the worker thread's CPU clock
	struct timespec cpu_start; // its reading at enter
	uint64_t rss_start;        // resident bytes at enter (0: unknown)
	char function[FUNCTION_NAME_MAX];
} limit_slot;

static struct {
	ol_limits limits;
	ol_limits_exceeded_fn exceeded;
	limit_slot *slots;
	size_t nslots;
	pthread_mutex_t claim_lock;
	pthread_t thread;
	pthread_mutex_t stop_lock;
	pthread_cond_t stop_cond;
	bool stop;
	atomic_bool running;
} watch = {
	.stop_lock = PTHREAD_MUTEX_INITIALIZER,
	.claim_lock = PTHREAD_MUTEX_INITIALIZER,
};

static _Thread_local limit_slot *my_slot; // between enter and leave
// MOJO_OWNLINT_TEST_SPIN=NAME (tests only): the function NAME spins
// until a limit ends it, the test of the time limit that names a
// function.
static const char *spin_test;

// Resident bytes of the process, 0 when unknown.
static uint64_t resident_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long long size, resident;
	uint64_t bytes = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%llu %llu", &size, &resident) == 2)
		bytes = (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
	fclose(f);
	return bytes;
}

// Physical memory, 0 when unknown.
static uint64_t physical_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

static double seconds_since(clockid_t clock, const struct timespec *start)
{
	struct timespec now;
	if (clock_gettime(clock, &now) != 0)
		return 0;
	return (double)(now.tv_sec - start->tv_sec) +
	       (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* --- the workers' side ------------------------------------------------- */

// A free slot for the calling thread (workers come and go with the
// rounds; there are never more of them at once than slots), or NULL.
static limit_slot *claim_slot(void)
{
	limit_slot *s = NULL;
	pthread_mutex_lock(&watch.claim_lock);
	for (size_t i = 0; i < watch.nslots && !s; i++)
		if (!watch.slots[i].claimed) {
			s = &watch.slots[i];
			s->claimed = true;
		}
	pthread_mutex_unlock(&watch.claim_lock);
	return s;
}

void ol_limits_enter(const char *path)
{
	if (!atomic_load(&watch.running) || my_slot)
		return;
	limit_slot *s = my_slot = claim_slot();
	if (!s)
		return;
	clockid_t cpu;
	bool have_clock = pthread_getcpuclockid(pthread_self(), &cpu) == 0;
	uint64_t rss = watch.limits.file_bytes ? resident_bytes() : 0;
	pthread_mutex_lock(&s->lock);
	s->busy = true;
	s->path = path;
	s->cpu = have_clock ? cpu : CLOCK_MONOTONIC;
	clock_gettime(s->cpu, &s->cpu_start);
	s->rss_start = rss;
	s->function[0] = 0;
	pthread_mutex_unlock(&s->lock);
}

void ol_limits_leave(void)
{
	limit_slot *s = my_slot;
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	s->busy = false;
	s->path = NULL;
	s->function[0] = 0;
	pthread_mutex_unlock(&s->lock);
	pthread_mutex_lock(&watch.claim_lock);
	s->claimed = false;
	pthread_mutex_unlock(&watch.claim_lock);
	my_slot = NULL;
}

bool ol_limits_watching(void)
{
	return my_slot != NULL;
}

void ol_limits_function(const char *name)
{
	limit_slot *s = my_slot;
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	snprintf(s->function, sizeof s->function, "%s", name ? name : "");
	pthread_mutex_unlock(&s->lock);
	if (spin_test && name && !strcmp(name, spin_test))
		for (volatile unsigned long spins = 0;; spins++)
			continue;
}

/* --- the watchdog ------------------------------------------------------ */

typedef struct seen {
	char *path;
	char *function;
	double cpu_seconds;
	uint64_t rss_start;
} seen;

static void report(ol_limit_kind kind, seen *files, size_t n)
{
	const char **paths = ol_xcalloc(n ? n : 1, sizeof(char *));
	const char **functions = ol_xcalloc(n ? n : 1, sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		paths[i] = files[i].path;
		functions[i] = files[i].function;
	}
	watch.exceeded(kind, paths, functions, n);
	free(paths);
	free(functions);
}

// One look at the workers; true when it called `exceeded`.
static bool look(uint64_t memory_cap)
{
	seen *busy = ol_xcalloc(watch.nslots ? watch.nslots : 1, sizeof(seen));
	size_t n = 0;
	uint64_t lowest_start = UINT64_MAX;
	bool told = false;

	for (size_t i = 0; i < watch.nslots; i++) {
		limit_slot *s = &watch.slots[i];
		pthread_mutex_lock(&s->lock);
		if (s->busy && s->path) {
			busy[n].path = ol_xstrdup(s->path);
			busy[n].function = ol_xstrdup(s->function);
			busy[n].cpu_seconds = seconds_since(s->cpu,
							    &s->cpu_start);
			busy[n].rss_start = s->rss_start;
			if (s->rss_start && s->rss_start < lowest_start)
				lowest_start = s->rss_start;
			n++;
		}
		pthread_mutex_unlock(&s->lock);
	}
	for (size_t i = 0; i < n && !told; i++)
		if (watch.limits.file_cpu_seconds &&
		    busy[i].cpu_seconds >
			    (double)watch.limits.file_cpu_seconds) {
			report(OL_LIMIT_TIME, &busy[i], 1);
			told = true;
		}
	if (!told && n && watch.limits.file_bytes &&
	    lowest_start != UINT64_MAX) {
		uint64_t rss = resident_bytes();
		uint64_t growth = rss > lowest_start ? rss - lowest_start : 0;
		uint64_t allowed = watch.limits.file_bytes;
		if (n > 1)
			allowed = allowed > memory_cap / n ? memory_cap
							   : allowed * n;
		if (growth > allowed) {
			report(n == 1 ? OL_LIMIT_MEMORY : OL_LIMIT_SUSPECTS,
			       busy, n);
			told = true;
		}
	}
	for (size_t i = 0; i < n; i++) {
		free(busy[i].path);
		free(busy[i].function);
	}
	free(busy);
	return told;
}

static void *watchdog(void *unused)
{
	(void)unused;
	// Several files may together take at most three quarters of the
	// machine (never less than one file's limit).
	uint64_t cap = physical_bytes() / 4 * 3;
	if (cap < watch.limits.file_bytes)
		cap = watch.limits.file_bytes;

	pthread_mutex_lock(&watch.stop_lock);
	while (!watch.stop) {
		struct timespec until;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += WATCH_INTERVAL_NS;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		int rc = pthread_cond_timedwait(&watch.stop_cond,
						&watch.stop_lock, &until);
		if (watch.stop)
			break;
		if (rc != ETIMEDOUT)
			continue;
		pthread_mutex_unlock(&watch.stop_lock);
		bool told = look(cap);
		pthread_mutex_lock(&watch.stop_lock);
		if (told)
			break; // (`exceeded` returned: stop watching)
	}
	pthread_mutex_unlock(&watch.stop_lock);
	return NULL;
}

void ol_limits_start(const ol_limits *l, unsigned jobs,
		     ol_limits_exceeded_fn exceeded)
{
	if (atomic_load(&watch.running) || !exceeded ||
	    (!l->file_bytes && !l->file_cpu_seconds))
		return;
	watch.limits = *l;
	watch.exceeded = exceeded;
	spin_test = getenv("MOJO_OWNLINT_TEST_SPIN");
	if (spin_test && !*spin_test)
		spin_test = NULL;
	// Every thread that may analyze a file gets a slot: the workers,
	// and the calling thread when no worker thread could start.
	watch.nslots = (size_t)jobs + 1;
	watch.slots = ol_xcalloc(watch.nslots, sizeof(limit_slot));
	for (size_t i = 0; i < watch.nslots; i++)
		pthread_mutex_init(&watch.slots[i].lock, NULL);
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&watch.stop_cond, &attr);
	pthread_condattr_destroy(&attr);
	watch.stop = false;
	atomic_store(&watch.running, true);
	if (pthread_create(&watch.thread, NULL, watchdog, NULL) != 0) {
		// No watchdog: the run goes on unbounded, as before.
		atomic_store(&watch.running, false);
		ol_limits_stop();
	}
}

void ol_limits_stop(void)
{
	if (atomic_load(&watch.running)) {
		pthread_mutex_lock(&watch.stop_lock);
		watch.stop = true;
		pthread_cond_signal(&watch.stop_cond);
		pthread_mutex_unlock(&watch.stop_lock);
		pthread_join(watch.thread, NULL);
		atomic_store(&watch.running, false);
	}
	if (watch.slots) {
		for (size_t i = 0; i < watch.nslots; i++)
			pthread_mutex_destroy(&watch.slots[i].lock);
		pthread_cond_destroy(&watch.stop_cond);
		free(watch.slots);
		watch.slots = NULL;
		watch.nslots = 0;
	}
}

/* --- option values ----------------------------------------------------- */

// A number followed by a suffix from `units` (each with its factor).
static bool parse_scaled(const char *s, const char *const *units,
			 const uint64_t *factors, size_t nunits, uint64_t *out)
{
	char *end;
	if (!s || !*s || *s == '-' || *s == '+')
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s)
		return false;
	for (size_t i = 0; i < nunits; i++)
		if (!strcmp(end, units[i])) {
			if (factors[i] && v > UINT64_MAX / factors[i])
				return false;
			*out = (uint64_t)v * factors[i];
			return true;
		}
	return false;
}

bool ol_limits_parse_seconds(const char *s, uint64_t *out)
{
	static const char *const units[] = { "", "s", "m", "min", "h" };
	static const uint64_t factors[] = { 1, 1, 60, 60, 3600 };
	return parse_scaled(s, units, factors, sizeof units / sizeof *units,
			    out);
}
