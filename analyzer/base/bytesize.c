/*
 * bytesize.c — sizes with a unit suffix (bytesize.h).
 *
 * The suffixes are binary (K = 1024), as `du -h`, `ccache -M` and most
 * tools that size a cache mean them; `KB` and `KiB` are accepted as the
 * same thing rather than guessing which one the user meant by the former.
 * The value must fit in 63 bits so that it can be compared with file sizes
 * (off_t) without a cast changing its sign.
 */
#include "bytesize.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char suffixes[] = "KMGT"; // each 1024 times the one before

bool ol_bytesize_parse(const char *text, uint64_t *bytes)
{
	const uint64_t limit = UINT64_MAX >> 1;
	const char *p = text;
	uint64_t n = 0;

	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned digit = (unsigned)(*p - '0');
		if (n > (limit - digit) / 10)
			return false;
		n = n * 10 + digit;
	}
	const char *unit = *p ? strchr(suffixes, toupper((unsigned char)*p))
			      : NULL;
	if (unit) {
		for (const char *u = suffixes; u <= unit; u++) {
			if (n > limit / 1024)
				return false;
			n *= 1024;
		}
		p++;
		if (*p == 'i' && p[1] == 'B')
			p++;
	}
	if (*p == 'B' || (*p == 'b' && unit))
		p++;
	if (*p)
		return false;
	*bytes = n;
	return true;
}

void ol_bytesize_format(uint64_t bytes, char *buf, size_t size)
{
	int shifts = 0;
	while (bytes && bytes % 1024 == 0 && shifts < (int)strlen(suffixes)) {
		bytes /= 1024;
		shifts++;
	}
	if (shifts)
		snprintf(buf, size, "%llu%c", (unsigned long long)bytes,
			 suffixes[shifts - 1]);
	else
		snprintf(buf, size, "%llu", (unsigned long long)bytes);
}
