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

// Whether the project of the file at `path` says it needs Python 3.12 or
// later: the nearest pyproject.toml, setup.cfg or setup.py above it, whose
// requires-python (python_requires) allows no older 3.x. `what` (of `size`
// bytes) receives where it says so ("pyproject.toml: requires-python
// \">=3.12\"").
bool ol_pyversion_required(const char *path, char *what, size_t size);

#endif
