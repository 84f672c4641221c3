// PyCXX's helpers defined in its own sources, not in the project's files
// (IndirectPythonInterface.cxx): `Py::_XDECREF`, through which
// `Py::Object`'s destructor releases its handle, and `_Exc_TypeError()`,
// which returns the static PyExc_TypeError (resiprocate's PyCXX glue).
// expect-no-diagnostics
#include <Python.h>
#include <string>

namespace Py {
void _XINCREF(PyObject *op);
void _XDECREF(PyObject *op);
PyObject *_Exc_TypeError();
class Object {
public:
	explicit Object(PyObject *pyob, bool owned = false) : p(pyob)
	{
		if (!owned)
			Py::_XINCREF(p);
	}
	virtual ~Object() { Py::_XDECREF(p); }
	PyObject *ptr() const { return p; }

private:
	PyObject *p;
};
struct BaseException {};
struct TypeError : BaseException {
	explicit TypeError(const std::string &reason)
	{
		PyErr_SetString(_Exc_TypeError(), reason.c_str());
	}
};
} // namespace Py

long response_code(PyObject *response)
{
	Py::Object code(PyNumber_Long(response), true);
	if (code.ptr() == NULL)
		return -1;
	return PyLong_AsLong(code.ptr());
}

PyObject *log_info(PyObject *args)
{
	if (PyTuple_GET_SIZE(args) != 1)
		throw Py::TypeError("one argument");
	Py_RETURN_NONE;
}
