// The handler of pybind11-caught-error-fetch-good.cpp after e.restore(),
// which puts the error back: the fetch takes three references again, and
// the traceback is leaked.
#include <pybind11/pybind11.h>

namespace py = pybind11;

py::object contains(py::object self, py::object node)
{
	try {
		return self.attr("nodes").attr("__contains__")(node);
	} catch (py::error_already_set &e) {
		e.restore();
		PyObject *type, *value, *traceback;
		PyErr_Fetch(&type, &value, &traceback);
		Py_XDECREF(type);
		Py_XDECREF(value);
		return py::cast(false); // expect-warning[MOJO-OWN-101] {{new reference 'traceback' from 'PyErr_Fetch' is never released}}
	}
}
