// A `throw;` in a handler passes the exception on: what the function
// still owns there is leaked when it leaves.
#include <Python.h>
#include <stdexcept>

static void parse(const char *s)
{
	if (!*s)
		throw std::invalid_argument("empty");
}

PyObject *parsed(const char *s)
{
	PyObject *list = PyList_New(0);
	if (!list)
		return NULL;
	try {
		parse(s);
	} catch (const std::exception &) {
		PyErr_SetString(PyExc_ValueError, "bad input");
		throw; // expect-warning[MOJO-OWN-105] {{new reference 'list' from 'PyList_New' is leaked when the exception leaves 'parsed'}}
	}
	return list;
}
