/*
 * jsonfile.c — one JSON document from a regular file (see jsonfile.h).
 *
 * The file is opened with O_NONBLOCK and checked with fstat() before any
 * read, so a FIFO given where a file is expected is refused at once rather
 * than waited on forever. The tokener (not json_object_from_file) gives the
 * byte offset where parsing stopped, which becomes a line and column.
 */
#include "jsonfile.h"

#include "strbuf.h"
#include "../ol.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Reads the whole regular file at `path`; NULL with ol_error_set().
static char *read_regular(const char *path, size_t *len)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	FILE *f;
	char buf[65536];
	size_t n;
	ol_strbuf b;

	if (fd < 0) {
		ol_error_set(OL_EIO, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		ol_error_set(OL_EIO, "%s", S_ISDIR(st.st_mode)
			     ? "it is a directory" : "not a regular file");
		close(fd);
		return NULL;
	}
	if (!(f = fdopen(fd, "rb"))) {
		ol_error_set(OL_EIO, "%s", strerror(errno));
		close(fd);
		return NULL;
	}
	ol_strbuf_init(&b);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		ol_strbuf_addn(&b, buf, n);
	if (ferror(f)) {
		ol_error_set(OL_EIO, "%s", strerror(errno ? errno : EIO));
		fclose(f);
		ol_strbuf_free(&b);
		return NULL;
	}
	fclose(f);
	*len = b.len;
	return ol_strbuf_detach(&b);
}

// What went wrong, in words a user of a compile database understands.
static const char *error_words(enum json_tokener_error e)
{
	switch (e) {
	case json_tokener_error_parse_eof:
		return "the file ends before the JSON value does";
	case json_tokener_error_depth:
		return "nested too deeply";
	case json_tokener_error_parse_string:
		return "malformed string";
	case json_tokener_error_parse_number:
		return "malformed number";
	case json_tokener_error_parse_array:
		return "expected ',' or ']' in an array";
	case json_tokener_error_parse_object_key_name:
		return "expected a string as an object key";
	case json_tokener_error_parse_object_key_sep:
		return "expected ':' after an object key";
	case json_tokener_error_parse_object_value_sep:
		return "expected ',' or '}' in an object";
	case json_tokener_error_parse_utf8_string:
		return "invalid UTF-8 in a string";
	default:
		return "unexpected character";
	}
}

int ol_jsonfile_read(json_object **out, const char *path, ol_json_pos *pos)
{
	size_t len = 0;
	char *text;
	json_tokener *tok;
	json_object *root;
	int error = 0;

	*out = NULL;
	pos->line = pos->col = 0;
	if (!(text = read_regular(path, &len)))
		return OL_EIO;
	pos->line = pos->col = 1;
	if (memchr(text, 0, len)) {
		free(text);
		return ol_error_set(OL_ECONFIG, "binary data, not JSON");
	}
	tok = json_tokener_new();
	root = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error jerr = json_tokener_get_error(tok);
	size_t end = json_tokener_get_parse_end(tok);
	size_t bad = end; // the tokener stops at the offending character
	if (jerr == json_tokener_continue)
		jerr = json_tokener_error_parse_eof, bad = len;
	if (jerr == json_tokener_success) {
		while (end < len && isspace((unsigned char)text[end]))
			end++;
		bad = end;
	}
	if (jerr != json_tokener_success || end < len || !root) {
		for (size_t i = 0; i < bad && i < len; i++) {
			if (text[i] == '\n')
				pos->line++, pos->col = 1;
			else
				pos->col++;
		}
		if (jerr == json_tokener_success && end < len)
			error = ol_error_set(OL_ECONFIG, "unexpected data after "
					     "the JSON value");
		else if (jerr == json_tokener_success)
			error = ol_error_set(OL_ECONFIG, "empty file");
		else if (bad < len && jerr != json_tokener_error_parse_eof)
			error = ol_error_set(OL_ECONFIG, "%s '%c'",
					     error_words(jerr), isprint(
					     (unsigned char)text[bad])
					     ? text[bad] : '?');
		else
			error = ol_error_set(OL_ECONFIG, "%s",
					     error_words(jerr));
		json_object_put(root);
		root = NULL;
	}
	json_tokener_free(tok);
	free(text);
	*out = root;
	return error;
}
