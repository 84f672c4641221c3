/*
 * jsonfile.h — reading one JSON document from a file for the readers of
 * user-supplied JSON: compile_commands.json (frontend/compdb.c) and
 * --baseline SARIF logs (emit/baseline.c). The rules-file loader has its
 * own strict variant (kb/load.c).
 *
 * What it adds over json_object_from_file(): it never blocks on a FIFO or
 * a device (only regular files are read), it refuses binary data, and a
 * syntax error comes with its line and column and a message in our words
 * instead of json-c's internal one.
 */
#ifndef OL_BASE_JSONFILE_H
#define OL_BASE_JSONFILE_H

#include <json-c/json.h>

typedef struct ol_json_pos {
	unsigned line, col; // 1-based; 0 when the file could not be read
} ol_json_pos;

// Parses the file at `path`. Returns 0 and an owned document in *out
// (json_object_put() it); OL_EIO when the file cannot be read or is not a
// regular file; OL_ECONFIG when it is not one valid JSON value, with the
// position of the error in *pos. The message (ol_error_last()) does not
// name the file: "not a regular file", "binary data",
// "unexpected character '}'".
int ol_jsonfile_read(json_object **out, const char *path, ol_json_pos *pos);

#endif
