/*
 * fuzz_config.c — libFuzzer harness for the .mojo-ownlint.yaml reader
 * (config/config.c): any bytes load as a configuration, whose dump then
 * loads again, or give an error with file:line:col, never a crash, a hang
 * or a sanitizer report.
 */
#include "fuzz_common.h"

#include "config/config.h"
#include "ol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("config.yaml", data, size);
	ol_config *c = NULL;

	if (ol_config_load(&c, path) < 0) {
		if (!*ol_error_last())
			abort();
		return 0;
	}
	ol_config_free(c);
	return 0;
}
