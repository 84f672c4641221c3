/*
 * arena.h — bump allocator. One arena per translation unit: CFGs, IR,
 * strings and program states come from it and are dropped together by
 * ol_arena_free(). Allocation failure aborts (a linter that ran out of
 * memory cannot report anything useful; the message says so).
 */
#ifndef OL_ARENA_H
#define OL_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ol_arena ol_arena;

// Returns an owned arena; free it with ol_arena_free().
ol_arena *ol_arena_new(void);
void ol_arena_free(ol_arena *a);

// Returns zeroed memory owned by `a`, aligned for any type.
void *ol_arena_alloc(ol_arena *a, size_t size);
#define OL_NEW(a, T) ((T *)ol_arena_alloc((a), sizeof(T)))
#define OL_NEW_ARRAY(a, T, n) ((T *)ol_arena_alloc((a), sizeof(T) * (n)))

// Copies; results are owned by `a`. NULL in gives NULL out.
char *ol_arena_strdup(ol_arena *a, const char *s);
char *ol_arena_strndup(ol_arena *a, const char *s, size_t n);
void *ol_arena_memdup(ol_arena *a, const void *p, size_t n);
char *ol_arena_printf(ol_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *ol_arena_vprintf(ol_arena *a, const char *fmt, va_list ap);

// Bytes handed out so far (for the benchmark's memory report).
size_t ol_arena_used(const ol_arena *a);

// Calls malloc/realloc and aborts with a message on failure.
void *ol_xmalloc(size_t n);
void *ol_xcalloc(size_t n, size_t size);
void *ol_xrealloc(void *p, size_t n);
char *ol_xstrdup(const char *s);

#endif
