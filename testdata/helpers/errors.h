// A project's own header next to its sources: inline helpers whose
// bodies say what they do (pyodbc's errors.h and its
// `bool PyMem_Realloc(BYTE **, size_t)`).
#ifndef HELPERS_ERRORS_H
#define HELPERS_ERRORS_H
#include <Python.h>

// Raises `error` (borrowed) and returns NULL, for `return raise_from(e);`.
static inline PyObject *raise_from(PyObject *error)
{
	PyErr_SetObject((PyObject *)Py_TYPE(error), error);
	return NULL;
}

#ifdef __cplusplus
// The project's safer realloc: *pp changes only when it succeeds.
bool PyMem_Realloc(char **pp, size_t n);
#endif
#endif
