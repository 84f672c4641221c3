// A scope guard declared as a class local to the function, as Boost's
// BOOST_SCOPE_EXIT(&text) { Py_XDECREF(text); } BOOST_SCOPE_EXIT_END
// declares one: its destructor runs a body that releases the variables it
// names, the guard's parameters taking their names. The tool does not
// analyze a local class's member functions; what the function's
// variables of those names hold is the guard's to release (mworks'
// formatException, blind C++ round 118), also what a call writes into
// them through their address (PyErr_Fetch's). local-scope-guard-bad.cpp
// leaks a variable the guard does not name.
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

std::string describe_error()
{
	std::string msg;
	PyObject *type = nullptr, *value = nullptr, *tb = nullptr;
	struct guard_t {
		PyObject ***p;
		static void body(PyObject *&type, PyObject *&value,
				 PyObject *&tb)
		{
			Py_XDECREF(type);
			Py_XDECREF(value);
			Py_XDECREF(tb);
		}
		~guard_t() { body(*p[0], *p[1], *p[2]); }
	};
	PyObject **ps[3] = {&type, &value, &tb};
	guard_t guard{ps};
	PyErr_Fetch(&type, &value, &tb);
	PyErr_NormalizeException(&type, &value, &tb);
	if (type && value)
		msg = "error";
	return msg;
}
