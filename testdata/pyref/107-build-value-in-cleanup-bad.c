// As 107-build-value-in-cleanup-good.c, but the helper returns the
// reference its cleanup attribute releases on the way out.
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
	return ans; // expect-error[MOJO-OWN-103] {{new reference 'ans' from 'Py_BuildValue' is returned after it was released}}
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
