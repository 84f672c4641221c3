/*
 * htmlassets.h — the style sheets and the script of the HTML report
 * (emit/html.c), inlined in every page so that a report is one folder that
 * works offline, from file://, with nothing fetched.
 */
#ifndef OL_HTMLASSETS_H
#define OL_HTMLASSETS_H

// What every page shares: fonts, colours of the levels, links.
extern const char ol_html_css_common[];
// The index: the filter bar and the table of findings.
extern const char ol_html_css_index[];
// A finding page: the source listing and its numbered notes.
extern const char ol_html_css_finding[];
// The index's script: filters and sorting, their state in the URL. In
// pieces (C11 promises string literals of 4095 bytes only), NULL-ended.
extern const char *const ol_html_js_index[];

#endif
