/*
 * htmltext.c — escaping and a little Markdown for the HTML report
 * (htmltext.h).
 *
 * The report shows source files as they are on disk, and those can hold
 * anything: Latin-1 comments, a stray NUL, an escape sequence, a form
 * feed. A page must still be valid HTML (a validator and a browser read
 * it in the tests), so every byte goes through one function that keeps
 * what HTML allows and replaces the rest with a visible stand-in of one
 * character, never dropping it: a reader sees that something is there, and
 * columns are off by no more than a multi-byte character would make them.
 *
 * The Markdown is what the rule pages use and no more — headings, fenced
 * code, "- " lists, paragraphs, inline code, bold and links — because the
 * report needs their text readable, not a general renderer. Anything else
 * (a table, emphasis with '_') shows as its plain text.
 */
#include "htmltext.h"

#include "../base/strbuf.h"
#include "../base/utf8.h"

#include <stdbool.h>
#include <string.h>

// Appends code point `cp` (< 0x10000) as UTF-8.
static void add_utf8(ol_strbuf *b, unsigned cp)
{
	if (cp < 0x800) {
		ol_strbuf_addc(b, (char)(0xC0 | (cp >> 6)));
	} else {
		ol_strbuf_addc(b, (char)(0xE0 | (cp >> 12)));
		ol_strbuf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
	}
	ol_strbuf_addc(b, (char)(0x80 | (cp & 0x3F)));
}

// The code point of the valid UTF-8 sequence of `len` bytes at `s`.
static unsigned decode(const unsigned char *s, size_t len)
{
	static const unsigned char lead_mask[] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
	unsigned cp = s[0] & lead_mask[len];
	for (size_t i = 1; i < len; i++)
		cp = (cp << 6) | (s[i] & 0x3F);
	return cp;
}

// Code points HTML does not allow in a document's text (WHATWG HTML
// "Preprocessing the input stream"): C1 controls and noncharacters.
static bool forbidden(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
	       (cp & 0xFFFE) == 0xFFFE;
}

void ol_html_add_text(ol_strbuf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		size_t k;
		switch (c) {
		case '&': ol_strbuf_add(b, "&amp;"); i++; continue;
		case '<': ol_strbuf_add(b, "&lt;"); i++; continue;
		case '>': ol_strbuf_add(b, "&gt;"); i++; continue;
		case '"': ol_strbuf_add(b, "&quot;"); i++; continue;
		case '\'': ol_strbuf_add(b, "&#39;"); i++; continue;
		case '\t': case '\n': ol_strbuf_addc(b, (char)c); i++; continue;
		default: break;
		}
		if (c < 0x20 || c == 0x7F) {
			// U+2400..U+241F SYMBOL FOR NULL.., U+2421 for DEL
			add_utf8(b, c == 0x7F ? 0x2421 : 0x2400 + c);
			i++;
		} else if (c < 0x80) {
			ol_strbuf_addc(b, (char)c);
			i++;
		} else if (!(k = ol_utf8_len(p + i, n - i)) ||
			   forbidden(decode(p + i, k))) {
			add_utf8(b, 0xFFFD);
			i += k ? k : 1;
		} else {
			ol_strbuf_addn(b, s + i, k);
			i += k;
		}
	}
}

void ol_html_add_str(ol_strbuf *b, const char *s)
{
	if (s)
		ol_html_add_text(b, s, strlen(s));
}

/* ------------------------------------------------------------------ */
/* Markdown                                                            */
/* ------------------------------------------------------------------ */

// Whether [s, e) starts with `prefix`.
static bool starts(const char *s, const char *e, const char *prefix)
{
	size_t n = strlen(prefix);
	return (size_t)(e - s) >= n && !memcmp(s, prefix, n);
}

