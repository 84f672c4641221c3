/*
 * pyversion.h — whether a file is written for a Python whose None, True
 * and False are immortal (3.12 and later; see pyversion.c).
 */
#ifndef OL_FRONTEND_PYVERSION_H
#define OL_FRONTEND_PYVERSION_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

// Whether the file parsed as `tu` is written for Python 3.12 or later:
// it calls a function of the C API, or uses a constant, that only 3.12 or
// later declares, the headers of the parse being older. `name` (of `size`
// bytes) receives its name, `*is_function` whether it is a function.
bool ol_pyversion_immortal_statics(CXTranslationUnit tu, char *name,
				   size_t size, bool *is_function);

#endif
