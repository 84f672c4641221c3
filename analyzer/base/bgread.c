/*
 * bgread.c — files read on a thread of their own while the caller goes on.
 *
 * The lowering of a file needs the text of most of the headers it
 * includes (srctext.c indexes their macro definitions: 306 of the 362
 * files of CPython's _json.c), each read once. On a machine where a system
 * call costs some microseconds, that reading was a sixth of a one-file
 * run's time past clang's parse (issue 29), spent while one core waited.
 * So the files are read on a second thread, in the order the caller will
 * ask for them, from the moment their list is known; the caller takes
 * each when it needs it, waiting only for one not read yet.
 *
 * The thread touches nothing but its own copies of the paths and the
 * slots it fills; it publishes each by an atomic count, and takes a lock
 * only to wake a caller that waits (a lock per file made a thousand
 * futex calls a run). ol_bgread_free() asks it to stop after the file
 * at hand and joins it. When no thread can be made, each file is
 * read by ol_bgread_take() itself: the same texts, in the caller's time.
 * Each file is read by strbuf.h's ol_read_regular(), in four system
 * calls (open, fstat, one read, close): a stat() first and a last read()
 * to see the end made six, some 25 microseconds a header on such a
 * machine.
 */
#include "bgread.h"

#include "arena.h"
#include "strbuf.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct slot {
	char *text;
	size_t len;
	bool taken;
} slot;

struct ol_bgread {
	char **paths;
	size_t n;
	slot *slots;           // [0, done) filled: the caller's from then on
	_Atomic size_t done;   // stored by the thread after each slot
	_Atomic bool stop;     // ol_bgread_free() asks the thread to end
	_Atomic bool waiting;  // the caller waits on `ready`
	pthread_mutex_t lock;  // (for `ready` only)
	pthread_cond_t ready;  // `done` grew while the caller waited
	bool threaded;
	pthread_t thread;
};

// `done` is now `d`; wakes the caller if it waits. (Both sides' atomics
// are sequentially consistent: either the caller sees `done` before it
// waits, or the thread sees `waiting` and signals under the lock.)
static void publish(ol_bgread *r, size_t d)
{
	atomic_store(&r->done, d);
	if (atomic_load(&r->waiting)) {
		pthread_mutex_lock(&r->lock);
		pthread_cond_broadcast(&r->ready);
		pthread_mutex_unlock(&r->lock);
	}
}

static void *reader(void *arg)
{
	ol_bgread *r = arg;
	for (size_t i = 0; i < r->n && !atomic_load(&r->stop); i++) {
		size_t len = 0;
		char *text = r->paths[i] ? ol_read_regular(r->paths[i], &len)
					 : NULL;
		r->slots[i].text = text;
		r->slots[i].len = text ? len : 0;
		publish(r, i + 1);
	}
	publish(r, r->n); // (stopped: the rest is never read)
	return NULL;
}

ol_bgread *ol_bgread_start(char **paths, size_t n)
{
	ol_bgread *r = ol_xcalloc(1, sizeof *r);
	r->paths = paths;
	r->n = n;
	r->slots = ol_xcalloc(n + 1, sizeof *r->slots);
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->ready, NULL);
	r->threaded = n && pthread_create(&r->thread, NULL, reader, r) == 0;
	return r;
}

char *ol_bgread_take(ol_bgread *r, size_t i, size_t *len)
{
	*len = 0;
	if (i >= r->n)
		return NULL;
	if (!r->threaded) {
		if (r->slots[i].taken || !r->paths[i])
			return NULL;
		r->slots[i].taken = true;
		return ol_read_regular(r->paths[i], len);
	}
	if (atomic_load(&r->done) <= i) {
		pthread_mutex_lock(&r->lock);
		atomic_store(&r->waiting, true);
		while (atomic_load(&r->done) <= i)
			pthread_cond_wait(&r->ready, &r->lock);
		atomic_store(&r->waiting, false);
		pthread_mutex_unlock(&r->lock);
	}
	char *text = r->slots[i].taken ? NULL : r->slots[i].text;
	if (text)
		*len = r->slots[i].len;
	r->slots[i].taken = true;
	r->slots[i].text = NULL;
	return text;
}

void ol_bgread_free(ol_bgread *r)
{
	if (!r)
		return;
	if (r->threaded) {
		atomic_store(&r->stop, true);
		pthread_join(r->thread, NULL);
	}
	for (size_t i = 0; i < r->n; i++) {
		free(r->slots[i].text);
		free(r->paths[i]);
	}
	free(r->slots);
	free(r->paths);
	pthread_cond_destroy(&r->ready);
	pthread_mutex_destroy(&r->lock);
	free(r);
}
