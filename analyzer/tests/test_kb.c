/*
 * test_kb.c — the knowledge base: the shipped rules say what the CPython,
 * heap, pthread and CUDA APIs do, and the loader rejects malformed files
 * with a message naming the file, line or entry.
 */
#include <criterion/criterion.h>

#include "../kb/kb.h"
#include "../ol.h"
#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ol_kb *shipped;

static void load_shipped(void)
{
	cr_assert_eq(ol_kb_new(&shipped), 0);
	int error = ol_kb_load_dir(shipped, OL_SOURCE_ROOT "/rules");
	cr_assert_eq(error, 0, "loading shipped rules: %s", ol_error_last());
}

static void free_shipped(void)
{
	ol_kb_free(shipped);
	shipped = NULL;
}

static const ol_kb_entry *must(const char *name)
{
	const ol_kb_entry *e = ol_kb_lookup(shipped, name);
	cr_assert_not_null(e, "no entry for %s", name);
	return e;
}

// Writes `text` to a fresh temporary file; returns its owned path.
static char *temp_rules(const char *text)
{
	char *path = malloc(4096);
	cr_assert(path);
	snprintf(path, 4096, "%s/ol-kb-test-XXXXXX.json", test_tmpdir());
	int fd = mkstemps(path, 5);
	cr_assert(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

// Loads `text` into a fresh kb; returns the status, leaves the message in
// ol_error_last() and the path in `path_out` (owned, file removed).
static int load_text(const char *text, char **path_out)
{
	ol_kb *kb;
	ol_kb_new(&kb);
	char *path = temp_rules(text);
	ol_error_clear();
	int error = ol_kb_load_file(kb, path);
	unlink(path);
	ol_kb_free(kb);
	*path_out = path;
	return error;
}

TestSuite(kb, .init = load_shipped, .fini = free_shipped);

Test(kb, steal_recorded_for_PyList_SetItem)
{
	const ol_kb_entry *e = must("PyList_SetItem");
	cr_assert_eq(e->nargs, 3);
	// The list itself is changed: borrows from it may be dropped.
	cr_assert_eq(e->args[0].effect, OL_KB_ARG_MUTATE);
	cr_assert_eq(e->args[2].effect, OL_KB_ARG_STEAL);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_LT);
	cr_assert_eq(e->fails_when.value, 0);
	cr_assert_str_eq(e->resource, "pyref");
	// refcounts.dat says 0; the manual entry must have won.
	cr_assert(strstr(e->file, "cpython-manual.json"));
}

Test(kb, SET_ITEM_macros_steal)
{
	const ol_kb_entry *e = must("PyTuple_SET_ITEM");
	cr_assert(e->macro);
	cr_assert_eq(ol_kb_arg_effect(e, 2), OL_KB_ARG_STEAL);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_NEVER);
	cr_assert_eq(ol_kb_arg_effect(must("PyList_SET_ITEM"), 2),
		     OL_KB_ARG_STEAL);
}

Test(kb, PyModule_AddObject_steals_on_success_only)
{
	const ol_kb_entry *e = must("PyModule_AddObject");
	cr_assert_eq(ol_kb_arg_effect(e, 2), OL_KB_ARG_STEAL_ON_SUCCESS);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_LT);
	// AddObjectRef borrows and keeps a reference of its own.
	cr_assert_eq(ol_kb_arg_effect(must("PyModule_AddObjectRef"), 2),
		     OL_KB_ARG_KEEP);
	cr_assert_eq(ol_kb_arg_effect(must("PyList_Append"), 1),
		     OL_KB_ARG_KEEP);
	cr_assert_eq(ol_kb_arg_effect(must("PyModule_Add"), 2), OL_KB_ARG_STEAL);
}

Test(kb, PyLong_FromLong_returns_new_and_fails_on_NULL)
{
	const ol_kb_entry *e = must("PyLong_FromLong");
	cr_assert_eq(e->ret, OL_KB_RET_NEW);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_EQ);
	cr_assert(e->fails_when.is_null);
	cr_assert_eq(e->fails_when.exc, OL_KB_EXC_SET);
	// The manual entry adds the small-int cache: PyLong_FromLong(0)
	// cannot fail.
	cr_assert(strstr(e->file, "cpython-manual.json"));
	cr_assert_eq(e->small_int_arg, 0);
	cr_assert(e->doc && strstr(e->doc, "long.html#c.PyLong_FromLong"));
}

