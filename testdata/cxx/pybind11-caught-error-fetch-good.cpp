// A handler of py::error_already_set that calls PyErr_Fetch (easygraph's
// graph methods): the exception's constructor took the Python error out
// of the indicator, so the handler starts with none set and the fetch
// gives three NULLs: nothing to leak on any of its paths.
#include <pybind11/pybind11.h>

namespace py = pybind11;

// expect-no-diagnostics

py::object contains(py::object self, py::object node)
{
	try {
		return self.attr("nodes").attr("__contains__")(node);
	} catch (const py::error_already_set &) {
		PyObject *type, *value, *traceback;
		PyErr_Fetch(&type, &value, &traceback);
		if (PyErr_GivenExceptionMatches(PyExc_TypeError, type))
			return py::cast(false);
		PyErr_Restore(type, value, traceback);
		throw;
	}
}
