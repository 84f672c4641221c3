/*
 * rulepage.h — the documentation page of a check, rules/<ID>.md
 *, for --explain and the SARIF rule help.
 */
#ifndef OL_RULEPAGE_H
#define OL_RULEPAGE_H

// Finds rules/<id>.md: in $MOJO_OWNLINT_RULES, then in the installed data
// directory (<exe>/../share/mojo-ownlint/rules), then in the source tree
// the tool was built from. Returns an owned path, or NULL when there is
// no page.
char *ol_rule_page_find(const char *id);

// Reads the whole page of `id`. Returns an owned string, or NULL.
char *ol_rule_page_read(const char *id);

// The page as a reader sees it (--explain): without its front matter (the
// "---" block), and with the test markers of its examples (`//
// expect-warning[ID] {{...}}`, `// expect-no-diagnostics`) turned into
// `// warning: ID` or dropped. Returns an owned string, or NULL when there
// is no page.
char *ol_rule_page_text(const char *id);

// ol_rule_page_text() without the "# ID name" title line: what a help
// panel shows (SARIF help.markdown). Returns an owned string, or NULL.
char *ol_rule_page_body(const char *id);

#endif
