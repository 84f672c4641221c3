/*
 * ol.h — the few things every module of mojo-ownlint needs: status codes,
 * the assertion macro and the one-message error channel.
 * Nothing else lives here; module interfaces have their own headers.
 */
#ifndef OL_H
#define OL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OL_VERSION "0.1.0"

// Tool errors: negative, returned up unchanged, message set once.
typedef enum ol_status {
	OL_OK = 0,
	OL_EIO = -1,    // file unreadable, not found, not a regular file
	OL_EPARSE = -2, // translation unit could not be parsed
	OL_ECONFIG = -3, // bad compile database, bad option value
	OL_EKB = -4,    // malformed knowledge-base file
	OL_ENOMEM = -5,
	OL_EUSAGE = -6, // command line misuse
} ol_status;

// Programmer errors: stay on in every build.
#define OL_ASSERT(cond)                                                     \
	((cond) ? (void)0 : ol__assert_fail(#cond, __FILE__, __LINE__))
_Noreturn void ol__assert_fail(const char *expr, const char *file, int line);

// Sets the thread's last error message (printf-style) and returns `code`.
int ol_error_set(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
// Returns a borrowed pointer to the thread's last message ("" when none).
const char *ol_error_last(void);
void ol_error_clear(void);

#endif