// PyTuple_SetItem fails only out of range on a tuple PyTuple_New made.
Test(kb, set_item_fails_only_out_of_range)
{
	cr_assert_eq(must("PyTuple_New")->length_arg1, 1);
	cr_assert_eq(must("PyList_New")->length_arg1, 1);
	const ol_kb_entry *e = must("PyTuple_SetItem");
	cr_assert_eq(e->in_range_cont1, 1);
	cr_assert_eq(e->in_range_index, 1);
	cr_assert_eq(must("PyList_SetItem")->in_range_cont1, 1);
	cr_assert_eq(must("PyDict_SetItem")->in_range_cont1, 0);
}

// PySequence_GetItem of a list PyMapping_Items made: an item it holds.
Test(kb, items_held_by_containers)
{
	cr_assert(must("PyMapping_Items")->holds_items);
	cr_assert(must("PySequence_List")->holds_items);
	cr_assert(!must("PyDict_New")->holds_items);
	cr_assert_eq(must("PySequence_GetItem")->item_of_arg1, 1);
}

// The arguments a call crashes on when NULL (MOJO-OWN-109 names the first
// such use): PyDict_SetItem's three, strcmp's two; PyObject_Call's
// keyword dict may be NULL.
Test(kb, nonnull_args_recorded)
{
	cr_assert_eq(must("PyDict_SetItem")->nonnull_args, 0x7u);
	cr_assert_eq(must("PyObject_Call")->nonnull_args, 0x3u);
	cr_assert_eq(must("strcmp")->nonnull_args, 0x3u);
	cr_assert_eq(must("PyObject_Repr")->nonnull_args, 0u);
}

Test(kb, nonnull_args_must_be_indexes)
{
	char *path;
	cr_assert_eq(load_text("{ \"family\": \"x\", \"resource\": \"r\", "
			       "\"functions\": [ { \"name\": \"f\", "
			       "\"nonnull_args\": 1 } ] }", &path), OL_EKB);
	cr_assert(strstr(ol_error_last(), "'nonnull_args' must be an array"),
		  "%s", ol_error_last());
	free(path);
	cr_assert_eq(load_text("{ \"family\": \"x\", \"resource\": \"r\", "
			       "\"functions\": [ { \"name\": \"f\", "
			       "\"nonnull_args\": [0, 40] } ] }", &path), OL_EKB);
	cr_assert(strstr(ol_error_last(), "past the 32"), "%s",
		  ol_error_last());
	free(path);
}

Test(kb, getters_return_borrowed)
{
	const ol_kb_entry *e = must("PyList_GetItem");
	cr_assert_eq(e->ret, OL_KB_RET_BORROWED);
	cr_assert_eq(e->borrowed_from, 0);
	e = must("PyDict_GetItem");
	cr_assert_eq(e->ret, OL_KB_RET_BORROWED);
	cr_assert_eq(e->fails_when.exc, OL_KB_EXC_NONE);
	cr_assert(e->runs_python);
	e = must("PyDict_GetItemWithError");
	cr_assert_eq(e->fails_when.exc, OL_KB_EXC_MAYBE);
}

Test(kb, interior_pointers)
{
	const ol_kb_entry *e = must("PyBytes_AsString");
	cr_assert_eq(e->ret, OL_KB_RET_INTERIOR);
	cr_assert_eq(e->borrowed_from, 0);
	cr_assert_eq(must("PyUnicode_AsUTF8AndSize")->ret, OL_KB_RET_INTERIOR);
	cr_assert_eq(must("PySequence_Fast_ITEMS")->ret, OL_KB_RET_INTERIOR);
}

Test(kb, Py_BuildValue_has_format_arg_0)
{
	const ol_kb_entry *e = must("Py_BuildValue");
	cr_assert_eq(e->format_arg, 0);
	cr_assert_eq(e->format_kind, OL_KB_FORMAT_BUILD);
	cr_assert_eq(e->ret, OL_KB_RET_NEW);
	e = must("PyArg_ParseTupleAndKeywords");
	cr_assert_eq(e->format_arg, 2);
	cr_assert_eq(e->format_kind, OL_KB_FORMAT_PARSE);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_EQ);
	cr_assert_eq(e->fails_when.value, 0);
}

