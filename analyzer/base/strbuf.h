/*
 * strbuf.h — a growable, always NUL-terminated string (malloc-backed).
 */
#ifndef OL_STRBUF_H
#define OL_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ol_strbuf {
	char *s; // owned; "" after init, never NULL once anything was added
	size_t len, cap;
} ol_strbuf;

void ol_strbuf_init(ol_strbuf *b);
void ol_strbuf_free(ol_strbuf *b);
void ol_strbuf_add(ol_strbuf *b, const char *s);
void ol_strbuf_addn(ol_strbuf *b, const char *s, size_t n);
void ol_strbuf_addc(ol_strbuf *b, char c);
void ol_strbuf_printf(ol_strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ol_strbuf_vprintf(ol_strbuf *b, const char *fmt, va_list ap);
// Returns the owned string and resets `b`; the caller frees it.
char *ol_strbuf_detach(ol_strbuf *b);
// Returns a borrowed string valid until `b` changes ("" when empty).
const char *ol_strbuf_str(const ol_strbuf *b);

// Appends `s` as a JSON string literal, or `null` for NULL. Invalid UTF-8
// becomes U+FFFD so the document always parses.
void ol_strbuf_json_str(ol_strbuf *b, const char *s);

// Reads the whole of `path`: an owned NUL-terminated buffer (its length in
// `*len` when `len` is not NULL), or NULL with errno set when the file
// cannot be opened or read.
char *ol_read_file(const char *path, size_t *len);
// The same for what is left to read of the open descriptor `fd` (not
// closed).
char *ol_read_fd(int fd, size_t *len);
// The same for a regular file only: NULL for a FIFO or a device, never
// waited on.
char *ol_read_regular(const char *path, size_t *len);

#endif
