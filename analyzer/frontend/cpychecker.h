/*
 * cpychecker.h — cpychecker's annotations (gcc-python-plugin) without
 * changing how a library's headers parse (see cpychecker.c).
 */
#ifndef OL_FRONTEND_CPYCHECKER_H
#define OL_FRONTEND_CPYCHECKER_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

// The arguments every parse gets: cpychecker's attribute names made into
// annotations clang keeps. No header tests them.
extern const char *const ol_cpychecker_attributes[];
extern const size_t ol_cpychecker_nattributes;

// The guards projects test before they write those attributes
// (WITH_CPYCHECKER_*), as -D arguments: only for a file whose own code
// mentions them.
extern const char *const ol_cpychecker_guards[];
extern const size_t ol_cpychecker_nguards;

// Whether `tu`, parsed without the guards, has a file of its own project
// that mentions one: the main file, or a file it includes that lies under
// `root` (the project root; NULL: the main file's folder).
bool ol_cpychecker_wanted(CXTranslationUnit tu, const char *root);

#endif
