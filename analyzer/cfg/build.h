/*
 * build.h — lowering libclang cursors into the IR of cfg.h. Together with
 * frontend/ this is the only code that includes <clang-c/Index.h>.
 */
#ifndef OL_CFG_BUILD_H
#define OL_CFG_BUILD_H

#include "cfg.h"
#include <clang-c/Index.h>

// Lowers the function definition `cursor` (CXCursor_FunctionDecl with a
// body) into a new ol_func allocated in `a`, stored in `*out`. Returns 0, or
// a negative ol_status with ol_error_set() on a construct it cannot lower
// (the caller reports it as a tool notification and skips the function).
int ol_cfg_build(ol_func **out, ol_arena *a, CXCursor cursor);

struct ol_kb;
struct ol_cfg_cache;


// What the C++ lowering needs besides the function (all borrowed; may be
// zeroed: no rules, no cache).
enum { OL_LAMBDA_THREAD = 1, OL_LAMBDA_C_CALLBACK = 2 };

typedef struct ol_cfg_opts {
	const struct ol_kb *kb;      // library owners and throwers (rules)
	ol_exc_mode exceptions;
	struct ol_cfg_cache *cache;  // per translation unit, or NULL
	bool cxx;                    // the translation unit is C++
	const char *name;            // the function's name (a lambda's)
	// Receives the lambdas met in the body (may be NULL): each is
	// lowered as a function of its own by the caller. `how`: the
	// lambda is a std::thread's body (OL_LAMBDA_THREAD: it starts
	// without the GIL), or converted to a plain function pointer
	// (OL_LAMBDA_C_CALLBACK: C code calls it, a method table's).
	void (*on_lambda)(CXCursor lambda, const char *name, unsigned how,
			  void *payload);
	void *payload;
	// The functions of the file left out for the errors in their bodies
	// (frontend/partial.h), whose calls are to code not followed.
	const CXCursor *skipped;
	size_t nskipped;
} ol_cfg_opts;

// ol_cfg_build() with C++ options; `opts` may be NULL.
int ol_cfg_build_opts(ol_func **out, ol_arena *a, CXCursor cursor,
		      const ol_cfg_opts *opts);

// What a translation unit's lowerings share (which functions of the file
// can throw, which never return). Owned; free it with ol_cfg_cache_free().
struct ol_cfg_cache *ol_cfg_cache_new(void);
void ol_cfg_cache_free(struct ol_cfg_cache *c); // NULL-safe

// Converts a libclang location to the user's location: the expansion
// location (macro call site), file name interned in `a`.
ol_loc ol_cfg_loc(ol_arena *a, CXSourceLocation l);

// A file's text, for the macro index (srctext.c).
typedef struct ol_cfg_text {
	const char *text;
	size_t len;
} ol_cfg_text;

// The texts of the files a precompiled header brought into `tu`, in the
// order they were included (its macros are looked up there too), for the
// calling thread; `files` must outlive the lowering. Call it for every
// translation unit before lowering (n = 0: none).
void ol_cfg_pch_files(CXTranslationUnit tu, const ol_cfg_text *files,
		      size_t n);

// Starts reading the headers of `tu` whose macros the lowering may look
// up (cfg/srctext.c) on a thread of their own, for the calling thread's
// lowering of `tu`'s functions; ol_cfg_forget_tu() stops it. Optional:
// without it they are read when first needed, the same texts.
void ol_cfg_read_ahead(CXTranslationUnit tu);

// Drops what the calling thread keeps about the translation unit it lowered
// functions of (the index of its macros, cfg/srctext.c; the names of its
// files, cfg/build.c). Call it before the translation unit is disposed.
void ol_cfg_forget_tu(void);
// Drops what the calling thread keeps about the precompiled headers'
// files (the index of their macros). Call it when their texts go.
void ol_cfg_pch_forget(void);
// Drops what the calling thread keeps about the headers of the
// translation units it lowered (their macros' indexes and texts, kept for
// its later ones), and what ol_cfg_forget_tu() drops. Call it before the
// thread ends.
void ol_cfg_headers_forget(void);

#endif
