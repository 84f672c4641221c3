/*
 * fuzz_compdb.c — libFuzzer harness for the compile_commands.json reader
 * (frontend/compdb.c): any bytes, read as a database, give entries or
 * notices, never a crash, a hang or a sanitizer report. The folder of the
 * database holds a.c, so entries that name it get through to the argument
 * handling (quoting, -o/-M* dropping, nvcc filtering).
 */
#include "fuzz_common.h"

#include "diag/diag.h"
#include "frontend/compdb.h"
#include "frontend/inputs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t src[] = "int a;\n";
	fuzz_write("a.c", src, sizeof src - 1);
	const char *db = fuzz_write("compile_commands.json", data, size);
	ol_diag_sink *sink = ol_diag_sink_new();
	ol_inputs in;

	ol_inputs_init(&in);
	ol_compdb_load(&in, db, sink);
	ol_inputs_free(&in);
	ol_diag_sink_free(sink);
	return 0;
}
