/*
 * fuzz_rules.c — libFuzzer harness for the rules-file loader (kb/load.c):
 * any bytes, loaded as a --rules file, load or give an OL_EKB/OL_EIO
 * error with a message, never a crash, a hang or a sanitizer report.
 */
#include "fuzz_common.h"

#include "kb/kb.h"
#include "ol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("rules.json", data, size);
	ol_kb *kb = NULL;

	ol_kb_new(&kb);
	if (ol_kb_load_file(kb, path) < 0 && !*ol_error_last())
		abort(); // an error must say what is wrong
	ol_kb_free(kb);
	return 0;
}
