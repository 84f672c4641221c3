/*
 * arena.c — bump allocator in 64 KiB chunks (bigger requests get a chunk of
 * their own). Also the aborting malloc wrappers and the error channel.
 */
#include "arena.h"
#include "../ol.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE (64 * 1024)
#define ALIGN 16

typedef struct chunk {
	struct chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
} chunk;

struct ol_arena {
	chunk *head;
	size_t total;
};

static _Noreturn void out_of_memory(size_t n)
{
	fprintf(stderr, "mojo-ownlint: out of memory (asked for %zu bytes)\n",
		n);
	abort();
}

void *ol_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *ol_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *ol_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		out_of_memory(n);
	return q;
}

char *ol_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(ol_xmalloc(n), s, n);
}

ol_arena *ol_arena_new(void)
{
	return ol_xcalloc(1, sizeof(ol_arena));
}

void ol_arena_free(ol_arena *a)
{
	if (!a)
		return;
	for (chunk *c = a->head, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void *ol_arena_alloc(ol_arena *a, size_t size)
{
	size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (!size)
		size = ALIGN;
	chunk *c = a->head;
	if (!c || c->size - c->used < size) {
		size_t cs = size > CHUNK_SIZE / 4 ? size : CHUNK_SIZE;
		chunk *n = ol_xmalloc(sizeof(chunk) + cs);
		n->size = cs;
		n->used = 0;
		// A big private chunk goes behind the head so the head's
		// free space stays usable for small requests.
		if (c && cs == size) {
			n->next = c->next;
			c->next = n;
		} else {
			n->next = c;
			a->head = n;
		}
		c = n;
	}
	void *p = c->data + c->used;
	c->used += size;
	a->total += size;
	memset(p, 0, size);
	return p;
}

size_t ol_arena_used(const ol_arena *a)
{
	return a->total;
}

void *ol_arena_memdup(ol_arena *a, const void *p, size_t n)
{
	void *q = ol_arena_alloc(a, n);
	if (n)
		memcpy(q, p, n);
	return q;
}

char *ol_arena_strndup(ol_arena *a, const char *s, size_t n)
{
	if (!s)
		return NULL;
	char *q = ol_arena_alloc(a, n + 1);
	memcpy(q, s, n);
	q[n] = 0;
	return q;
}

char *ol_arena_strdup(ol_arena *a, const char *s)
{
	return s ? ol_arena_strndup(a, s, strlen(s)) : NULL;
}

char *ol_arena_vprintf(ol_arena *a, const char *fmt, va_list ap)
{
	if (!fmt) // (never; said so that GCC 12 with UBSan does not warn)
		fmt = "";
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		n = 0;
	char *s = ol_arena_alloc(a, (size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *ol_arena_printf(ol_arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = ol_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return s;
}

/* --- error channel: one message per thread --- */

static _Thread_local char last_error[1024];

int ol_error_set(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	return code;
}

const char *ol_error_last(void)
{
	return last_error;
}

void ol_error_clear(void)
{
	last_error[0] = 0;
}

_Noreturn void ol__assert_fail(const char *expr, const char *file, int line)
{
	fprintf(stderr, "mojo-ownlint: internal error: %s:%d: assertion '%s' "
		"failed\n", file, line, expr);
	abort();
}
