/*
 * clobber.c — no output of a run is ever one of its inputs (clobber.h).
 *
 * The outputs are a handful (at most three per run), so a list and a
 * stat() per input is all it takes; a parse's headers cost one stat each,
 * and only when an output that exists is a regular file. The list is
 * written before the workers start and only read while they run; the one
 * clash a worker may find is kept under a mutex.
 */
#include "clobber.h"

#include "arena.h"
#include "../ol.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_OUTPUTS 8

typedef struct output {
	char *path;
	const char *option;
	dev_t dev;
	ino_t ino;
} output;

static output outputs[MAX_OUTPUTS];
static size_t noutputs;
static pthread_mutex_t found_lock = PTHREAD_MUTEX_INITIALIZER;
static char *found;

void ol_clobber_output(const char *path, const char *option)
{
	struct stat st;

	if (!path || !strcmp(path, "-") || noutputs == MAX_OUTPUTS)
		return;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return; // (not there yet, or never replaced: outfile.h)
	outputs[noutputs++] = (output){ ol_xstrdup(path), option, st.st_dev,
					st.st_ino };
}

// The output `path` is, or NULL.
static const output *output_of(const char *path)
{
	struct stat st;

	if (!noutputs || !path || stat(path, &st) != 0)
		return NULL;
	for (size_t i = 0; i < noutputs; i++)
		if (outputs[i].dev == st.st_dev && outputs[i].ino == st.st_ino)
			return &outputs[i];
	return NULL;
}

static char *clash_message(const output *o, const char *path,
			   const char *what)
{
	char buf[8192];
	if (!strcmp(o->path, path))
		snprintf(buf, sizeof buf, "%s '%s' would replace %s of this "
			 "run: nothing was written", o->option, o->path, what);
	else
		snprintf(buf, sizeof buf, "%s '%s' would replace '%s', %s of "
			 "this run (the same file): nothing was written",
			 o->option, o->path, path, what);
	return ol_xstrdup(buf);
}

int ol_clobber_check(const char *path, const char *what)
{
	const output *o = output_of(path);
	if (!o)
		return 0;
	char *msg = clash_message(o, path, what);
	int rc = ol_error_set(OL_EUSAGE, "%s", msg);
	free(msg);
	return rc;
}

bool ol_clobber_watching(void)
{
	return noutputs > 0;
}

void ol_clobber_check_read(const char *path)
{
	const output *o = output_of(path);
	if (!o)
		return;
	pthread_mutex_lock(&found_lock);
	if (!found)
		found = clash_message(o, path, "a header");
	pthread_mutex_unlock(&found_lock);
}

const char *ol_clobber_found(void)
{
	return found;
}

void ol_clobber_reset(void)
{
	for (size_t i = 0; i < noutputs; i++)
		free(outputs[i].path);
	noutputs = 0;
	free(found);
	found = NULL;
}
