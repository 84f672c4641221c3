/*
 * serial.c — the facts files' record format (serial.h).
 */
#include "serial.h"

#include <stdlib.h>
#include <string.h>

void ol_ser_int(ol_strbuf *b, long long v)
{
	ol_strbuf_printf(b, "i%lld\n", v);
}

void ol_ser_str(ol_strbuf *b, const char *s)
{
	if (!s) {
		ol_strbuf_add(b, "n\n");
		return;
	}
	size_t n = strlen(s);
	ol_strbuf_printf(b, "s%zu:", n);
	ol_strbuf_addn(b, s, n);
	ol_strbuf_addc(b, '\n');
}

void ol_ser_bytes(ol_strbuf *b, const char *p, size_t n)
{
	ol_strbuf_printf(b, "s%zu:", n);
	ol_strbuf_addn(b, p, n);
	ol_strbuf_addc(b, '\n');
}

void ol_deser_init(ol_deser *r, const char *text, size_t len)
{
	r->p = text;
	r->end = text + len;
	r->bad = false;
}

// Reads decimal digits (with an optional '-') up to `stop`.
static bool number(ol_deser *r, char stop, long long *out)
{
	const char *p = r->p;
	bool neg = false;
	unsigned long long v = 0;
	if (p < r->end && *p == '-') {
		neg = true;
		p++;
	}
	const char *digits = p;
	while (p < r->end && *p >= '0' && *p <= '9') {
		if (v > (~0ull - 9) / 10)
			return false;
		v = v * 10 + (unsigned long long)(*p - '0');
		p++;
	}
	if (p == digits || p >= r->end || *p != stop ||
	    v > (unsigned long long)INT64_MAX + neg)
		return false;
	r->p = p + 1;
	*out = neg ? (long long)(0 - v) : (long long)v;
	return true;
}

long long ol_deser_int(ol_deser *r)
{
	long long v = 0;
	if (r->bad || r->p >= r->end || *r->p != 'i')
		goto bad;
	r->p++;
	if (!number(r, '\n', &v))
		goto bad;
	return v;
bad:
	r->bad = true;
	return 0;
}

// The bytes of the next string token (not copied), or NULL; `*null` says
// whether it was the NULL token.
static const char *string_token(ol_deser *r, size_t *len, bool *null)
{
	long long n = 0;
	*null = false;
	if (r->bad || r->p >= r->end)
		goto bad;
	if (*r->p == 'n') {
		if (r->p + 1 >= r->end || r->p[1] != '\n')
			goto bad;
		r->p += 2;
		*null = true;
		return NULL;
	}
	if (*r->p != 's')
		goto bad;
	r->p++;
	if (!number(r, ':', &n) || n < 0 || n > r->end - r->p - 1 ||
	    r->p[n] != '\n')
		goto bad;
	const char *s = r->p;
	r->p += n + 1;
	*len = (size_t)n;
	return s;
bad:
	r->bad = true;
	return NULL;
}

char *ol_deser_str(ol_deser *r)
{
	size_t n = 0;
	bool null;
	const char *s = string_token(r, &n, &null);
	if (!s)
		return NULL;
	char *out = ol_xmalloc(n + 1);
	memcpy(out, s, n);
	out[n] = 0;
	return out;
}

const char *ol_deser_bytes(ol_deser *r, size_t *len)
{
	bool null;
	const char *s = string_token(r, len, &null);
	if (null)
		r->bad = true;
	return s;
}

char *ol_deser_str_in(ol_deser *r, ol_arena *a)
{
	size_t n = 0;
	bool null;
	const char *s = string_token(r, &n, &null);
	return s ? ol_arena_strndup(a, s, n) : NULL;
}

size_t ol_deser_count(ol_deser *r, size_t max)
{
	long long v = ol_deser_int(r);
	if (v < 0 || (unsigned long long)v > max) {
		r->bad = true;
		return 0;
	}
	return (size_t)v;
}

uint64_t ol_hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211ull;
	return h;
}

uint64_t ol_checksum_bytes(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint64_t h = OL_HASH_INIT ^ n;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, c + i, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15ull;
		h ^= h >> 29;
	}
	return ol_hash_bytes(h, c + i, n - i);
}

uint64_t ol_hash_str(uint64_t h, const char *s)
{
	return ol_hash_bytes(ol_hash_bytes(h, s ? s : "", s ? strlen(s) : 0),
			     "", 1);
}
