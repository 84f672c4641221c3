// As bare-rethrow-helper-good.cpp, but the path that does not call the
// helper returns without releasing `m`.
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
	if (!f)
		return ""; // expect-warning[MOJO-OWN-101] {{new reference 'm' from 'PyImport_ImportModule' is never released}}
	PyObject *r = PyObject_CallObject(f, nullptr);
	std::string s = r ? PyUnicode_AsUTF8(r) : "";
	Py_XDECREF(r);
	Py_DECREF(m);
	return s;
}
