/*
 * test_htmltext.c — the HTML report's text (emit/htmltext.h): markup
 * escaped, every byte kept visible and the result valid UTF-8 with nothing
 * HTML forbids, and the rule pages' Markdown subset.
 */
#include <criterion/criterion.h>

#include "../base/strbuf.h"
#include "../emit/htmltext.h"

#include <string.h>

static char *text_of(const char *s, size_t n)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	ol_html_add_text(&b, s, n);
	return ol_strbuf_detach(&b);
}

static void expect_text(const char *in, size_t n, const char *want)
{
	char *got = text_of(in, n);
	cr_expect_str_eq(got, want);
	free(got);
}

Test(htmltext, markup_is_escaped)
{
	expect_text("<a href=\"x\">&'</a>", 18,
		    "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
	expect_text("\tint x;\n", 8, "\tint x;\n");
}

Test(htmltext, utf8_kept_bad_bytes_replaced)
{
	expect_text("caf\xc3\xa9", 5, "caf\xc3\xa9");
	expect_text("caf\xe9!", 5, "caf\xef\xbf\xbd!");     // Latin-1 e-acute
	expect_text("\xed\xa0\x80", 3,                       // a surrogate
		    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
}

Test(htmltext, controls_become_visible_pictures)
{
	expect_text("a\0b", 3, "a\xe2\x90\x80" "b");   // U+2400
	expect_text("\x1b[1m", 4, "\xe2\x90\x9b[1m");  // U+241B
	expect_text("\x7f", 1, "\xe2\x90\xa1");        // U+2421
	expect_text("\r", 1, "\xe2\x90\x8d");          // U+240D
	expect_text("\xc2\x85", 2, "\xef\xbf\xbd");    // C1 NEL
	expect_text("\xef\xbf\xbe", 3, "\xef\xbf\xbd"); // U+FFFE
}

static char *markdown_of(const char *md)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	ol_html_add_markdown(&b, md);
	return ol_strbuf_detach(&b);
}

Test(htmltext, markdown_subset)
{
	char *got = markdown_of(
		"# MOJO-OWN-101 resource-leak\n\n"
		"An owned `PyObject *` is **never** released;\n"
		"see [the docs](https://docs.python.org/3/c-api/) and "
		"[contract](../docs/contract.md).\n\n"
		"- one\n- two <b>\n\n"
		"```c\nif (a < b) x = 1; // warn\n```\n");
	cr_expect_str_eq(got,
		"<h2>MOJO-OWN-101 resource-leak</h2>\n"
		"<p>An owned <code>PyObject *</code> is <strong>never</strong> "
		"released;\nsee <a href=\"https://docs.python.org/3/c-api/\">"
		"the docs</a> and contract.</p>\n"
		"<ul>\n<li>one</li>\n<li>two &lt;b&gt;</li></ul>\n"
		"<pre><code>if (a &lt; b) x = 1; // warn\n</code></pre>\n");
	free(got);
}