Test(kb, PyObject_GetBuffer_acquires_buffer_out_arg1_on_zero)
{
	const ol_kb_entry *e = must("PyObject_GetBuffer");
	cr_assert_str_eq(e->resource, "buffer");
	cr_assert_eq(ol_kb_arg_effect(e, 1), OL_KB_ARG_ACQUIRE_OUT);
	cr_assert_str_eq(e->args[0].resource, "pyref");
	cr_assert_eq(e->acquired_when.cmp, OL_KB_CMP_EQ);
	cr_assert_eq(e->acquired_when.value, 0);
	cr_assert_eq(e->nreleases_with, 1);
	cr_assert_str_eq(e->releases_with[0], "PyBuffer_Release");
	cr_assert_eq(ol_kb_arg_effect(must("PyBuffer_Release"), 0),
		     OL_KB_ARG_RELEASE);
}

Test(kb, malloc_releases_with_free)
{
	const ol_kb_entry *e = must("malloc");
	cr_assert_eq(e->ret, OL_KB_RET_ACQUIRE);
	cr_assert_str_eq(e->resource, "heap");
	cr_assert_str_eq(e->releases_with[0], "free");
	e = must("PyMem_Malloc");
	cr_assert_str_eq(e->releases_with[0], "PyMem_Free");
	for (size_t i = 0; i < e->nreleases_with; i++)
		cr_assert_str_neq(e->releases_with[i], "free");
	cr_assert_eq(ol_kb_arg_effect(must("free"), 0),
		     OL_KB_ARG_RELEASE_NULL_OK);
	cr_assert_eq(ol_kb_arg_effect(must("realloc"), 0),
		     OL_KB_ARG_RELEASE_ON_SUCCESS);
}

Test(kb, cudaMalloc_acquires_out_arg0_on_success)
{
	const ol_kb_entry *e = must("cudaMalloc");
	cr_assert_str_eq(e->resource, "cuda");
	cr_assert_eq(ol_kb_arg_effect(e, 0), OL_KB_ARG_ACQUIRE_OUT);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_NE);
	cr_assert_eq(e->acquired_when.cmp, OL_KB_CMP_EQ);
	cr_assert_eq(e->acquired_when.value, 0);
	cr_assert_str_eq(must("cudaMallocHost")->releases_with[0],
			 "cudaFreeHost");
	e = must("cuMemAlloc_v2");
	cr_assert_eq(ol_kb_arg_effect(e, 0), OL_KB_ARG_ACQUIRE_OUT);
	cr_assert_eq(e->acquired_when.value, 0);
}

Test(kb, tss_and_gil)
{
	const ol_kb_entry *e = must("pthread_key_create");
	cr_assert_str_eq(e->resource, "tss");
	cr_assert_eq(ol_kb_arg_effect(e, 0), OL_KB_ARG_ACQUIRE_OUT);
	cr_assert(e->gil_free);
	e = must("PyEval_SaveThread");
	cr_assert_eq(e->gil, OL_KB_GIL_RELEASE);
	cr_assert(!e->gil_free);
	cr_assert(must("PyEval_RestoreThread")->gil_free);
	cr_assert(must("PyMem_RawMalloc")->gil_free);
	cr_assert(!must("PyMem_Malloc")->gil_free);
	cr_assert(!must("PyLong_FromLong")->gil_free);
}

Test(kb, refcounting_macros)
{
	const ol_kb_entry *e = must("Py_SETREF");
	cr_assert(e->macro);
	cr_assert_eq(ol_kb_arg_effect(e, 0), OL_KB_ARG_REPLACE);
	cr_assert_eq(ol_kb_arg_effect(e, 1), OL_KB_ARG_STEAL);
	cr_assert_eq(ol_kb_arg_effect(must("Py_CLEAR"), 0), OL_KB_ARG_CLEAR);
	cr_assert_eq(ol_kb_arg_effect(must("Py_XDECREF"), 0),
		     OL_KB_ARG_RELEASE_NULL_OK);
	cr_assert(must("Py_DECREF")->runs_python);
	e = must("Py_NewRef");
	cr_assert_eq(e->ret, OL_KB_RET_NEW);
	cr_assert_eq(e->returns_arg, 0);
	e = must("Py_RETURN_NONE");
	cr_assert(e->exits_caller && e->macro);
}

Test(kb, unknown_name_and_arg_past_list)
{
	cr_assert_null(ol_kb_lookup(shipped, "no_such_function"));
	cr_assert_eq(ol_kb_arg_effect(must("PyTuple_Pack"), 7), OL_KB_ARG_BORROW);
	cr_assert_str_eq(ol_kb_effect_name(OL_KB_ARG_STEAL_ON_SUCCESS),
			 "steal_on_success");
	cr_assert_str_eq(ol_kb_ret_name(OL_KB_RET_INTERIOR), "interior");
	cr_assert_gt(ol_kb_count(shipped), 900);
}

