/*
 * kb.h — the knowledge base: what known C APIs do to the resources passed
 * to and returned from them, loaded from the JSON files under rules/
 * (format: rules/README.md). The engine looks every call up here; no
 * module decides API semantics with strcmp on callee names.
 *
 * The KB does not interpret format strings (PyArg_ParseTuple,
 * Py_BuildValue) or annotations: it only says where the format string is
 * and which convention it follows.
 */
#ifndef OL_KB_H
#define OL_KB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ol_kb ol_kb;

// What a call does to one argument; spellings in kb/effects.def.
typedef enum ol_kb_effect {
#define KB_EFFECT(e, s, d) OL_KB_ARG_##e,
#include "effects.def"
#undef KB_EFFECT
	OL_KB_ARG__COUNT
} ol_kb_effect;

// What the return value is; spellings in kb/returns.def.
typedef enum ol_kb_ret {
#define KB_RET(e, s, d) OL_KB_RET_##e,
#include "returns.def"
#undef KB_RET
	OL_KB_RET__COUNT
} ol_kb_ret;

// A condition on the return value: "ret == NULL", "ret < 0",
// "ret != cudaSuccess", "never", "always".
typedef enum ol_kb_cmp {
	OL_KB_CMP_UNKNOWN = 0, // not stated: the conventions apply
	OL_KB_CMP_NEVER,
	OL_KB_CMP_ALWAYS,
	OL_KB_CMP_EQ,
	OL_KB_CMP_NE,
	OL_KB_CMP_LT,
	OL_KB_CMP_LE,
	OL_KB_CMP_GT,
	OL_KB_CMP_GE,
} ol_kb_cmp;

// What a call does to the Python error indicator ("error_indicator").
enum {
	OL_KB_ERR_KEEPS = 0, // what its failure says, if anything
	OL_KB_ERR_SETS,      // "sets": PyErr_SetString
	OL_KB_ERR_CLEARS,    // "clears": PyErr_Clear, PyErr_Fetch
	OL_KB_ERR_CHANGES,   // "changes": anything (PyErr_Restore)
};

// Whether a Python exception is set when a failure condition holds.
typedef enum ol_kb_exc {
	OL_KB_EXC_SET = 0, // the default for CPython APIs
	OL_KB_EXC_NONE,    // "(no exception)": e.g. PyDict_GetItem's NULL
	OL_KB_EXC_MAYBE,   // "(maybe exception)": -1 is also a valid value
			   // (PyLong_AsLong) or NULL also means "absent"
			   // (PyDict_GetItemWithError); check PyErr_Occurred()
} ol_kb_exc;

typedef struct ol_kb_cond {
	ol_kb_cmp cmp;
	bool is_null;   // compares against NULL (then `value` is 0)
	long long value; // integer operand; named constants are resolved
	ol_kb_exc exc;
	const char *text; // borrowed: the condition as written, for messages
} ol_kb_cond;

// Which convention the format string at `format_arg` follows.
typedef enum ol_kb_format {
	OL_KB_FORMAT_NONE = 0,
	OL_KB_FORMAT_PARSE,  // PyArg_Parse*: "O" borrowed out, "y*" buffer out
	OL_KB_FORMAT_BUILD,  // Py_BuildValue & calls: "O" borrow, "N" steals
	OL_KB_FORMAT_PRINTF, // PyErr_Format, PyUnicode_FromFormat: %R/%S/%U borrow
} ol_kb_format;

// What the call does to the calling thread's GIL.
typedef enum ol_kb_gil {
	OL_KB_GIL_NONE = 0,
	OL_KB_GIL_RELEASE, // not held afterwards (PyEval_SaveThread)
	OL_KB_GIL_ACQUIRE, // held afterwards (PyEval_RestoreThread, PyGILState_Ensure)
	OL_KB_GIL_RESTORE, // back to the state before the matching acquire
			   // (PyGILState_Release)
} ol_kb_gil;

