// A helper whose whole body returns the answer of `PyErr_Occurred()`
// (snowflake-connector's `inline bool checkPyError() { return
// UNLIKELY(PyErr_Occurred()); }`, C++ round 72) answers as the call does:
// where it says no error is set, the import before it succeeded, and
// where it says one is, the import failed and there is nothing to
// release.
// expect-no-diagnostics
#include <Python.h>

#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static inline int check_error(void)
{
	return UNLIKELY(PyErr_Occurred());
}

static inline int check_error_ne(void)
{
	return PyErr_Occurred() != NULL;
}

PyObject *import_attr(const char *module, const char *name)
{
	PyObject *m = PyImport_ImportModule(module);
	if (check_error())
		return NULL;
	PyObject *attr = PyObject_GetAttrString(m, name);
	Py_DECREF(m);
	if (check_error_ne())
		return NULL;
	return attr;
}
