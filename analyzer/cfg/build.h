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

// Converts a libclang location to the user's location: the expansion
// location (macro call site), file name interned in `a`.
ol_loc ol_cfg_loc(ol_arena *a, CXSourceLocation l);

// Drops what the calling thread keeps about the translation unit it lowered
// functions of (the index of its macros, cfg/srctext.c). Call it before the
// translation unit is disposed.
void ol_cfg_forget_tu(void);

#endif