// (C++, rules/cxx.json) What a member of a library owner class does to
// the handle its object holds, or what a function does to the object it
// returns: see rules/README.md "C++ owners".
typedef enum ol_kb_cxx {
	OL_KB_CXX_NONE = 0,
	OL_KB_CXX_DESTROY, // the destructor: `calls` releases the handle
	OL_KB_CXX_COPY,    // copying: `calls` gives the copy ("Py_XNewRef")
	OL_KB_CXX_STEAL,   // constructed from argument 0, taking it over
	OL_KB_CXX_ALIAS,   // constructed from argument 0, not owning it
	OL_KB_CXX_BORROW,  // constructed from argument 0 with a new reference
	OL_KB_CXX_GET,     // returns the handle (`get()`, `ptr()`)
	OL_KB_CXX_TAKE,    // returns the handle and empties the object
	OL_KB_CXX_RESET,   // destroys the handle, then holds argument 0
	OL_KB_CXX_INCREF,  // `calls` on the handle (`inc_ref()`)
	OL_KB_CXX_DECREF,  // `calls` on the handle (`dec_ref()`)
	OL_KB_CXX__COUNT
} ol_kb_cxx;

// (C++) Whether a call can throw.
typedef enum ol_kb_throws {
	OL_KB_THROWS_NEVER = 0,
	OL_KB_THROWS_MAYBE,
	OL_KB_THROWS_ALWAYS, // never returns normally (`torchCheckFail`)
	OL_KB_THROWS_IF_NULL, // throws when argument 0 is NULL, else returns
} ol_kb_throws;

// At most this many arguments in an entry's "runs_python_via".
#define OL_KB_MAX_VIA 4

typedef struct ol_kb_arg {
	ol_kb_effect effect;
	// Resource kind this argument's effect applies to: the entry's
	// `resource` unless the rules file overrides it per argument.
	const char *resource;
	// The callee may store through this pointer argument (`f(&n)`
	// changes n). Summaries and annotations say so; documented APIs
	// write only what their effects and formats say.
	bool writes;
	// (Summaries) Released where an integer flag of the caller's says
	// so (`if (is_init) Py_DECREF(self)`): the callee may take the
	// caller's reference over, as that flag says. Not followed past the
	// call (the caller's reference is handed over or not).
	bool flag_taken;
	// (Summaries) Handed back as the result on every success (`return
	// root;` after appending to it): a caller that drops the result
	// uses the call as a pass-through, and its reference stays its own.
	bool returned;
	// (Summaries) Stolen only as a pointer kept in memory (a registry's
	// node, `newhead->cls = cls`), never handed to a release or to a
	// documented steal: a static object given to it (`&PyLong_Type`)
	// has no reference to lose.
	bool kept_only;
} ol_kb_arg;

