/*
 * srclines.c — a source file's lines, for the emitters that quote them.
 *
 * The SARIF writer (snippets, fingerprints' statement text) and the HTML
 * report (the listings of a finding's files) and the grouping pass (the
 * name of the macro a step lies in, diag/group.c) all ask for line N of the
 * files a report names, many times per file: each file is read once, on
 * its first request, and the start of every line indexed, so a line is
 * then found in constant time. A file that cannot be read has no lines;
 * an empty file has none either; a final line without a newline counts.
 * A line is returned without its "\n" or "\r\n".
 */
#include "srclines.h"

#include "arena.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

static void load(ol_src_lines *f, const char *path)
{
	f->loaded = true;
	if (!(f->text = ol_read_file(path, &f->size)))
		return;
	// (one pass, memchr from line to line: sources run to megabytes)
	size_t n = 0, cap = 256;
	f->starts = ol_xmalloc(cap * sizeof *f->starts);
	for (size_t at = 0; at < f->size;) {
		if (n == cap)
			f->starts = ol_xrealloc(f->starts,
						(cap *= 2) * sizeof *f->starts);
		f->starts[n++] = at;
		const char *nl = memchr(f->text + at, '\n', f->size - at);
		at = nl ? (size_t)(nl - f->text) + 1 : f->size;
	}
	f->nlines = n;
}

const char *ol_src_lines_get(ol_src_lines *f, const char *path, size_t line,
			     size_t *len)
{
	if (!f->loaded)
		load(f, path);
	if (!f->text || line == 0 || line > f->nlines)
		return NULL;
	size_t s = f->starts[line - 1];
	size_t e = line < f->nlines ? f->starts[line] : f->size;
	while (e > s && (f->text[e - 1] == '\n' || f->text[e - 1] == '\r'))
		e--;
	*len = e - s;
	return f->text + s;
}

void ol_src_lines_free(ol_src_lines *f)
{
	free(f->text);
	free(f->starts);
	*f = (ol_src_lines){ 0 }; // (read again on the next request)
}
