/*
 * progress.c — the progress display (progress.h).
 *
 * All state sits behind one mutex: workers finish files milliseconds
 * apart, and a redraw is one short write. On a terminal the redraw is
 * throttled to 10 per second (the last file of a phase is always drawn),
 * and the line is cut to the terminal's width so it never wraps (a
 * wrapped line cannot be redrawn with "\r").
 */
#include "progress.h"

#include "base/arena.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

struct ol_progress {
	FILE *f;
	bool terminal;
	bool drawn;  // a line is on the screen (terminal)
	unsigned round;
	size_t total, done, findings;
	char current[512];
	double last; // seconds of the last redraw
	unsigned width;
	pthread_mutex_t lock;
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

ol_progress *ol_progress_new(FILE *f, bool terminal)
{
	ol_progress *p = ol_xcalloc(1, sizeof *p);
	struct winsize ws;
	p->f = f;
	p->terminal = terminal;
	p->width = 80;
	if (terminal && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col)
		p->width = ws.ws_col;
	p->round = 1;
	pthread_mutex_init(&p->lock, NULL);
	return p;
}

static void erase(ol_progress *p)
{
	if (p->drawn) {
		fputs("\r\033[K", p->f);
		fflush(p->f);
		p->drawn = false;
	}
}

void ol_progress_free(ol_progress *p)
{
	if (!p)
		return;
	erase(p);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

void ol_progress_phase(ol_progress *p, unsigned round, size_t total)
{
	pthread_mutex_lock(&p->lock);
	p->round = round;
	p->total = total;
	p->done = 0;
	pthread_mutex_unlock(&p->lock);
}

// The terminal's line, cut to its width (the file name goes first).
static void redraw(ol_progress *p)
{
	char line[1024];
	int n;
	if (p->round > 1)
		n = snprintf(line, sizeof line, "mojo-ownlint: round %u [%zu/%zu]"
			     " %zu findings  %s", p->round, p->done, p->total,
			     p->findings, p->current);
	else
		n = snprintf(line, sizeof line, "mojo-ownlint: [%zu/%zu] %zu "
			     "findings  %s", p->done, p->total, p->findings,
			     p->current);
	if (n < 0)
		return;
	size_t len = strlen(line);
	if (p->width > 1 && len > p->width - 1)
		line[p->width - 1] = 0;
	fprintf(p->f, "\r%s\033[K", line);
	fflush(p->f);
	p->drawn = true;
	p->last = now();
}

static void set_current(ol_progress *p, const char *path)
{
	snprintf(p->current, sizeof p->current, "%s", path ? path : "");
}

void ol_progress_start(ol_progress *p, const char *path)
{
	if (!p->terminal)
		return;
	pthread_mutex_lock(&p->lock);
	set_current(p, path);
	if (now() - p->last >= 0.1)
		redraw(p);
	pthread_mutex_unlock(&p->lock);
}

void ol_progress_done(ol_progress *p, const char *path, size_t findings)
{
	pthread_mutex_lock(&p->lock);
	p->done++;
	p->findings += findings;
	if (!p->terminal) {
		char round[32] = "";
		if (p->round > 1)
			snprintf(round, sizeof round, "round %u: ", p->round);
		fprintf(p->f, "mojo-ownlint: progress: %s%zu/%zu files, %zu "
			"finding%s, %s\n", round, p->done, p->total,
			p->findings, p->findings == 1 ? "" : "s", path);
		fflush(p->f);
	} else if (p->done == p->total || now() - p->last >= 0.1) {
		set_current(p, path);
		redraw(p);
	}
	pthread_mutex_unlock(&p->lock);
}