Test(kb, syntax_error_names_file_and_line)
{
	char *path;
	int error = load_text("{\n  \"family\": \"x\",\n  \"functions\": [\n"
			      "    { \"name\": \"f\", }\n  ]\n}\n", &path);
	cr_assert_eq(error, OL_EKB);
	cr_assert(strstr(ol_error_last(), path), "%s", ol_error_last());
	cr_assert(strstr(ol_error_last(), ":4:"), "%s", ol_error_last());
	free(path);
}

Test(kb, truncated_file_is_an_error)
{
	char *path;
	cr_assert_eq(load_text("{ \"family\": \"x\", \"functions\": [", &path),
		     OL_EKB);
	cr_assert(strstr(ol_error_last(), path));
	free(path);
}

Test(kb, unknown_key_names_entry)
{
	char *path;
	int error = load_text("{ \"family\": \"x\", \"resource\": \"pyref\", "
			      "\"functions\": [ { \"name\": \"ok\" },"
			      "{ \"name\": \"my_make\", \"retrun\": \"new\" } ] }",
			      &path);
	cr_assert_eq(error, OL_EKB);
	const char *msg = ol_error_last();
	cr_assert(strstr(msg, path), "%s", msg);
	cr_assert(strstr(msg, "functions[1] 'my_make'"), "%s", msg);
	cr_assert(strstr(msg, "'retrun'"), "%s", msg);
	free(path);
}

Test(kb, unknown_effect_names_entry)
{
	char *path;
	int error = load_text("{ \"family\": \"x\", \"resource\": \"pyref\", "
			      "\"functions\": [ { \"name\": \"put\", "
			      "\"args\": [\"borrow\", \"stael\"] } ] }", &path);
	cr_assert_eq(error, OL_EKB);
	cr_assert(strstr(ol_error_last(), "'put'"), "%s", ol_error_last());
	cr_assert(strstr(ol_error_last(), "'stael'"), "%s", ol_error_last());
	free(path);
}

Test(kb, wrong_type_and_bad_condition)
{
	char *path;
	cr_assert_eq(load_text("{ \"family\": \"x\", \"resource\": \"r\", "
			       "\"functions\": [ { \"name\": \"g\", "
			       "\"macro\": \"yes\" } ] }", &path), OL_EKB);
	cr_assert(strstr(ol_error_last(), "'g'"), "%s", ol_error_last());
	free(path);
	cr_assert_eq(load_text("{ \"family\": \"x\", \"resource\": \"r\", "
			       "\"functions\": [ { \"name\": \"h\", "
			       "\"fails_when\": \"ret == MAYBE\" } ] }", &path),
		     OL_EKB);
	cr_assert(strstr(ol_error_last(), "'h'"), "%s", ol_error_last());
	cr_assert(strstr(ol_error_last(), "MAYBE"), "%s", ol_error_last());
	free(path);
}

Test(kb, duplicate_entry_in_one_file)
{
	char *path;
	int error = load_text("{ \"family\": \"x\", \"resource\": \"r\", "
			      "\"functions\": [ { \"name\": \"a\" }, "
			      "{ \"name\": \"b\" }, { \"name\": \"a\" } ] }",
			      &path);
	cr_assert_eq(error, OL_EKB);
	cr_assert(strstr(ol_error_last(), "duplicate entry 'a'"), "%s",
		  ol_error_last());
	cr_assert(strstr(ol_error_last(), "functions[0] and functions[2]"),
		  "%s", ol_error_last());
	free(path);
}

// A file of one entry `entry` is refused, with a message naming `key`.
static void refused_naming(const char *entry, const char *key)
{
	char *path, text[512];
	snprintf(text, sizeof text, "{ \"family\": \"x\", \"resource\": "
		 "\"r\", \"functions\": [ %s ] }", entry);
	cr_assert_eq(load_text(text, &path), OL_EKB);
	cr_assert(strstr(ol_error_last(), key), "%s", ol_error_last());
	free(path);
}

Test(kb, index_past_args_is_an_error)
{
	refused_naming("{ \"name\": \"v\", \"ret\": \"interior\", "
		       "\"borrowed_from\": 1, \"args\": [\"borrow\"] }",
		       "borrowed_from");
}

