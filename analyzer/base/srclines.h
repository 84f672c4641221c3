#ifndef OL_BASE_SRCLINES_H
#define OL_BASE_SRCLINES_H

#include <stdbool.h>
#include <stddef.h>

// A source file's text and where each of its lines starts, read on first
// need (srclines.c). Zero-initialised: not read yet.
typedef struct ol_src_lines {
	bool loaded;    // reading was tried
	char *text;     // the whole file, NULL when it cannot be read
	size_t size;
	size_t *starts; // byte offset of each line
	size_t nlines;  // a final line without '\n' counts
} ol_src_lines;

// Line `line` (1-based) of the file at `path`, without its line ending
// ("\n" or "\r\n"), borrowed from `f`; NULL when the file cannot be read
// or has no such line. The file is read into `f` on the first call.
const char *ol_src_lines_get(ol_src_lines *f, const char *path, size_t line,
			     size_t *len);
void ol_src_lines_free(ol_src_lines *f);

#endif