// Appends [s, e) with its inline markup: `code`, **bold**, [text](url).
static void add_inline(ol_strbuf *b, const char *s, const char *e)
{
	while (s < e) {
		const char *close;
		if (*s == '`' &&
		    (close = memchr(s + 1, '`', (size_t)(e - s - 1)))) {
			ol_strbuf_add(b, "<code>");
			ol_html_add_text(b, s + 1, (size_t)(close - s - 1));
			ol_strbuf_add(b, "</code>");
			s = close + 1;
			continue;
		}
		if (starts(s, e, "**") && e - s > 4) {
			const char *q = s + 2;
			while (q + 1 < e && !(q[0] == '*' && q[1] == '*'))
				q++;
			if (q + 1 < e && q > s + 2) {
				ol_strbuf_add(b, "<strong>");
				add_inline(b, s + 2, q);
				ol_strbuf_add(b, "</strong>");
				s = q + 2;
				continue;
			}
		}
		const char *mid, *end;
		if (*s == '[' &&
		    (mid = memchr(s, ']', (size_t)(e - s))) && mid + 1 < e &&
		    mid[1] == '(' &&
		    (end = memchr(mid, ')', (size_t)(e - mid)))) {
			bool web = starts(mid + 2, end, "https://") ||
				   starts(mid + 2, end, "http://");
			if (web) {
				ol_strbuf_add(b, "<a href=\"");
				ol_html_add_text(b, mid + 2,
						 (size_t)(end - mid - 2));
				ol_strbuf_add(b, "\">");
			}
			add_inline(b, s + 1, mid);
			if (web)
				ol_strbuf_add(b, "</a>");
			s = end + 1;
			continue;
		}
		const char *next = s + 1;
		while (next < e && *next != '`' && *next != '*' && *next != '[')
			next++;
		ol_html_add_text(b, s, (size_t)(next - s));
		s = next;
	}
}

typedef enum md_block { MD_NONE, MD_PARA, MD_LIST, MD_CODE } md_block;

static void close_block(ol_strbuf *b, md_block *in)
{
	static const char *const closers[] = {
		[MD_NONE] = "", [MD_PARA] = "</p>\n", [MD_LIST] = "</li></ul>\n",
		[MD_CODE] = "</code></pre>\n",
	};
	ol_strbuf_add(b, closers[*in]);
	*in = MD_NONE;
}

void ol_html_add_markdown(ol_strbuf *b, const char *md)
{
	md_block in = MD_NONE;

	for (const char *p = md; p && *p;) {
		const char *nl = strchr(p, '\n');
		const char *e = nl ? nl : p + strlen(p);
		const char *next = nl ? nl + 1 : e;
		while (e > p && e[-1] == '\r')
			e--;
		if (starts(p, e, "```")) {
			if (in == MD_CODE) {
				close_block(b, &in);
			} else {
				close_block(b, &in);
				ol_strbuf_add(b, "<pre><code>");
				in = MD_CODE;
			}
		} else if (in == MD_CODE) {
			ol_html_add_text(b, p, (size_t)(e - p));
			ol_strbuf_addc(b, '\n');
		} else if (strspn(p, " \t") >= (size_t)(e - p)) {
			close_block(b, &in);
		} else if (*p == '#') {
			size_t level = strspn(p, "#");
			close_block(b, &in);
			level = level > 5 ? 6 : level + 1;
			const char *t = p + strspn(p, "# ");
			ol_strbuf_printf(b, "<h%zu>", level);
			add_inline(b, t < e ? t : e, e);
			ol_strbuf_printf(b, "</h%zu>\n", level);
		} else if (starts(p, e, "- ") || starts(p, e, "* ")) {
			if (in == MD_LIST) {
				ol_strbuf_add(b, "</li>\n<li>");
			} else {
				close_block(b, &in);
				ol_strbuf_add(b, "<ul>\n<li>");
				in = MD_LIST;
			}
			add_inline(b, p + 2, e);
		} else {
			if (in == MD_NONE) {
				ol_strbuf_add(b, "<p>");
				in = MD_PARA;
			} else {
				ol_strbuf_addc(b, '\n');
			}
			add_inline(b, p + strspn(p, " \t"), e);
		}
		p = next;
	}
	close_block(b, &in);
}
