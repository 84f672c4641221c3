/*
 * utf8.h — the one UTF-8 check the emitters need (SARIF and JSON output
 * must be valid UTF-8 whatever bytes the analyzed sources contain).
 */
#ifndef OL_UTF8_H
#define OL_UTF8_H

#include <stddef.h>

// Length of the valid UTF-8 sequence at `s` (at most `n` bytes), or 0 when
// the bytes there are not one (overlong forms, surrogates and code points
// past U+10FFFF are invalid). A NUL byte is a valid 1-byte sequence.
size_t ol_utf8_len(const unsigned char *s, size_t n);

#endif