// `resizes_arg` is stored one up (0: none), and checked against the args.
Test(kb, resizes_arg)
{
	const ol_kb_entry *e = must("PyList_Append");
	cr_assert_eq(e->resizes, 1);
	cr_assert_eq(must("PyList_GetItem")->resizes, 0);
	refused_naming("{ \"name\": \"v\", \"resizes_arg\": 1, "
		       "\"args\": [\"borrow\"] }", "resizes_arg");
}

// The zero-copy keys (rules/numpy.json): an array made over a buffer, and
// the calls that give that buffer an owner.
Test(kb, memory_hand_off_keys)
{
	cr_assert_eq(must("PyArray_New")->over_arg, 5);
	cr_assert_eq(must("PyArray_New")->gives_memory_arg, -1);
	cr_assert_eq(must("PyArray_SetBaseObject")->gives_memory_arg, 0);
	cr_assert_eq(must("PyArray_SetBaseObject")->gives_memory_flag_arg, -1);
	const ol_kb_entry *e = must("PyArray_ENABLEFLAGS");
	cr_assert_eq(e->gives_memory_arg, 0);
	cr_assert_eq(e->gives_memory_flag_arg, 1);
	cr_assert_eq(e->gives_memory_flag, 4);
	cr_assert_eq(must("PyList_New")->over_arg, -1);
	cr_assert_eq(must("PyArray_FromAny")->writeback_flag_arg, 4);
	cr_assert_eq(must("PyArray_FromAny")->writeback_flag, 0x2000);
	cr_assert_eq(must("PyArray_ResolveWritebackIfCopy")
			     ->resolves_writeback_arg, 0);
	refused_naming("{ \"name\": \"v\", \"writeback_if_flag\": "
		       "[0, 1], \"args\": [\"-\"] }",
		       "'writeback_if_flag' needs ret 'new'");
	refused_naming("{ \"name\": \"v\", \"ret\": \"borrowed\", "
		       "\"over_arg\": 0, \"args\": [\"borrow\"] }",
		       "'over_arg' needs ret 'new'");
	refused_naming("{ \"name\": \"v\", \"ret\": \"new\", "
		       "\"over_arg\": 1, \"args\": [\"borrow\"] }",
		       "over_arg");
	refused_naming("{ \"name\": \"v\", \"gives_memory_if_flag\": "
		       "[1, 4], \"args\": [\"borrow\", \"-\"] }",
		       "'gives_memory_if_flag' needs 'gives_memory_arg'");
	refused_naming("{ \"name\": \"v\", \"gives_memory_arg\": 0, "
		       "\"gives_memory_if_flag\": 4, \"args\": [\"borrow\"] }",
		       "[argument index, bits]");
}

Test(kb, later_file_overrides_and_user_kind)
{
	char *path = temp_rules(
		"{ \"family\": \"mojo\", \"resource\": \"mojo_tensor\",\n"
		"  \"constants\": { \"MOJO_OK\": 0 },\n"
		"  \"functions\": [\n"
		"  { \"name\": \"PyList_SetItem\", \"resource\": \"pyref\",\n"
		"    \"args\": [\"borrow\", \"-\", \"borrow\"],"
		"    \"fails_when\": \"ret < 0\" },\n"
		"  { \"name\": \"mojo_tensor_create\", \"args\": [\"acquire_out\"],\n"
		"    \"fails_when\": \"ret != MOJO_OK\",\n"
		"    \"releases_with\": \"mojo_tensor_destroy\" },\n"
		"  { \"name\": \"mojo_tensor_destroy\", \"args\": [\"release\"] }\n"
		"] }\n");
	size_t before = ol_kb_count(shipped);
	int error = ol_kb_load_file(shipped, path);
	unlink(path);
	cr_assert_eq(error, 0, "%s", ol_error_last());
	cr_assert_eq(ol_kb_count(shipped), before + 2);
	const ol_kb_entry *e = must("PyList_SetItem");
	cr_assert_eq(ol_kb_arg_effect(e, 2), OL_KB_ARG_BORROW);
	cr_assert_str_eq(e->file, path);
	e = must("mojo_tensor_create");
	cr_assert_str_eq(e->resource, "mojo_tensor");
	cr_assert_str_eq(e->family, "mojo");
	// acquired_when defaults to the negation of fails_when.
	cr_assert_eq(e->acquired_when.cmp, OL_KB_CMP_EQ);
	cr_assert_eq(e->acquired_when.value, 0);
	free(path);
}

