/*
 * The project's header that writes cpychecker's attributes under their
 * guards (annotations-header-bad.c): the main file does not mention the
 * guards, its header does, and it lies in the project (issue #27,
 * frontend/cpychecker.c).
 */
#include <Python.h>

#if defined(WITH_CPYCHECKER_RETURNS_BORROWED_REF_ATTRIBUTE)
#define PROJECT_BORROWED __attribute__((cpychecker_returns_borrowed_ref))
#else
#define PROJECT_BORROWED
#endif

extern PyObject *cache_lookup(PyObject *key) PROJECT_BORROWED;
