/*
 * fuzz_common.h — what every libFuzzer harness of fuzz/ shares: the input
 * bytes written to a file of their own (the readers under test take paths,
 * as the tool does), in a private folder under $TMPDIR, overwritten on
 * each run. A header of static functions, included once per harness.
 */
#ifndef OL_FUZZ_COMMON_H
#define OL_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Writes `data` to `<private dir>/<name>` and returns that path (static
// storage, valid until the next call).
static const char *fuzz_write(const char *name, const uint8_t *data,
			      size_t size)
{
	static char dir[256];
	static char path[512];
	if (!dir[0]) {
		const char *t = getenv("TMPDIR");
		snprintf(dir, sizeof dir, "%s/ownlint-fuzz-XXXXXX",
			 t && *t ? t : "/tmp");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	return path;
}

#endif
