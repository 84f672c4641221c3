/*
 * htmltext.h — text made safe for an HTML page (the HTML report,
 * emit/html.c): any bytes in, valid UTF-8 HTML out, and the small subset of
 * Markdown the rule pages (rules/<ID>.md) use.
 */
#ifndef OL_HTMLTEXT_H
#define OL_HTMLTEXT_H

#include <stddef.h>

struct ol_strbuf;

// Appends the `n` bytes at `s` as HTML text, fit for an element's content
// or a quoted attribute value: & < > " ' become references; a byte that is
// not part of valid UTF-8 becomes U+FFFD; a C0 control character other
// than a tab, and DEL, becomes its Unicode control picture (U+2400 + c, so
// NUL shows as a visible symbol); C1 controls and noncharacters, which HTML
// forbids in a document, become U+FFFD. Nothing is dropped, so the text
// keeps its length in characters.
void ol_html_add_text(struct ol_strbuf *b, const char *s, size_t n);

// ol_html_add_text() of a NUL-terminated string; NULL appends nothing.
void ol_html_add_str(struct ol_strbuf *b, const char *s);

// Appends Markdown `md` as HTML: "#" headings (one level down, so a page
// title stays the one <h1>), ``` code blocks, "- " lists, paragraphs, and
// inline `code`, **bold** and [links](url). Only http(s) links stay links
// (the report works offline and carries no other file of the tree); the
// others keep their text. Everything is escaped (ol_html_add_text).
void ol_html_add_markdown(struct ol_strbuf *b, const char *md);

#endif
