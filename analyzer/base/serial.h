/*
 * serial.h — a small record format for the facts files of the cache
 * (cache.c): a sequence of integers and strings, written into a strbuf
 * and read back with a cursor that fails soft. Each module writes and
 * reads its own structures with these (diag, graph, contracts).
 *
 * Token grammar, one per line:
 *   i<decimal>             an integer (signed 64-bit)
 *   s<length>:<bytes>      a string of that many bytes (may hold newlines)
 *   n                      a NULL string
 * A reader that meets anything else, or runs past the end, is marked bad
 * and returns zeros and NULLs from then on: the caller checks ok() once.
 */
#ifndef OL_SERIAL_H
#define OL_SERIAL_H

#include "arena.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void ol_ser_int(ol_strbuf *b, long long v);
void ol_ser_str(ol_strbuf *b, const char *s); // NULL allowed
// `n` bytes as a string record (read back with ol_deser_bytes()).
void ol_ser_bytes(ol_strbuf *b, const char *p, size_t n);

typedef struct ol_deser {
	const char *p, *end;
	bool bad;
} ol_deser;

void ol_deser_init(ol_deser *r, const char *text, size_t len);
long long ol_deser_int(ol_deser *r);
// A string copied with malloc (free() it), or NULL.
char *ol_deser_str(ol_deser *r);
// The same, allocated in `a`.
char *ol_deser_str_in(ol_deser *r, ol_arena *a);
// A string record's bytes, not copied (they stay in the reader's text),
// their number in `*len`; NULL when the record is not a string.
const char *ol_deser_bytes(ol_deser *r, size_t *len);
// A count: an integer in [0, max], else the reader turns bad and 0.
size_t ol_deser_count(ol_deser *r, size_t max);

// FNV-1a over `n` bytes, continuing from `h` (start: OL_HASH_INIT).
#define OL_HASH_INIT 1469598103934665603ull
uint64_t ol_hash_bytes(uint64_t h, const void *p, size_t n);
uint64_t ol_hash_str(uint64_t h, const char *s); // NULL hashes as ""
// A checksum of `n` bytes that catches damage (not malice), eight bytes
// at a step: some eight times faster than ol_hash_bytes() on the
// megabytes a run's cache entries hold.
uint64_t ol_checksum_bytes(const void *p, size_t n);

#endif
