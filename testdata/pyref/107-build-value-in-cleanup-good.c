// Under PY_SSIZE_T_CLEAN, Py_BuildValue is a macro for
// _Py_BuildValue_SizeT; written inside a macro of the project's (kitty's
// `RAII_PyObject(ans, Py_BuildValue(..))`, a variable its cleanup
// attribute releases), the call is still Py_BuildValue: a new reference,
// of which the helper hands one to its caller (kitty's fontconfig.c: 17
// findings of C round 78 came of reading it as unknown).
// expect-no-diagnostics
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#ifndef Py_BuildValue
// (the stub header does not rename it as CPython 3.11's does)
PyObject *_Py_BuildValue_SizeT(const char *, ...);
#define Py_BuildValue _Py_BuildValue_SizeT
#endif

static inline void cleanup_decref(PyObject **p)
{
	Py_CLEAR(*p);
}
#define RAII_PyObject(name, init)                                              \
	__attribute__((cleanup(cleanup_decref))) PyObject *name = init

static PyObject *as_dict(void)
{
	RAII_PyObject(ans, Py_BuildValue("{ss}", "type", "fontconfig"));
	if (ans == NULL)
		return NULL;
	Py_INCREF(ans);
	return ans;
}

PyObject *describe(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *ans = as_dict();
	if (!ans)
		return NULL;
	if (PyDict_SetItemString(ans, "matrix", arg) != 0) {
		Py_DECREF(ans);
		return NULL;
	}
	return ans;
}
