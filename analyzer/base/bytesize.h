/*
 * bytesize.h — a number of bytes as people write it: `1073741824`, `512M`,
 * `1G` (bytesize.c). The option `--cache-max-size` and the configuration
 * key `cache-max-size` read it; --dump-config and messages write it.
 */
#ifndef OL_BASE_BYTESIZE_H
#define OL_BASE_BYTESIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Reads `text`: decimal digits, then optionally one of K, M, G, T (either
// case; powers of 1024), then optionally `B` or `iB` (`512M`, `512MiB`,
// `512mb`). Nothing else, not even a space or a sign. False when `text`
// is not such a size or it does not fit in 63 bits.
bool ol_bytesize_parse(const char *text, uint64_t *bytes);

// Writes `bytes` into `buf` with the largest suffix that divides it
// exactly ("1G", "1536K", "100"); what ol_bytesize_parse() reads back.
void ol_bytesize_format(uint64_t bytes, char *buf, size_t size);

#endif
