/*
 * fuzz_nolint.c — libFuzzer harness for the NOLINT scanner
 * (diag/suppress.c): the input is a source file with findings of several
 * checks on its first lines; whatever comments it holds, suppressions are
 * applied or bad comments reported as notices, never a crash, a hang or a
 * sanitizer report.
 */
#include "fuzz_common.h"

#include "diag/diag.h"
#include "diag/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("case.c", data, size);
	ol_diag_sink *sink = ol_diag_sink_new();
	ol_event ev = { .loc = { .file = path, .line = 1, .col = 1 },
			.msg = "acquired here" };

	// One finding of every check, each on its own line, with an event.
	for (int c = 0; c < OL_CHECK__COUNT; c++) {
		ol_diag d = {
			.check = (ol_check_id)c,
			.level = ol_check_info_get((ol_check_id)c)->level,
			.loc = { .file = path, .line = 1 + (unsigned)c % 8,
				 .col = 1 + (unsigned)c },
			.msg = "a finding",
			.func = "f",
			.events = &ev,
			.nevents = 1,
		};
		ol_diag_sink_add(sink, &d);
	}
	ol_diag_sink_finish(sink);
	ol_suppress_apply(sink, &path, 1);
	ol_diag_sink_free(sink);
	return 0;
}
