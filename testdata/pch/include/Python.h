/*
 * A Python.h for the PCH tests (testdata/pch): the stub's declarations,
 * plus a macro whose meaning depends on what the including file defined
 * first (as PY_SSIZE_T_CLEAN changes real Python.h), and a function-like
 * macro tested in conditions (its text comes from this header).
 */
#ifndef PCH_TEST_PYTHON_H
#define PCH_TEST_PYTHON_H
#include "../../include/Python.h"

#ifdef MAKE_NEW_REFS
#define make_value() PyLong_FromLong(1)
#else
#define make_value() Py_None
#endif

#define IS_MISSING(o) ((o) == NULL)
#endif
