/*
 * fuzz_baseline.c — libFuzzer harness for the --baseline SARIF reader
 * (emit/baseline.c, base/jsonfile.c): any bytes load as a baseline or give
 * an error with a message, never a crash, a hang or a sanitizer report.
 */
#include "fuzz_common.h"

#include "emit/emit.h"
#include "ol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("baseline.sarif", data, size);
	ol_baseline *b = NULL;

	if (ol_baseline_load(&b, path) < 0) {
		if (!*ol_error_last())
			abort();
		return 0;
	}
	(void)ol_baseline_size(b);
	ol_baseline_free(b);
	return 0;
}
