// A helper whose body ends with a bare `throw;` (credence's
// Python_Loader_Error(), C++ round 101) never returns: with no exception
// being handled it calls std::terminate, in a handler it rethrows. The
// paths past its calls, where `f` is NULL or `m` released, do not exist.
// expect-no-diagnostics
#include <Python.h>
#include <string>

static inline void loader_error()
{
	PyErr_Print();
	throw;
}

std::string call(const char *module, const char *fn)
{
	PyObject *m = PyImport_ImportModule(module);
	if (!m)
		loader_error();
	PyObject *d = PyModule_GetDict(m);
	PyObject *f = PyDict_GetItemString(d, fn);
	if (!f) {
		Py_DECREF(m);
		loader_error();
	}
	PyObject *r = PyObject_CallObject(f, nullptr);
	std::string s = r ? PyUnicode_AsUTF8(r) : "";
	Py_XDECREF(r);
	Py_DECREF(m);
	return s;
}
