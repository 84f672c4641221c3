/*
 * strbuf.c — growable strings for building messages and dumps.
 */
#include "strbuf.h"
#include "utf8.h"
#include "arena.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ol_strbuf_init(ol_strbuf *b)
{
	b->s = NULL;
	b->len = b->cap = 0;
}

void ol_strbuf_free(ol_strbuf *b)
{
	free(b->s);
	ol_strbuf_init(b);
}

static void reserve(ol_strbuf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	size_t c = b->cap ? b->cap * 2 : 64;
	while (c < need)
		c *= 2;
	b->s = ol_xrealloc(b->s, c);
	b->cap = c;
}

void ol_strbuf_addn(ol_strbuf *b, const char *s, size_t n)
{
	reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void ol_strbuf_add(ol_strbuf *b, const char *s)
{
	ol_strbuf_addn(b, s, strlen(s));
}

void ol_strbuf_addc(ol_strbuf *b, char c)
{
	ol_strbuf_addn(b, &c, 1);
}

void ol_strbuf_vprintf(ol_strbuf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n <= 0)
		return;
	reserve(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void ol_strbuf_printf(ol_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ol_strbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *ol_strbuf_detach(ol_strbuf *b)
{
	char *s = b->s ? b->s : ol_xstrdup("");
	ol_strbuf_init(b);
	return s;
}

const char *ol_strbuf_str(const ol_strbuf *b)
{
	return b->s ? b->s : "";
}

// Reads to the end of `fd` into a buffer sized by fstat() (one read for a
// regular file that does not change meanwhile: a read short of its size
// and a byte is its end; doubling past that, for a file that grows or a
// pipe whose size says nothing), so a large file is neither copied from
// buffer to buffer nor grown piece by piece. `regular_only`: NULL with
// errno EINVAL for anything else (a FIFO, a device).
static char *read_fd(int fd, size_t *len, bool regular_only)
{
	struct stat st;
	size_t cap = 4096, n = 0;
	bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	if (regular_only && !regular) {
		errno = EINVAL;
		return NULL;
	}
	if (regular && st.st_size > 0)
		cap = (size_t)st.st_size + 1; // (+1: end of file seen at once)
	char *buf = ol_xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			cap *= 2;
			buf = ol_xrealloc(buf, cap + 1);
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;
			free(buf);
			errno = e ? e : EIO;
			return NULL;
		}
		n += (size_t)got;
		if (got == 0 || (regular && n < cap))
			break;
	}
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

char *ol_read_fd(int fd, size_t *len)
{
	return read_fd(fd, len, false);
}

// (opened without blocking: a FIFO put there is refused by the fstat(),
// not waited on; four system calls for a file read whole)
char *ol_read_regular(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	char *text = read_fd(fd, len, true);
	int e = errno;
	close(fd);
	errno = e;
	return text;
}

char *ol_read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	char *text = ol_read_fd(fd, len);
	int e = errno;
	close(fd);
	errno = e;
	return text;
}

// Appends `s` as a JSON string literal, or `null` for NULL. Invalid UTF-8
// becomes U+FFFD so the document always parses.
void ol_strbuf_json_str(ol_strbuf *b, const char *s)
{
	if (!s) {
		ol_strbuf_add(b, "null");
		return;
	}
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);

	ol_strbuf_addc(b, '"');
	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			ol_strbuf_addc(b, '\\');
			ol_strbuf_addc(b, (char)c);
			i++;
		} else if (c == '\n') {
			ol_strbuf_add(b, "\\n"), i++;
		} else if (c == '\t') {
			ol_strbuf_add(b, "\\t"), i++;
		} else if (c < 0x20 || c == 0x7F) {
			ol_strbuf_printf(b, "\\u%04x", c), i++;
		} else {
			size_t k = ol_utf8_len(p + i, n - i);
			if (k == 0) {
				ol_strbuf_add(b, "\\ufffd");
				i++;
			} else {
				ol_strbuf_addn(b, s + i, k);
				i += k;
			}
		}
	}
	ol_strbuf_addc(b, '"');
}
