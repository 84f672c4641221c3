// A helper of a header next to the file gets a summary as the file's own
// functions do (frontend/headers.c): raise_from returns NULL, no new
// reference to leak; its body is not reported here (--header-filter).
// expect-no-diagnostics
#include "errors.h"

PyObject *call_or_raise(PyObject *exc_class, PyObject *args)
{
	PyObject *error = PyObject_CallObject(exc_class, args);
	if (error)
		raise_from(error);
	Py_XDECREF(error);
	return NULL;
}