// One API summary. All pointers are borrowed, owned by the ol_kb, and
// valid until ol_kb_free(). Integer indexes are 0-based; -1 means "none".
typedef struct ol_kb_entry {
	const char *name;
	const char *family;   // the file's "family" ("cpython", "heap", ...)
	const char *resource; // "pyref", "buffer", "gil", "tss", "cuda", "heap", or a user kind
	const char *file;     // the rules file the entry came from
	ol_kb_ret ret;
	int borrowed_from; // owner argument of a borrowed/interior return
	int returns_arg;   // the return value is (an alias of) this argument
	size_t nargs;
	const ol_kb_arg *args; // `nargs` items; arguments past them: borrow
	ol_kb_cond fails_when;
	// When acquire_out arguments and an "acquire" return take effect;
	// defaults to the negation of fails_when (or always).
	ol_kb_cond acquired_when;
	size_t nreleases_with;
	const char *const *releases_with; // correct releasers, for MOJO-OWN-111
	// The result is never NULL when argument 0 came from one of these
	// (PyType_GetName of a heap type made by PyType_FromSpec).
	size_t nnonnull_from;
	const char *const *nonnull_from;
	int format_arg;
	// 1 + the argument whose storage the call may move (a list's item
	// array on append, a bytearray's buffer): pointers into it read
	// before dangle; 0 when none ("resizes_arg" in the rules files).
	int resizes;
	// The result is an object made over the memory argument `over_arg`
	// points to, which it does not own (PyArray_New's `data`): freeing
	// that memory while the object may live leaves it dangling; or -1.
	int over_arg;
	// The call gives the memory under the object in argument
	// `gives_memory_arg` an owner (PyArray_SetBaseObject's base,
	// PyArray_ENABLEFLAGS's NPY_ARRAY_OWNDATA): from then on the memory
	// is kept, and freed, with the object. With a flag argument, only
	// when that argument may have one of the bits of `gives_memory_flag`
	// (an unknown value may). -1 when none.
	int gives_memory_arg;
	int gives_memory_flag_arg;
	long long gives_memory_flag;
	// The result is an array that must be resolved before its last
	// release (NPY_ARRAY_WRITEBACKIFCOPY) when flag argument
	// `writeback_flag_arg` is known to hold `writeback_flag`; or -1.
	int writeback_flag_arg;
	long long writeback_flag;
	// The call resolves (or discards) that obligation of this argument:
	// PyArray_ResolveWritebackIfCopy; or -1.
	int resolves_writeback_arg;
	// An integer argument for which values proven in -5..256 (CPython's
	// cached small ints: engine/intrange.c) make the call unable to fail
	// and its result an object never freed, or -1.
	int small_int_arg;
	// 1 + the size argument of a realloc that frees the old block and
	// returns NULL when that size is 0 (glibc's realloc(p, 0)), else 0.
	int frees_if_zero_arg;
	// With steal_if, its stealing arguments steal only when argument
	// steal_if_arg holds the integer steal_if_val (pybind11's
	// `py::cast(ptr, policy)` takes ptr over for
	// return_value_policy::take_ownership, 2); otherwise, or when that
	// value is not known, they borrow.
	bool steal_if;
	int steal_if_arg;
	long long steal_if_val;
	// An integer argument for which a known value in [nonnull_lo,
	// nonnull_hi] makes the call unable to fail: 0 for PyTuple_New(0),
	// the shared empty tuple ("nonnull_if_arg_zero"); a built-in type
	// number for PyArray_DescrFromType ("nonnull_if_arg_in"); or -1.
	int nonnull_if_arg;
	long long nonnull_lo, nonnull_hi;
	// An integer argument whose known value `none_if_val` makes the
	// result None, or NULL when the call fails (PyRun_String with
	// Py_file_input: a module's code returns None): a reference to
	// None leaked only skews its count ("none_if_arg": [ARG, VALUE]),
	// or -1.
	int none_if_arg;
	long long none_if_val;
	// 1 + the argument that is the length of the container made
	// (PyTuple_New(n), PyList_New(n): "length_arg"), else 0.
	int length_arg1;
	// An argument (index + 1; 0: none) that makes the call fail when it
	// is NULL: where the call succeeded, it was not NULL (PyList_Append's
	// item: "nonnull_on_success").
	int nonnull_on_success_arg1;
	// 1 + the container argument of a call that fails only when that
	// container is not one the caller made and holds alone, or when
	// argument `in_range_index` is not an index below its length
	// (PyTuple_SetItem, PyList_SetItem: "fails_only_out_of_range":
	// [container, index]), else 0.
	int in_range_cont1;
	int in_range_index;
	// The call tells whether argument N holds an acquired resource of
	// the entry's kind (PyThread_tss_is_created): 1 when it does, 0 once
	// released; or -1.
	int queries_arg;
	ol_kb_format format_kind;
	ol_kb_gil gil;
	// Bit k: argument k must not be NULL ("nonnull_args"): the call
	// crashes or fails on it (PyDict_SetItem's key and value, strcmp's
	// strings). The first such use of an unchecked result is where
	// MOJO-OWN-109 points (engine/report.c).
	uint32_t nonnull_args;
	bool runs_python;  // may run arbitrary Python code (MOJO-BOR-206)
	// ... but only through the type slots of these object arguments
	// (`__eq__` of a RichCompare's operands, `__index__` of
	// PyLong_AsLong's): when each is of an exact builtin type, none runs
	// (rules/README.md "Calls that run Python code"). None listed and
	// known: the call runs no code of the user's (a lookup by a C string).
	bool runs_via_known;
	unsigned char nruns_via;
	signed char runs_via[OL_KB_MAX_VIA];
	// A thrower that throws only through the type slots of these object
	// arguments (a dict lookup's key: its `__hash__`, `__eq__`): when
	// each is of an exact builtin type, it does not throw (cfg/cxx_exc.c).
	bool throws_via_known;
	unsigned char nthrows_via;
	signed char throws_via[OL_KB_MAX_VIA];
	// The result is a new object of an exact builtin type without user
	// methods (PyLong_FromLong's int, PyUnicode_FromString's str).
	bool exact_result;
	// The result, when not NULL, is of the type the function documents
	// (a new object, or an argument already of that type): never None,
	// True or False (PyUnicode_AsEncodedString's bytes, PyDict_Keys'
	// list), so `r == Py_None` is false wherever r is set.
	bool fresh_result;
	// The result is an object CPython never frees (PyBool_FromLong's
	// Py_True or Py_False): a leak of it is a note (rules/README.md).
	bool cached_result;
	// (a summary) The int result is never 0 (bup's `setup_module`, whose
	// only return is `return 1;`): `if (!f(..))` is never taken.
	bool ret_nonzero;
	// (a summary) The int result is 0 on every path (pyscm's solver,
	// `int find_max(..)` whose only return is `return 0;`): `if (status
	// != 0)` after it is never taken.
	bool ret_zero;
	// The interior result points into an immutable object (a bytes
	// object's data, a str's UTF-8): written only when the function
	// made the object itself (MOJO-BOR-205).
	bool readonly_result;
	bool gil_free;     // may be called without the GIL (MOJO-BOR-203)
	bool stable_borrow; // the borrowed/interior result stays valid while
			    // its owner lives, whatever code runs (tuple
			    // items, bytes data): no MOJO-BOR-206
	// Frees an object's memory without its tp_dealloc (tp_free,
	// PyObject_Free, PyObject_GC_Del): its release applies to an object
	// the function owns, not to one it borrows ("frees_object").
	bool frees_object;
	// The result is a list or tuple that holds references to its items
	// (PyMapping_Items, PySequence_List): "holds_items".
	bool holds_items;
	// 1 + the argument whose item the result is, a new reference to an
	// object that argument holds too (PySequence_GetItem: "item_of_arg"),
	// else 0.
	int item_of_arg1;
	bool held_elsewhere; // the returned object (or the one written to an
			     // out-parameter) is also held elsewhere
			     // (an imported module, by sys.modules)
	// The result, when argument 0 is written as a type object and the
	// name (argument 1, a literal) is no dunder, is a class attribute
	// the type's dict keeps too (`PyObject_GetAttrString(type,
	// "_cache")`): as held_elsewhere.
	bool held_by_type_arg;
	// (Summaries) The result is what `PyErr_Occurred()` answered, asked
	// first thing: `error_probe_set` (not 0) when an error was set, 0
	// when none (nbdkit's `check_python_failure()`): a caller's test of
	// it tests the indicator (errstate.c). The function may clear the
	// error it reports.
	bool error_probe;
	long long error_probe_set;
	// (Summaries) The function asks `PyErr_Occurred()` first thing,
	// returns NULL on every path where it said yes and, on every path
	// where it said no, its parameter `passthrough_unless_error - 1` as
	// it came, calling nothing (janus-swi's `check_error(obj)`, which
	// turns a pending error into a Prolog one): where no error can be
	// set but by the call that made that argument, the call is its
	// argument (call.c). 0: not such a function.
	unsigned passthrough_unless_error;
	// (Summaries) Every call in the function is to a C library's
	// function or to a helper of the file that is such a function too
	// (arithmetic, a table lookup: janus-swi's `py_lookup_hashmap`,
	// which returns NULL when the name is absent): it cannot set the
	// Python error indicator, and a NULL it returns is no failure that
	// raised (errstate.c). Known in its own file only: the contract
	// another file reads does not carry it.
	bool raises_nothing;
	// What a `replace` argument is given is the old object or one
	// equal to it that others already hold (PyUnicode_InternInPlace's
	// interned twin): when the old one was a borrow we took a reference
	// on, the new one outlives our release of it.
	bool replaced_by_held;
	// What the call does to the Python error indicator beyond what its
	// failure says (engine/errstate.c): "error_indicator".
	uint8_t error_indicator; // OL_KB_ERR_*
	bool outs_null_with_first; // its other out-parameters are NULL when
				   // the first is (PyErr_Fetch)
	// Its second out-parameter is not NULL when its first is not
	// (PyErr_NormalizeException: a normalized exception has a value).
	bool second_nonnull_with_first;
	bool pure;         // the result depends on the arguments' values
			   // alone: no memory is allocated, no Python
			   // code of the user's runs (PyLong_AsLong)
	bool noreturn;
	// A destroy-callback hand-off ("steals_with_destroy": [data, fn]):
	// the call takes argument `destroy_data_arg` over when argument
	// `destroy_fn_arg` is a function that releases its pointer (GLib's
	// g_object_set_data_full and its GDestroyNotify, libdbus's
	// dbus_connection_set_data and its DBusFreeFunction); with NULL for
	// the function the caller keeps it (engine/handoff.c).
	bool steals_with_destroy;
	int destroy_data_arg, destroy_fn_arg;
	// The call is the resource's own deleter, a function pointer it
	// carries (DLPack's `DLManagedTensor.deleter`): it releases the
	// resource rightly whatever acquired it (never MOJO-OWN-111).
	bool own_deleter;
	bool macro;        // the name is a macro as the user writes it
	bool exits_caller; // the macro is a return statement (Py_RETURN_NONE)
	const char *doc;   // upstream documentation URL, or NULL
	ol_kb_cxx cxx;     // (C++) a library owner's member
	const char *calls; // ... the function it calls on the handle
	ol_kb_throws throws;
} ol_kb_entry;

