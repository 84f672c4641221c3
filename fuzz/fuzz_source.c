/*
 * fuzz_source.c — libFuzzer harness for whole source files: the input is a
 * C file, parsed by libclang and analyzed by the whole pipeline (lowering,
 * engine, state machines, the ownership graph, NOLINT, grouping, every
 * emitter), as `mojo-ownlint --format sarif case.c` would. Mutating real
 * test cases (the seeds are testdata/**.c) gives broken, odd and deep code;
 * none of it may crash, hang or trip a sanitizer.
 *
 * The knowledge base is loaded once. The stub headers of testdata/include
 * are on the include path (OL_FUZZ_INCLUDE), so seeds parse as in the
 * tests.
 */
#include "fuzz_common.h"

#include "diag/diag.h"
#include "emit/emit.h"
#include "frontend/crash.h"
#include "frontend/inputs.h"
#include "frontend/tu.h"
#include "kb/kb.h"
#include "ol.h"
#include "run.h"

#ifndef OL_FUZZ_INCLUDE
#define OL_FUZZ_INCLUDE "testdata/include"
#endif

static ol_kb *kb;
static ol_tu_env *env;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char *dir = ol_kb_default_dir();
	ol_kb_new(&kb);
	ol_kb_load_dir(kb, dir);
	free(dir);
	env = ol_tu_env_new(false);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("case.c", data, size);
	const char *extra[] = { "-I" OL_FUZZ_INCLUDE };
	ol_diag_sink *sink = ol_diag_sink_new();
	ol_inputs in;
	ol_run_stats st;
	ol_engine_opts eo;
	ol_strbuf dump;
	FILE *null = fopen("/dev/null", "w");

	ol_inputs_init(&in);
	ol_collect_opts co = { 0 };
	ol_inputs_collect(&in, &path, 1, &co, sink);
	ol_engine_opts_init(&eo);
	ol_run_opts ro = {
		.jobs = 1,
		.group = true,
		.tu = { .env = env, .extra_args = extra, .nextra = 1,
			.kb = kb, .engine = &eo },
	};
	ol_strbuf_init(&dump);
	ol_run(&st, &in, &ro, sink, &dump);
	ol_emit_opts o = { .tool_version = "fuzz" };
	ol_emit_text(null, sink, &o);
	ol_emit_json(null, sink, &o);
	ol_emit_sarif(null, sink, &o);
	fclose(null);
	ol_strbuf_free(&dump);
	ol_inputs_free(&in);
	ol_diag_sink_free(sink);
	return 0;
}