Test(kb, failed_file_leaves_kb_untouched)
{
	char *path = temp_rules(
		"{ \"family\": \"x\", \"resource\": \"pyref\", \"functions\": [\n"
		"  { \"name\": \"PyList_SetItem\", \"args\": [\"borrow\"] },\n"
		"  { \"name\": \"broken\", \"ret\": \"owned\" } ] }\n");
	int error = ol_kb_load_file(shipped, path);
	unlink(path);
	free(path);
	cr_assert_eq(error, OL_EKB);
	cr_assert(strstr(ol_error_last(), "'broken'"), "%s", ol_error_last());
	cr_assert_eq(ol_kb_arg_effect(must("PyList_SetItem"), 2),
		     OL_KB_ARG_STEAL);
}

Test(kb, missing_file_and_dir_are_io_errors)
{
	ol_kb *kb;
	ol_kb_new(&kb);
	cr_assert_eq(ol_kb_load_file(kb, "/nonexistent/x.json"), OL_EIO);
	cr_assert(strstr(ol_error_last(), "/nonexistent/x.json"));
	cr_assert_eq(ol_kb_load_dir(kb, "/nonexistent-dir"), OL_EIO);
	cr_assert_eq(ol_kb_count(kb), 0);
	ol_kb_free(kb);
}

Test(kb, default_dir_honours_environment)
{
	setenv("MOJO_OWNLINT_RULES", "/some/where", 1);
	char *d = ol_kb_default_dir();
	cr_assert_str_eq(d, "/some/where");
	free(d);
	unsetenv("MOJO_OWNLINT_RULES");
	d = ol_kb_default_dir();
	cr_assert(strstr(d, "rules"), "%s", d);
	free(d);
}

// Issue 12: DLPack's deleter fields release a tensor of any kind, rightly
// (no MOJO-OWN-111), and the CUDA graph captured from a stream is owned.
Test(kb, dlpack_deleter_and_cuda_capture)
{
	const ol_kb_entry *e = must("DLManagedTensor.deleter");
	cr_assert(e->own_deleter);
	cr_assert_eq(ol_kb_arg_effect(e, 0), OL_KB_ARG_RELEASE);
	cr_assert_str_eq(e->args[0].resource, "*");
	cr_assert(must("DLManagedTensorVersioned.deleter")->own_deleter);
	cr_assert(!must("free")->own_deleter);
	e = must("cudaStreamEndCapture");
	cr_assert_eq(ol_kb_arg_effect(e, 1), OL_KB_ARG_ACQUIRE_OUT);
	cr_assert_str_eq(e->releases_with[0], "cudaGraphDestroy");
}

// "steals_with_destroy": [data, fn] (rules/glib.json, rules/dbus.json):
// a pointer handed over with the function that releases it.
Test(kb, steals_with_destroy)
{
	const ol_kb_entry *e = must("g_object_set_data_full");
	cr_assert(e->steals_with_destroy);
	cr_assert_eq(e->destroy_data_arg, 2);
	cr_assert_eq(e->destroy_fn_arg, 3);
	e = must("g_bytes_new_with_free_func"); // free_func(user_data)
	cr_assert_eq(e->destroy_data_arg, 3);
	cr_assert_eq(e->destroy_fn_arg, 2);
	e = must("dbus_connection_set_data");
	cr_assert_eq(e->destroy_data_arg, 2);
	cr_assert_eq(e->fails_when.cmp, OL_KB_CMP_EQ);
	cr_assert(!must("PyList_SetItem")->steals_with_destroy);
	refused_naming("{ \"name\": \"v\", \"steals_with_destroy\": [1, 2], "
		       "\"args\": [\"borrow\", \"borrow\"] }",
		       "'steals_with_destroy' 2 is past the 2 argument(s)");
	refused_naming("{ \"name\": \"v\", \"steals_with_destroy\": [1, 1], "
		       "\"args\": [\"borrow\", \"borrow\"] }",
		       "'steals_with_destroy' names argument 1 twice");
	refused_naming("{ \"name\": \"v\", \"steals_with_destroy\": [0], "
		       "\"args\": [\"borrow\", \"-\"] }",
		       "[data argument index, destroy function argument "
		       "index]");
	refused_naming("{ \"name\": \"v\", \"steals_with_destroy\": [0, -1], "
		       "\"args\": [\"borrow\", \"-\"] }",
		       "'steals_with_destroy' out of range: -1");
	refused_naming("{ \"name\": \"v\", \"steals_with_destroy\": [0, 1], "
		       "\"args\": [\"steal\", \"-\"] }",
		       "data argument 0 must be \"borrow\" or \"-\"");
}