// Creates an empty knowledge base; returns 0 (allocation failure aborts).
int ol_kb_new(ol_kb **out);
void ol_kb_free(ol_kb *kb);

// Loads one rules file. Entries replace earlier entries of the same name
// (from other files); a name twice in one file is an error. Strict:
// unknown keys, unknown effect or condition spellings, wrong JSON types
// and JSON syntax errors return OL_EKB (OL_EIO when unreadable) with a
// message naming the file and the line, entry name or index. On error the
// kb keeps whatever entries earlier files provided and none of this file.
int ol_kb_load_file(ol_kb *kb, const char *path);

// Loads every `*.json` directly in `dir`, in strcmp order of file names.
int ol_kb_load_dir(ol_kb *kb, const char *dir);

// The files ol_kb_load_dir() reads, in its order: `*n` owned paths
// ("dir/name.json"; free with ol_kb_free_files()), or NULL (error set)
// when `dir` cannot be listed.
char **ol_kb_dir_files(const char *dir, size_t *n);
void ol_kb_free_files(char **paths, size_t n);

// Returns a borrowed entry, or NULL when `name` is unknown.
const ol_kb_entry *ol_kb_lookup(const ol_kb *kb, const char *name);

// Entries in the order they were first defined (for --dump-kb).
size_t ol_kb_count(const ol_kb *kb);
const ol_kb_entry *ol_kb_at(const ol_kb *kb, size_t i);

// Sets every argument index of `e` that means "none" when -1 to -1 (the
// rest of a zeroed entry already means none): an entry made in code (a
// summary, a contract read back) starts from this as a loaded one does.
void ol_kb_entry_no_indexes(ol_kb_entry *e);

// Effect of the call on argument `i`, OL_KB_ARG_BORROW past the list.
ol_kb_effect ol_kb_arg_effect(const ol_kb_entry *e, size_t i);

// JSON spellings, for dumps and messages (static strings).
const char *ol_kb_effect_name(ol_kb_effect eff);
const char *ol_kb_ret_name(ol_kb_ret ret);

// Returns an owned string (free() it): where the shipped rules live.
// $MOJO_OWNLINT_RULES if set, else <exe dir>/../share/mojo-ownlint/rules
// when that directory exists, else OL_SOURCE_ROOT "/rules".
char *ol_kb_default_dir(void);

#endif
