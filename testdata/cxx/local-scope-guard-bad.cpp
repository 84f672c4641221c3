// A scope guard local to the function releases the variable it names
// (local-scope-guard-good.cpp); one it does not name, made after it, is
// still this function's to release, and leaks.
#include <Python.h>
#include <string>

std::string describe(PyObject *o)
{
	std::string msg;
	PyObject *text = nullptr;
	struct guard_t {
		PyObject **p;
		static void body(PyObject *&text) { Py_XDECREF(text); }
		~guard_t() { body(*p); }
	} guard{&text};
	PyObject *kind = PyObject_GetAttrString(o, "kind");
	if ((text = PyObject_Str(o))) {
		const char *s = PyUnicode_AsUTF8(text);
		msg = s ? s : "";
	}
	return msg; // expect-warning[MOJO-OWN-101] {{new reference 'kind' from 'PyObject_GetAttrString' is never released}}
}
