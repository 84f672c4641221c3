// A scope guard declared as a class local to the function, as Boost's
// BOOST_SCOPE_EXIT(&text) { Py_XDECREF(text); } BOOST_SCOPE_EXIT_END
// declares one: its destructor runs a body that releases the variables it
// names, the guard's parameters taking their names. The tool does not
// analyze a local class's member functions; what the function's
// variables of those names hold is the guard's to release (mworks'
// formatException, blind C++ round 118). local-scope-guard-bad.cpp leaks
// a variable the guard does not name.
// expect-no-diagnostics
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
	if ((text = PyObject_Str(o))) {
		const char *s = PyUnicode_AsUTF8(text);
		msg = s ? s : "";
	}
	return msg;
}
